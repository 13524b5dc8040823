#!/usr/bin/env node
// GestCava test runner behind `npm test`.
//
// Runs every test layer in order, always all of them even when one fails, reads each runner's JSON
// report and ends with one line `N passed, N failed` (what CI reads). Exit code 1 when anything failed.
//
//   node scripts/test.mjs                    all layers
//   node scripts/test.mjs server web         only the named layers (contracts, server, server-pg, web, e2e)
//   node scripts/test.mjs server -- test/backup.test.ts   arguments after `--` go to each runner
//
// Layers: contracts (Vitest), server on PGlite (Vitest), the same server suite on PostgreSQL when
// TEST_DATABASE_URL is set, web unit (Vitest), web end-to-end (Playwright). A layer that does not exist
// yet (no config or no test files) is reported as skipped; a runner that crashed or wrote no report
// counts as at least one failure. TEST_LAYER_TIMEOUT_MINUTES (default 45) stops a layer that hangs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-test-'));
const LAYER_TIMEOUT_MS = Number(process.env.TEST_LAYER_TIMEOUT_MINUTES || 45) * 60_000;
const isWindows = process.platform === 'win32';
const npx = isWindows ? 'npx.cmd' : 'npx';
const npm = isWindows ? 'npm.cmd' : 'npm';

/** Test files under `dir` whose name matches `re`, skipping node_modules and build output. */
function hasFiles(dir, re) {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return false;
  const stack = [abs];
  while (stack.length) {
    const d = stack.pop();
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (
          !['node_modules', 'dist', '.git', 'test-results', 'playwright-report'].includes(
            entry.name,
          )
        ) {
          stack.push(path.join(d, entry.name));
        }
      } else if (re.test(entry.name)) {
        return true;
      }
    }
  }
  return false;
}

const VITEST_FILE = /\.(test|spec)\.(c|m)?[jt]sx?$/;
const exists = (p) => fs.existsSync(path.join(ROOT, p));

function vitestArgs(report) {
  return ['--reporter=default', '--reporter=json', `--outputFile=${report}`];
}

/** Env for the PGlite run: never leak TEST_DATABASE_URL/DATABASE_URL into it. */
function envWithout(...names) {
  const env = { ...process.env };
  for (const n of names) delete env[n];
  return env;
}

const LAYERS = [
  {
    id: 'contracts',
    title: 'contracts (Vitest)',
    kind: 'vitest',
    present: () =>
      hasFiles('packages/contracts/src', VITEST_FILE) ||
      hasFiles('packages/contracts/test', VITEST_FILE),
    command: (report, extra) => [
      npx,
      ['vitest', 'run', '--root', 'packages/contracts', ...vitestArgs(report), ...extra],
    ],
    env: () => envWithout('TEST_DATABASE_URL', 'DATABASE_URL'),
  },
  {
    id: 'server',
    title: 'server on PGlite (Vitest)',
    kind: 'vitest',
    present: () =>
      hasFiles('apps/server/src', VITEST_FILE) || hasFiles('apps/server/test', VITEST_FILE),
    command: (report, extra) => [
      npx,
      ['vitest', 'run', '--root', 'apps/server', ...vitestArgs(report), ...extra],
    ],
    env: () => envWithout('TEST_DATABASE_URL', 'DATABASE_URL'),
  },
  {
    id: 'server-pg',
    title: 'server on PostgreSQL (Vitest)',
    kind: 'vitest',
    present: () =>
      hasFiles('apps/server/src', VITEST_FILE) || hasFiles('apps/server/test', VITEST_FILE),
    skipReason: () =>
      process.env.TEST_DATABASE_URL
        ? undefined
        : 'TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:54330/gestcava_test)',
    command: (report, extra) => [
      npx,
      ['vitest', 'run', '--root', 'apps/server', ...vitestArgs(report), ...extra],
    ],
    env: () => envWithout('DATABASE_URL'),
  },
  {
    id: 'web',
    title: 'web unit (Vitest)',
    kind: 'vitest',
    present: () => hasFiles('apps/web/src', VITEST_FILE) || hasFiles('apps/web/test', VITEST_FILE),
    command: (report, extra) => [
      npm,
      ['run', 'test', '-w', '@gestcava/web', '--', ...vitestArgs(report), ...extra],
    ],
    env: () => envWithout('TEST_DATABASE_URL', 'DATABASE_URL'),
  },
  {
    id: 'e2e',
    title: 'web end-to-end (Playwright)',
    kind: 'playwright',
    present: () =>
      (exists('apps/web/playwright.config.ts') || exists('apps/web/playwright.config.js')) &&
      hasFiles('apps/web/e2e', /\.(spec|test)\.[jt]sx?$/),
    command: (_report, extra) => [
      npm,
      ['run', 'e2e', '-w', '@gestcava/web', '--', '--reporter=list,json', ...extra],
    ],
    env: (report) => ({
      ...envWithout('TEST_DATABASE_URL', 'DATABASE_URL'),
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    }),
  },
];

const ALIASES = { pg: 'server-pg', postgres: 'server-pg', unit: 'web', playwright: 'e2e' };

function parseArgs(argv) {
  const dash = argv.indexOf('--');
  const names = (dash >= 0 ? argv.slice(0, dash) : argv).map((n) => ALIASES[n] ?? n);
  const extra = dash >= 0 ? argv.slice(dash + 1) : [];
  const unknown = names.filter((n) => !LAYERS.some((l) => l.id === n));
  if (unknown.length) {
    console.error(
      `Unknown layer(s): ${unknown.join(', ')}. Known: ${LAYERS.map((l) => l.id).join(', ')}`,
    );
    process.exit(2);
  }
  return { names, extra };
}

function run(cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: !isWindows,
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`\n[test] layer exceeded ${LAYER_TIMEOUT_MS / 60_000} min: stopping it`);
      try {
        process.kill(isWindows ? child.pid : -child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, LAYER_TIMEOUT_MS);
    child.on('error', (err) => {
      clearTimeout(timer);
      console.error(`[test] could not start ${cmd}: ${err.message}`);
      resolve({ code: 127, timedOut });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), timedOut });
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Counts from a report; a non-zero exit without a counted failure still counts as one failure. */
function count(kind, report, code) {
  const r = readJson(report);
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let note = '';
  if (!r) {
    note = 'no report (runner crashed?)';
    failed = 1;
  } else if (kind === 'vitest') {
    // A file that failed to load (or whose hooks failed) has no failed test of its own: count it as one.
    const brokenFiles = (r.testResults ?? []).filter(
      (f) =>
        f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
    ).length;
    passed = r.numPassedTests ?? 0;
    failed = (r.numFailedTests ?? 0) + brokenFiles;
    skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    if (brokenFiles) note = `${brokenFiles} test file(s) failed to load or set up`;
    if (code !== 0 && failed === 0) {
      failed = 1;
      note = `exit code ${code} (unhandled error?)`;
    }
  } else {
    const s = r.stats ?? {};
    passed = s.expected ?? 0;
    failed = (s.unexpected ?? 0) + (s.flaky ?? 0);
    skipped = s.skipped ?? 0;
    if (s.flaky) note = `${s.flaky} flaky`;
    if (code !== 0 && failed === 0) {
      failed = 1;
      note = r.errors?.length
        ? `error: ${String(r.errors[0]?.message ?? '')
            .split('\n')[0]
            .slice(0, 120)}`
        : `exit code ${code}`;
    }
  }
  return { passed, failed, skipped, note, failures: failedTests(kind, r) };
}

/**
 * The failed tests' names and first error lines, printed again beside the summary: CI shows only
 * the tail of the log, and a count without a name cannot be chased.
 */
function failedTests(kind, r) {
  if (!r) return [];
  const firstLine = (msg) =>
    String(msg ?? '')
      .split('\n')
      .find((l) => l.trim())
      ?.trim()
      .slice(0, 200) ?? '';
  if (kind === 'vitest') {
    return (r.testResults ?? []).flatMap((f) => {
      const file = path.relative(ROOT, f.name ?? '');
      const failedAssertions = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
      if (f.status === 'failed' && failedAssertions.length === 0) {
        return [`${file}: ${firstLine(f.message) || 'failed to load or set up'}`];
      }
      return failedAssertions.map(
        (a) => `${file} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`,
      );
    });
  }
  const out = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected' || t.status === 'flaky') {
          const err = t.results?.find((res) => res.error)?.error?.message;
          out.push(`${file} › ${spec.title} (${t.status}): ${firstLine(err)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of r.suites ?? []) walk(suite, suite.file ?? '');
  return out;
}

const fmtSecs = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const { names, extra } = parseArgs(process.argv.slice(2));
  const selected = names.length ? LAYERS.filter((l) => names.includes(l.id)) : LAYERS;
  const results = [];

  for (const layer of selected) {
    const reason = !layer.present() ? 'no tests yet' : layer.skipReason?.();
    if (reason) {
      console.log(`\n=== ${layer.title}: SKIPPED (${reason})`);
      results.push({
        layer,
        status: 'skipped',
        passed: 0,
        failed: 0,
        skipped: 0,
        note: reason,
        ms: 0,
      });
      continue;
    }
    const report = path.join(TMP, `${layer.id}.json`);
    fs.rmSync(report, { force: true });
    const [cmd, args] = layer.command(report, extra);
    console.log(`\n=== ${layer.title}: ${path.basename(cmd)} ${args.join(' ')}`);
    const start = Date.now();
    const { code, timedOut } = await run(cmd, args, layer.env(report));
    const ms = Date.now() - start;
    const c = count(layer.kind, report, code);
    if (timedOut) {
      c.failed = Math.max(1, c.failed);
      c.note = 'timed out';
    }
    const status = c.failed > 0 ? 'FAILED' : 'ok';
    console.log(
      `=== ${layer.title}: ${status}, ${c.passed} passed, ${c.failed} failed (${fmtSecs(ms)})`,
    );
    results.push({ layer, status, ...c, ms });
  }

  const passed = results.reduce((s, r) => s + r.passed, 0);
  const failed = results.reduce((s, r) => s + r.failed, 0);
  console.log('\nTest layers:');
  for (const r of results) {
    const counts =
      r.status === 'skipped'
        ? `(${r.note})`
        : `${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`;
    const extraNote = r.note && r.status !== 'skipped' ? ` [${r.note}]` : '';
    console.log(
      `  ${r.layer.id.padEnd(10)} ${r.status.padEnd(8)} ${counts}${extraNote}${r.ms ? `  ${fmtSecs(r.ms)}` : ''}`,
    );
  }
  const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `  [${r.layer.id}] ${f}`));
  if (failures.length) console.log(`\nFailed tests:\n${failures.slice(0, 20).join('\n')}`);
  fs.rmSync(TMP, { recursive: true, force: true });
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
