import { STATISTICHE_SEZIONI } from '@gestcava/contracts';
import { fmt, httpLoad, seededBenchEnv, spawnServer, type BenchRow } from './common.js';

/**
 * (docs/quality.md P5): each section of GET /api/statistiche over the 100 000-blocchi bench database
 * (seed:bench), as the admin: the last twelve months by material, so each request also computes the
 * previous twelve and the same twelve a year earlier — three years of facts. One user at a time:
 * the page asks one section at once. Target p95 ≤ 300 ms per section. Not in CI.
 */
export async function benchStatistiche(kind: 'pglite' | 'postgres'): Promise<BenchRow[]> {
  const databaseUrl = kind === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined;
  if (kind === 'postgres' && !databaseUrl) return [];
  const env = seededBenchEnv(databaseUrl);
  const server = await spawnServer(env, 'admin@cava.example');
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const today = new Date().toISOString().slice(0, 10);
  const dal = `${Number(today.slice(0, 4)) - 1}-${today.slice(5, 7)}-01`;
  try {
    const rows: BenchRow[] = [];
    for (const section of STATISTICHE_SEZIONI) {
      for (const per of section === 'produzione' ? ['materiale', 'mese'] : ['materiale']) {
        const load = await httpLoad(
          `${server.base}/api/statistiche/${section}?dal=${dal}&al=${today}&per=${per}`,
          server.token,
          1,
        );
        rows.push({
          goal: `Statistiche ${label}: ${section} per ${per}, 12 mesi con confronti, 100 000 blocchi`,
          measured: fmt(load),
          target: 'p95 ≤ 300 ms',
          pass: load.errors === 0 && load.p95 <= 300,
        });
      }
    }
    return rows;
  } finally {
    server.kill();
  }
}
