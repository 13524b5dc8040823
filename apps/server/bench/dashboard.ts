import { fmt, httpLoad, seededBenchEnv, spawnServer, type BenchRow } from './common.js';

/**
 * GET /api/dashboard over the 100 000-blocchi bench database (seed:bench), as the admin, who
 * sees every KPI and so runs every aggregate. The target (p95 ≤ 100 ms) is one user opening the
 * dashboard: one request in flight. Ten at once are reported beside it: on PGlite they queue on the
 * one database thread, so their p95 is about ten times one request's cost (docs/performance.md).
 * Not in CI.
 */
export async function benchDashboard(kind: 'pglite' | 'postgres'): Promise<BenchRow[]> {
  const databaseUrl = kind === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined;
  if (kind === 'postgres' && !databaseUrl) return [];
  const env = seededBenchEnv(databaseUrl);
  const server = await spawnServer(env, 'admin@cava.example');
  try {
    const url = `${server.base}/api/dashboard`;
    const one = await httpLoad(url, server.token, 1);
    const ten = await httpLoad(url, server.token, 10);
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    return [
      {
        goal: `Dashboard ${label}: GET /api/dashboard as admin, 100 000 blocchi, one user`,
        measured: fmt(one),
        target: 'p95 ≤ 100 ms',
        pass: one.errors === 0 && one.p95 <= 100,
      },
      {
        goal: `Dashboard ${label}: the same, 10 at once`,
        measured: fmt(ten),
        target: 'reported (no errors)',
        pass: ten.errors === 0,
      },
    ];
  } finally {
    server.kill();
  }
}
