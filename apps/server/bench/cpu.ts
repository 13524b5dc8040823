/**
 * `npm run bench -- cpu-per-request`: the server's own CPU time per request, route by route, for the
 * routes of the scale-out mix (docs/performance.md "CPU per request"). One real server on the
 * PostgreSQL benchmark database (BENCH_DATABASE_URL, with REDIS_URL when given, as the mix runs it);
 * each route is asked `BENCH_CPU_REQUESTS` times (2 000 unless told) at 4 in flight, and the server
 * process's user + system time (`/proc/<pid>/stat`: every thread, garbage collection and compression
 * included) is read before and after, and so is that of the PostgreSQL sessions on the benchmark
 * database when PostgreSQL runs on this machine (what the route costs the database). Unlike a latency, this figure hardly moves when other work
 * shares the machine: it is what each request costs, not how long it waited for a core.
 * BENCH_CPU_PROF=<dir> also writes the server's V8 CPU profile there (`bench/cpuprofile-top.mjs` sums it).
 * Not in CI.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  cpuOf,
  databaseCpuSince,
  databaseSessions,
  quantile,
  seededBenchEnv,
  spawnServer,
  type BenchRow,
} from './common.js';
import { routesOf } from './mixed.js';

const REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 2000);
const IN_FLIGHT = 4;
const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 3);
/** BENCH_CPU_ROUTES=dashboard,collaudi: only the routes whose name contains one of these (for a profile of one route). */
const ONLY = process.env.BENCH_CPU_ROUTES?.split(',').filter(Boolean);
async function drive(base: string, token: string, route: string, amount: number) {
  let failed = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}${route}`,
        connections: IN_FLIGHT,
        amount,
        // as a browser asks, so compression is counted as in the mix
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, status) => {
      if (status !== 200) failed++;
    });
  });
  return failed + result.errors + result.timeouts;
}

export async function benchCpuPerRequest(): Promise<BenchRow[]> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) return [];
  const env = seededBenchEnv(databaseUrl);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-cpu-'));
  const server = await spawnServer(
    {
      ...env,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      DATA_DIR: scratch,
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '5',
      LOGIN_MAX_FAILURES_PAIR: '100000',
    },
    'admin@cava.example',
  );
  try {
    const routes = [
      ...(await routesOf(server.base, server.token)),
      { name: 'health (floor: no session, no database)', path: '/api/health' },
    ].filter((route) => !ONLY || ONLY.some((name) => route.name.includes(name)));
    // warm: code compiled and optimised, kept figures and sessions in place
    for (const route of routes) await drive(server.base, server.token, route.path, 300);
    // what the process burns doing nothing for as long as a route takes, subtracted below
    const idleFrom = cpuOf(server.pid);
    const idleStart = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleTo = cpuOf(server.pid);
    const idlePerMs =
      (idleTo.user + idleTo.system - idleFrom.user - idleFrom.system) /
      (performance.now() - idleStart);

    const database = new URL(databaseUrl).pathname.slice(1);
    const samples = routes.map(() => [] as number[]);
    const databaseSamples = routes.map(() => [] as number[]);
    const systemShare = routes.map(() => [] as number[]);
    const errors = routes.map(() => 0);
    // rounds over all routes, so a burst of other work on the machine falls on several routes a little
    for (let round = 0; round < ROUNDS; round++)
      for (const [i, route] of routes.entries()) {
        const from = cpuOf(server.pid);
        const databaseFrom = databaseSessions(database);
        const started = performance.now();
        errors[i]! += await drive(server.base, server.token, route.path, REQUESTS);
        const to = cpuOf(server.pid);
        databaseSamples[i]!.push(databaseCpuSince(database, databaseFrom) / REQUESTS);
        const burnt =
          to.user + to.system - from.user - from.system - idlePerMs * (performance.now() - started);
        samples[i]!.push(burnt / REQUESTS);
        systemShare[i]!.push(
          (to.system - from.system) / (to.user + to.system - from.user - from.system),
        );
      }
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
    return [
      {
        goal: `Setting: one server on PostgreSQL, ${REQUESTS} requests a route × ${ROUNDS} rounds, ${IN_FLIGHT} in flight, as the admin with br/gzip; idle ${(idlePerMs * 1000).toFixed(0)} µs/s subtracted; load average ${load}`,
        measured: 'median of the rounds (least–most)',
        target: 'reported',
        pass: true,
      },
      ...routes.map((route, i) => {
        const s = [...samples[i]!].sort((a, b) => a - b);
        return {
          goal: `CPU per request, ${route.name}`,
          measured: `${s[Math.floor(s.length / 2)]!.toFixed(0)} µs (${s[0]!.toFixed(0)}–${s.at(-1)!.toFixed(0)}), ${(100 * quantile(systemShare[i]!, 0.5)).toFixed(0)} % system; PostgreSQL ${quantile(databaseSamples[i]!, 0.5).toFixed(0)} µs${errors[i] ? `, ${errors[i]} errors` : ''}`,
          target: 'reported',
          pass: errors[i] === 0,
        };
      }),
    ];
  } finally {
    await server.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
