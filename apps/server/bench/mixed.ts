/**
 * The scale-out read mix (docs/performance.md "Fifty connections over two instances"): two real servers
 * on one PostgreSQL (BENCH_DATABASE_URL, 100 000 blocchi from seed:bench) and one Redis (REDIS_URL),
 * 50 connections split between them, each cycling through what the screens ask most: the blocchi list
 * (first and deep page), a block's detail and history, the text search, the dashboard, the giacenze and
 * the collaudi list. Beside each route, in the same run, its raw SQL loop: the statements the route ran
 * (recorded from one request through the app in this process), replayed straight to PostgreSQL through a
 * pool as large as the two servers' pools together, at the same 50 in flight, statements the route
 * issues together replayed together. Not in CI.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { POSTGRES_SESSION_OPTIONS } from '../src/db/client.js';
import {
  cpuOf,
  databaseCpuSince,
  databaseSessions,
  ms,
  quantile,
  root,
  seededBenchEnv,
  spawnServer,
  writeMarkdown,
  type BenchRow,
} from './common.js';
import {
  recordRoutes,
  replay,
  replayPool,
  statementText,
  type RecordedRoute,
  type RouteToRecord,
} from './recorded.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
/** The raw loop's and the full stack's seconds, each cut in this many turns. */
const SLICES = 3;
/**
 * The first second of each turn is not counted, on either side: all 50 loops start at once (in the
 * first turn the raw pool's connections also open and prepare their statements; every HTTP turn
 * connects anew), and those first answers set the p99 (docs/performance.md "The raw loop's own start").
 */
const SETTLE_MS = 1000;
const CONNECTIONS = 50;
const INSTANCES = 2;
/** Each instance's pool (DATABASE_POOL_SIZE as the servers are given it): 5 unless told, see docs/performance.md. */
const POOL = Number(process.env.DATABASE_POOL_SIZE ?? 5);
const EMAIL = 'admin@cava.example';

interface RouteLoad {
  latencies: number[];
  bytes: number[];
  errors: number;
  /** Every answer of the turns, the uncounted first second's too (the CPU per request divides by it). */
  answered: number;
}

/** CPU time (µs) each kind of process spent on one side's turns, read from /proc. */
interface SideCpu {
  database: number;
  servers: number;
  /** This process: the raw loop's client, or autocannon. */
  load: number;
}

/**
 * What a turn costs each kind of process: PostgreSQL's sessions on the bench database (0 when it runs
 * on another machine), the servers, and this process, which drives the load.
 */
async function measuredTurn(
  database: string,
  serverPids: number[],
  into: SideCpu,
  turn: () => Promise<unknown>,
) {
  const processes = () => {
    const own = process.cpuUsage();
    return {
      servers: serverPids.map(cpuOf).reduce((a, { user, system }) => a + user + system, 0),
      load: own.user + own.system,
    };
  };
  const sessions = databaseSessions(database);
  const from = processes();
  await turn();
  const to = processes();
  into.database += databaseCpuSince(database, sessions);
  into.servers += to.servers - from.servers;
  into.load += to.load - from.load;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

const emptyLoads = (routes: RecordedRoute[]) =>
  routes.map<RouteLoad>(() => ({ latencies: [], bytes: [], errors: 0, answered: 0 }));

/** A side's CPU per answer, in µs (the servers idle through the raw loop's turns: not counted there). */
function cpuPerRequest(cpu: SideCpu, loads: RouteLoad[], side: 'raw' | 'http') {
  const answered = loads.reduce((a, l) => a + l.answered, 0);
  const per = (us: number) => `${Math.round(us / Math.max(1, answered))} µs`;
  const database = cpu.database ? per(cpu.database) : 'not on this machine';
  return side === 'raw'
    ? `raw loop: PostgreSQL ${database}, its client ${per(cpu.load)}`
    : `full stack: PostgreSQL ${database}, servers ${per(cpu.servers)}, autocannon ${per(cpu.load)}`;
}

const stats = (l: number[]) =>
  `p50 ${ms(quantile(l, 0.5))}, p95 ${ms(quantile(l, 0.95))}, p99 ${ms(quantile(l, 0.99))}`;

/** The mix's paths, from the bench data: the available blocks (about 200 pages of 50), one block. */
export async function routesOf(base: string, token: string): Promise<RouteToRecord[]> {
  const res = await fetch(`${base}/api/blocchi?limit=1&q=BL-B-000123`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const block = ((await res.json()) as { items: Array<{ _id: string }> }).items[0]!;
  const list = 'stato=disponibile&sort=-createdAt&limit=50';
  return [
    { name: 'blocchi list, page 1', path: `/api/blocchi?${list}&page=1` },
    { name: 'blocchi list, deep page (100)', path: `/api/blocchi?${list}&page=100` },
    { name: 'blocco detail', path: `/api/blocchi/${block._id}` },
    { name: 'blocchi text search', path: '/api/blocchi?q=TRC-0123&limit=50&page=1' },
    { name: 'dashboard', path: '/api/dashboard' },
    { name: 'giacenze (stock)', path: '/api/magazzino/giacenze' },
    { name: 'blocco history', path: `/api/blocchi/${block._id}/history` },
    { name: 'collaudi list', path: '/api/collaudi?limit=20&page=1' },
  ];
}

/** How many times each statement runs alone; its median server time is what it costs. */
const ALONE_RUNS = 9;

/**
 * Each route's statements one at a time on an idle connection, into docs/query-plans-mixed-postgres.md:
 * where a route's time goes before any load. Each is timed by PostgreSQL itself (`EXPLAIN (ANALYZE,
 * TIMING OFF)`: planning and execution, the median of ALONE_RUNS), which a loaded machine disturbs far
 * less than a wall clock. The least of the runs is the statement's own cost (other processes only
 * add to it), the median shows how much the machine's load added; the plans of those over 2 ms follow. BENCH_MIXED_PLANS_ONLY=1 stops there.
 */
async function explainRoutes(databaseUrl: string, routes: RecordedRoute[]) {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 1,
    options: POSTGRES_SESSION_OPTIONS,
  });
  const parts: string[] = [];
  try {
    for (const route of routes) {
      parts.push(`## ${route.name}\n\n\`GET ${route.path.replace(/[0-9a-f-]{36}/g, ':id')}\``);
      for (const [w, wave] of route.waves.entries())
        for (const [config, params] of wave) {
          const text = statementText(config);
          const values = params as unknown[];
          const alone: number[] = [];
          for (let i = 0; i < ALONE_RUNS; i++) {
            const { rows } = await pool.query(
              `explain (analyze, timing off, format json) ${text}`,
              values,
            );
            const plan = (rows[0] as Record<string, Array<Record<string, number>>>)[
              'QUERY PLAN'
            ]![0]!;
            alone.push(plan['Planning Time']! + plan['Execution Time']!);
          }
          const median = quantile(alone, 0.5);
          const least = Math.min(...alone);
          const head = text.replace(/\s+/g, ' ').trim().slice(0, 90);
          parts.push(
            `- wave ${w + 1}, ${least.toFixed(2)} ms (median ${median.toFixed(2)}): \`${head}…\``,
          );
          if (least > 2) {
            const plan = await pool.query(`explain (analyze, buffers) ${text}`, values);
            const lines = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']);
            parts.push(`\`\`\`\n${lines.join('\n')}\n\`\`\``);
          }
        }
    }
  } finally {
    await pool.end();
  }
  await writeMarkdown(
    path.join(root, 'docs/query-plans-mixed-postgres.md'),
    `# Query plans of the scale-out read mix (PostgreSQL)\n\nWritten by \`npm run bench -- mixed-postgres\` over 100 000 blocchi (seed:bench): each route's statements as the app sent them (figures kept between requests are not sent, docs/performance.md "Kept totals"), timed alone on an idle connection by PostgreSQL (\`EXPLAIN (ANALYZE, TIMING OFF)\`, planning and execution, the least and the median of ${ALONE_RUNS} runs), with the plan of those over 2 ms. Load average ${loadAverage()}.\n\n${parts.join('\n\n')}\n`,
  );
}

/** The routes' statements straight to PostgreSQL for `seconds` (counted) after SETTLE_MS: 50 loops, each cycling through the routes. */
async function rawMix(
  pool: pg.Pool,
  routes: RecordedRoute[],
  seconds: number,
  loads: RouteLoad[],
): Promise<void> {
  const from = performance.now() + SETTLE_MS;
  const until = from + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      for (let i = c; performance.now() < until; i++) {
        const r = i % routes.length;
        const started = performance.now();
        await replay(pool, routes[r]!);
        const ended = performance.now();
        loads[r]!.answered++;
        // the HTTP side drops what is still in flight when autocannon stops: cut the same way
        if (started >= from && ended <= until) loads[r]!.latencies.push(ended - started);
      }
    }),
  );
}

/**
 * The mix over HTTP: the connections split between the servers, each cycling through the routes from
 * its own first route, as the raw loop's connections do (connection c starts at route c). One
 * autocannon run sends every connection through the same list from its first entry, so the
 * connections of a server that start at the same route share a run.
 */
async function httpMix(
  servers: Array<{ base: string; token: string }>,
  routes: RecordedRoute[],
  seconds: number,
  loads: RouteLoad[] = emptyLoads(routes),
): Promise<RouteLoad[]> {
  if (CONNECTIONS % servers.length)
    throw new Error('connections must split evenly over the servers');
  const perServer = CONNECTIONS / servers.length;
  const runs = servers.flatMap((server, s) =>
    routes.map((_, first) => {
      let connections = 0;
      for (let c = s * perServer; c < (s + 1) * perServer; c++)
        if (c % routes.length === first) connections++;
      return { server, first, connections };
    }),
  );
  let errors = 0;
  const from = performance.now() + SETTLE_MS;
  await Promise.all(
    runs
      .filter((run) => run.connections > 0)
      .map(
        ({ server, first, connections }) =>
          new Promise<void>((resolve, reject) => {
            const order = routes.map((_, i) => (first + i) % routes.length);
            const instance = autocannon(
              {
                url: server.base,
                connections,
                duration: seconds + SETTLE_MS / 1000,
                // autocannon's default (10 s) is longer than a turn: a hung request would count nowhere
                timeout: 5,
                headers: {
                  authorization: `Bearer ${server.token}`,
                  // as a browser asks
                  'accept-encoding': 'gzip, deflate, br',
                },
                requests: order.map((r) => ({
                  method: 'GET' as const,
                  path: routes[r]!.path,
                  onResponse: (_status: number, _body: string, context: object) => {
                    (context as { route?: number }).route = r;
                  },
                })),
              },
              (err, result) => {
                if (err) return reject(err);
                errors += result.errors + result.timeouts;
                resolve();
              },
            );
            instance.on('response', (client, status, bytes, time) => {
              const iterator = (
                client as unknown as { requestIterator: { context: { route: number } } }
              ).requestIterator;
              const load = loads[iterator.context.route]!;
              if (status !== 200) load.errors++;
              load.answered++;
              if (performance.now() - time < from) return;
              load.latencies.push(time);
              load.bytes.push(bytes);
            });
          }),
      ),
  );
  if (errors) loads[0]!.errors += errors;
  return loads;
}

export async function benchMixed(): Promise<BenchRow[]> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const redisUrl = process.env.REDIS_URL ?? process.env.BENCH_REDIS_URL;
  if (!databaseUrl || !redisUrl) return [];
  const env = seededBenchEnv(databaseUrl);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-mixed-'));
  const routes = await recordRoutes(databaseUrl, path.join(scratch, 'record'), EMAIL, routesOf);
  await explainRoutes(databaseUrl, routes);
  if (process.env.BENCH_MIXED_PLANS_ONLY) return [];
  const servers = await Promise.all(
    Array.from({ length: INSTANCES }, (_, i) =>
      spawnServer(
        {
          ...env,
          REDIS_URL: redisUrl,
          DATA_DIR: path.join(scratch, `instance-${i}`),
          DATABASE_POOL_SIZE: String(POOL),
          LOGIN_MAX_FAILURES_PAIR: '100000',
        },
        EMAIL,
      ),
    ),
  );
  // The raw loop and the mix over HTTP take turns, a slice each, so that both sides of each ratio
  // are measured in the same minutes of a shared machine whose speed drifts (docs/performance.md
  // "Fifty connections over two instances").
  const raw = emptyLoads(routes);
  const http = emptyLoads(routes);
  const rawCpu: SideCpu = { database: 0, servers: 0, load: 0 };
  const httpCpu: SideCpu = { database: 0, servers: 0, load: 0 };
  const database = new URL(databaseUrl).pathname.slice(1);
  const serverPids = servers.map((server) => server.pid);
  const pool = replayPool(databaseUrl, INSTANCES * POOL);
  const loadBefore = loadAverage();
  try {
    for (const route of routes) for (let i = 0; i < 5; i++) await replay(pool, route);
    await httpMix(servers, routes, 3);
    // raw first, then HTTP first, …: a steady drift weighs on both sides alike
    for (let slice = 0; slice < SLICES; slice++) {
      const turns = [
        () =>
          measuredTurn(database, serverPids, rawCpu, () =>
            rawMix(pool, routes, SECONDS / SLICES, raw),
          ),
        () =>
          measuredTurn(database, serverPids, httpCpu, () =>
            httpMix(servers, routes, SECONDS / SLICES, http),
          ),
      ];
      for (const turn of slice % 2 ? turns.reverse() : turns) await turn();
    }
  } finally {
    await pool.end();
    await Promise.all(servers.map((server) => server.stop()));
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  const loadAfter = loadAverage();

  const all = http.flatMap((l) => l.latencies);
  const allRaw = raw.flatMap((l) => l.latencies);
  const errors = http.reduce((a, l) => a + l.errors, 0);
  const setting = `${CONNECTIONS} connections over ${INSTANCES} instances (pool ${POOL} each), ${SECONDS} s`;
  const rows: BenchRow[] = [
    {
      goal: `Mix, raw SQL loop (${CONNECTIONS} in flight, pool ${INSTANCES * POOL}), in ${SLICES} slices taking turns with the full stack's; load average ${loadBefore} → ${loadAfter}`,
      measured: `${(allRaw.length / SECONDS).toFixed(0)} req/s, ${stats(allRaw)}`,
      target: 'baseline',
      pass: true,
    },
    {
      goal: `Mix, full stack: ${setting}`,
      measured: `${(all.length / SECONDS).toFixed(0)} req/s, ${stats(all)}, ${errors} errors; p99 ${(quantile(all, 0.99) / quantile(allRaw, 0.99)).toFixed(2)}× raw`,
      target: 'p99 ≤ 150 ms, 0 errors',
      pass: errors === 0 && quantile(all, 0.99) <= 150,
    },
    {
      goal: 'Mix, CPU per request on each side (user + system time of the turns / their answers): PostgreSQL, the servers, the load generator',
      measured: `${cpuPerRequest(rawCpu, raw, 'raw')} · ${cpuPerRequest(httpCpu, http, 'http')}`,
      target: 'reported',
      pass: true,
    },
  ];
  for (const [i, route] of routes.entries()) {
    const h = http[i]!;
    const r = raw[i]!;
    const ratio = quantile(h.latencies, 0.99) / quantile(r.latencies, 0.99);
    const statements = route.waves.flat().length;
    const judged = route.name === 'dashboard' || route.name.startsWith('blocchi list');
    const bytes = h.bytes.length ? h.bytes.reduce((a, b) => a + b, 0) / h.bytes.length : 0;
    rows.push({
      goal: `Mix, ${route.name} (${statements} statements in ${route.waves.length} waves)`,
      measured: `raw ${stats(r.latencies)} · full stack ${stats(h.latencies)}, ${(bytes / 1024).toFixed(1)} KB a response${h.errors ? `, ${h.errors} errors` : ''}; p99 ${ratio.toFixed(2)}× raw`,
      target: judged ? 'p99 ≤ 1.5× raw p99' : 'reported',
      pass: h.errors === 0 && (!judged || ratio <= 1.5),
    });
  }
  return rows;
}
