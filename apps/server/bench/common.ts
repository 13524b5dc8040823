/** What the benchmark sections share: the result row, statistics and formatting, load generators, servers. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawn, spawnSync } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import autocannon from 'autocannon';
import * as prettier from 'prettier';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { openDatabase } from '../src/db/client.js';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo.js';

export const root = path.resolve(import.meta.dirname, '../../..');

/** One line of a section's results table. */
export interface BenchRow {
  goal: string;
  measured: string;
  target: string;
  pass: boolean;
}

export const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
export const ms = (n: number) => `${n.toFixed(1)} ms`;
export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export interface Load {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function summarise(latencies: number[], seconds: number, errors: number): Load {
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    errors,
  };
}

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

/** Runs `task` with 10 in flight for the duration: the baseline of the same work without HTTP. */
export async function rawLoop(task: () => Promise<unknown>): Promise<Load> {
  // warmed as the HTTP side is (autocannon's first seconds): every connection of a pool opened
  // and its statements prepared before the clock starts
  const warm = async () => {
    for (let i = 0; i < 2; i++) await task();
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, warm));
  const latencies: number[] = [];
  const until = performance.now() + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        await task();
        latencies.push(performance.now() - t);
      }
    }),
  );
  return summarise(latencies, DURATION_S, 0);
}

/** `connections` requests in flight for the duration (10 unless told: one user is 1). */
export async function httpLoad(
  url: string,
  token: string,
  connections = CONNECTIONS,
): Promise<Load> {
  await autocannon({
    url,
    connections,
    duration: 2,
    headers: { authorization: `Bearer ${token}` },
  });
  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: DURATION_S, headers: { authorization: `Bearer ${token}` } },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, status, _bytes, time) => {
      if (status !== 200) errors++;
      latencies.push(time);
    });
  });
  return summarise(latencies, DURATION_S, errors + result.errors + result.timeouts);
}

export const fmt = (l: Load) =>
  `${l.rps.toFixed(0)} req/s, p50 ${ms(l.p50)}, p95 ${ms(l.p95)}, p99 ${ms(l.p99)}${l.errors ? `, ${l.errors} errors` : ''}`;

/** Logs in through the API as the browser does (CSRF token first) and returns the access token. */
export async function accessToken(base: string, email: string, password: string) {
  const csrf = ((await (await fetch(`${base}/api/token`)).json()) as { csrfToken: string })
    .csrfToken;
  const login = await fetch(`${base}/user/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': csrf,
      cookie: `XSRF-TOKEN=${csrf}`,
    },
    body: JSON.stringify({ email, password }),
  });
  return ((await login.json()) as { user: { accessToken: string } }).user.accessToken;
}

/** The app in this process on a fresh PGlite with the demo data; `withWeb` also serves apps/web/dist. */
export async function startServer(withWeb: boolean) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    // P6 sends 20 logins of one account from one address at once: every attempt is counted before
    // it is verified, so the pair limit (10 by default) would answer 429 to half of them.
    LOGIN_MAX_FAILURES_PAIR: '100000',
    LOGIN_MAX_FAILURES_ACCOUNT: '100000',
    LOGIN_MAX_FAILURES_IP: '100000',
    // The per-user limits (plugins/rate-limits.ts) would answer 429 to a benchmark's one user.
    RATE_LIMIT_UPLOADS: '100000',
    RATE_LIMIT_EXPORTS: '100000',
    RATE_LIMIT_EXPORTS_AT_ONCE: '1000',
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

/** The environment of the benchmark database (BENCH_DATA_DIR, or bench/out/data), filled by seed:bench. */
export function seededBenchEnv(databaseUrl?: string): NodeJS.ProcessEnv {
  const dataDir = process.env.BENCH_DATA_DIR ?? path.join(root, 'bench/out/data');
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    LOG_LEVEL: 'warn',
  };
  const seeded = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'apps/server/src/cli/seed-bench.ts')],
    { env, stdio: 'inherit' },
  );
  if (seeded.status !== 0) throw new Error('seed:bench failed');
  return env;
}

/** The real server (main.ts) on a benchmark database, with a logged-in demo user's token. */
export async function spawnServer(env: NodeJS.ProcessEnv, email = 'produzione@cava.example') {
  const port = 39000 + Math.floor(Math.random() * 1000);
  // As scripts/start.mjs starts it.
  const server = spawn(
    process.execPath,
    [
      // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
      '--import',
      'tsx',
      path.join(root, 'apps/server/src/main.ts'),
    ],
    {
      cwd: root,
      env: {
        ...env,
        PORT: String(port),
        NODE_OPTIONS: [env.NODE_OPTIONS, '--max-semi-space-size=32'].filter(Boolean).join(' '),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    await new Promise<void>((resolve, reject) => {
      // the line may come in two chunks, split inside its "è"
      const decoder = new StringDecoder('utf8');
      let seen = '';
      const ready = (d: Buffer) => {
        seen = (seen + decoder.write(d)).slice(-4096);
        if (!seen.includes('GestCava è pronto')) return;
        // From here its log (two lines a request) is read and dropped, not decoded in the process
        // that drives the load.
        server.stdout.off('data', ready);
        server.stdout.resume();
        resolve();
      };
      server.stdout.on('data', ready);
      server.on('exit', () => reject(new Error('server exited')));
    });
    const base = `http://127.0.0.1:${port}`;
    const token = await accessToken(base, email, DEMO_PASSWORD);
    return {
      base,
      token,
      pid: server.pid!,
      kill: () => server.kill('SIGTERM'),
      /** Stops the server and waits until it has exited (its profile written). */
      stop: () =>
        new Promise<void>((resolve) => {
          if (server.exitCode !== null) return resolve();
          server.once('exit', () => resolve());
          server.kill('SIGTERM');
        }),
    };
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }
}

/** `/api/health` latencies, one probe at a time 10 ms apart, until `work` settles. */
export async function healthDuring(base: string, work: Promise<unknown>): Promise<number[]> {
  let done = false;
  void work.finally(() => (done = true));
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return latencies;
}

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICK_US = 10_000;

/** The process's user and system time so far, in µs. */
export function cpuOf(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the fields after the command name, which is in parentheses and may hold spaces
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) * TICK_US, system: Number(fields[12]) * TICK_US };
}

/**
 * User + system time so far of each PostgreSQL session on `database` (their process titles name
 * it), in µs by process id: what a load costs the database, when it runs on this machine. Other
 * databases' sessions (tests on the same server) are not counted, nor are parallel query workers,
 * whose titles name no database and which end within the statement: the mix's plans have no
 * `Gather` (docs/query-plans-mixed-postgres.md); a plan that gets one is undercounted.
 */
export function databaseSessions(database: string): Map<number, number> {
  const sessions = new Map<number, number>();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || !title.includes(` ${database} `)) continue;
      const { user, system } = cpuOf(Number(pid));
      sessions.set(Number(pid), user + system);
    } catch {
      // the process ended meanwhile
    }
  }
  return sessions;
}

/**
 * The database's CPU time (µs) since `before` (`databaseSessions`), session by session: a session
 * opened since counts from its start; one that ended since is left out, its earlier life with it (a
 * pool closes a connection idle for 10 s, and a plain total then went down). What an ended session
 * spent before it ended is lost, so a measure keeps its pools busy, as the benches do.
 */
export function databaseCpuSince(database: string, before: Map<number, number>): number {
  let spent = 0;
  for (const [pid, total] of databaseSessions(database)) spent += total - (before.get(pid) ?? 0);
  return spent;
}

/**
 * Writes a Markdown file of the bench (results, query plans) as Prettier formats it: the files are
 * committed, and `npm run lint` checks every Markdown file of the repository.
 */
export async function writeMarkdown(file: string, text: string) {
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
}
