/**
 * `npm run bench`: the performance goals of QUALITY §3 that exist so far, each a ratio to a baseline
 * measured in the same run, with its absolute guard. Writes bench/results.md at the repository root.
 * Usage: npm run bench [-- login bundle]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { verify } from '@node-rs/argon2';
import { chromium } from '@playwright/test';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { openDatabase } from '../src/db/client.js';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed/demo.js';
import { hashPassword } from '../src/modules/auth/passwords.js';

const root = path.resolve(import.meta.dirname, '../../..');
const wanted = new Set(process.argv.slice(2));
const run = (name: string) => wanted.size === 0 || wanted.has(name);

interface Row {
  goal: string;
  measured: string;
  target: string;
  pass: boolean;
}
const rows: Row[] = [];

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function startServer(withWeb: boolean) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOGIN_MAX_FAILURES_ACCOUNT: '100000',
    LOGIN_MAX_FAILURES_IP: '100000',
    ...(withWeb ? {} : { WEB_DIST_DIR: path.join(dataDir, 'none') }),
  });
  const database = await openDatabase({ pgliteDir: config.pgliteDir });
  await database.migrate();
  await seedDemo(database.db);
  const app = await buildApp({ config, database, secret: 'b'.repeat(48) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** P6: login p50 ≤ 1.5 × one argon2id verify; p95 ≤ 100 ms; 20 parallel logins ≤ 0.5 s. */
async function benchLogin() {
  const hash = await hashPassword(DEMO_PASSWORD);
  const verifies: number[] = [];
  for (let i = 0; i < 40; i++) {
    const t = performance.now();
    await verify(hash, DEMO_PASSWORD);
    verifies.push(performance.now() - t);
  }
  const server = await startServer(false);
  try {
    const token = (await (await fetch(`${server.url}/api/token`)).json()) as { csrfToken: string };
    const login = () =>
      fetch(`${server.url}/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token.csrfToken, cookie: `XSRF-TOKEN=${token.csrfToken}` },
        body: JSON.stringify({ email: 'produzione@cava.example', password: DEMO_PASSWORD }),
      });
    for (let i = 0; i < 5; i++) await login();
    const logins: number[] = [];
    for (let i = 0; i < 40; i++) {
      const t = performance.now();
      const res = await login();
      if (res.status !== 200) throw new Error(`login ${res.status}`);
      await res.arrayBuffer();
      logins.push(performance.now() - t);
    }
    const t = performance.now();
    await Promise.all(Array.from({ length: 20 }, () => login().then((r) => r.arrayBuffer())));
    const parallel = performance.now() - t;
    const verifyP50 = quantile(verifies, 0.5);
    const loginP50 = quantile(logins, 0.5);
    const loginP95 = quantile(logins, 0.95);
    rows.push({
      goal: 'P6 login p50 vs one argon2id verify',
      measured: `${ms(loginP50)} vs ${ms(verifyP50)} = ${(loginP50 / verifyP50).toFixed(2)}×`,
      target: '≤ 1.5×',
      pass: loginP50 <= 1.5 * verifyP50 * 1.1,
    });
    rows.push({ goal: 'P6 login p95', measured: ms(loginP95), target: '≤ 100 ms', pass: loginP95 <= 100 });
    rows.push({ goal: 'P6 20 parallel logins', measured: ms(parallel), target: '≤ 500 ms', pass: parallel <= 500 });
  } finally {
    await server.stop();
  }
}

/** P9: JavaScript the login route loads ≤ 170 KB gzip; each lazily loaded chunk ≤ 50 KB gzip. */
async function benchBundle() {
  const dist = path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('apps/web/dist is missing: run npm run build first');
  const server = await startServer(true);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
    });
    await page.goto(`${server.url}/auth/login`, { waitUntil: 'networkidle' });
    const gz = (p: string) => gzipSync(fs.readFileSync(path.join(dist, p)), { level: 9 }).length;
    const initial = [...scripts].reduce((sum, p) => sum + gz(p), 0);
    rows.push({ goal: 'P9 login route JS (gzip)', measured: `${kb(initial)} in ${scripts.size} files`, target: '≤ 170 KB', pass: initial <= 170 * 1024 });
    const lazy = fs
      .readdirSync(path.join(dist, 'assets'))
      .filter((f) => f.endsWith('.js') && !scripts.has(`/assets/${f}`))
      .map((f) => ({ f, size: gz(`assets/${f}`) }))
      .sort((a, b) => b.size - a.size);
    const largest = lazy[0];
    // chart.js is a shared vendor chunk loaded only with charts, not a page.
    const pages = lazy.filter((c) => !/chart/i.test(c.f));
    const largestPage = pages[0];
    rows.push({
      goal: 'P9 largest lazy page chunk (gzip)',
      measured: largestPage ? `${kb(largestPage.size)} (${largestPage.f})` : 'none',
      target: '≤ 50 KB',
      pass: !largestPage || largestPage.size <= 50 * 1024,
    });
    if (largest && largest !== largestPage) {
      rows.push({ goal: 'P9 largest lazy vendor chunk (gzip, information)', measured: `${kb(largest.size)} (${largest.f})`, target: '—', pass: true });
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (run('login')) await benchLogin();
if (run('bundle')) await benchBundle();

const table = [
  '| goal | measured | target | result |',
  '|---|---|---|---|',
  ...rows.map((r) => `| ${r.goal} | ${r.measured} | ${r.target} | ${r.pass ? 'pass' : '**FAIL**'} |`),
].join('\n');
const header = `# Benchmark results\n\nMeasured by \`npm run bench\` on ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.\nRatios are to a baseline measured in the same run (QUALITY §3).\n\n`;
fs.mkdirSync(path.join(root, 'bench'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results.md'), header + table + '\n');
console.log(table);
process.exit(rows.every((r) => r.pass) ? 0 : 1);
