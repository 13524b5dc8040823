import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bloccoListQuerySchema } from '@gestcava/contracts';
import { PgDialect } from 'drizzle-orm/pg-core';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client.js';
import { blocchi, companies } from '../src/db/schema/index.js';
import * as blocchiRepo from '../src/modules/blocchi/blocchi.repository.js';
import {
  fmt,
  httpLoad,
  rawLoop,
  root,
  seededBenchEnv,
  spawnServer,
  writeMarkdown,
  type BenchRow,
  type Load,
} from './common.js';
import { recordRoutes, replay, replayPool, statementText } from './recorded.js';

const EMAIL = 'produzione@cava.example';
/** The server's pool on PostgreSQL (its default), and the raw loop's. */
const POOL = 10;

/**
 * P1/P2/P5: the blocchi list over 100 000 blocks, full stack vs a raw loop of the same SQL; writes the
 * query plans to docs/query-plans-<kind>.md. PostgreSQL only when BENCH_DATABASE_URL is set.
 */
export async function benchBlocchi(kind: 'pglite' | 'postgres'): Promise<BenchRow[]> {
  const databaseUrl = kind === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined;
  if (kind === 'postgres' && !databaseUrl) return [];
  const env = seededBenchEnv(databaseUrl);

  // The company with bench data and a filter that the yard would use.
  const database: Database = await openDatabase({
    databaseUrl,
    pgliteDir: path.join(env.DATA_DIR!, 'pgdata'),
  });
  const [company] = await database.db
    .select()
    .from(companies)
    .where(eq(companies.name, 'Marmi Demo S.r.l.'));
  const [{ materialeId }] = (await database.db
    .select({ materialeId: blocchi.materialeId, n: sql<number>`count(*)::int` })
    .from(blocchi)
    .where(eq(blocchi.companyId, company!.id))
    .groupBy(blocchi.materialeId)
    .orderBy(sql`count(*) desc`)
    .limit(1)) as unknown as [{ materialeId: string }];
  const scenarios: Array<{ name: string; query: Record<string, string> }> = [
    {
      name: 'list, page 1',
      query: { stato: 'disponibile', materialeId, sort: '-createdAt', limit: '50', page: '1' },
    },
    {
      name: 'list, deep page (100)',
      query: { stato: 'disponibile', materialeId, sort: '-createdAt', limit: '50', page: '100' },
    },
    { name: 'text search', query: { q: 'TRC-0123', limit: '50', page: '1' } },
  ];
  const paths = scenarios.map(({ name, query }) => ({
    name,
    path: `/api/blocchi?${new URLSearchParams(query)}`,
  }));
  const raw: Load[] = [];
  const plans: string[] = [];
  const plan = (name: string, rows: Array<Record<string, string>>) =>
    plans.push(`### ${name}\n\n\`\`\`\n${rows.map((r) => Object.values(r)[0]).join('\n')}\n\`\`\``);
  if (database.kind === 'pglite') {
    // PGlite prepares nothing: the page's statement with its values inline is what it runs
    const dialect = new PgDialect();
    for (const scenario of scenarios) {
      const parsed = bloccoListQuerySchema.parse(scenario.query);
      const page = dialect.sqlToQuery(
        blocchiRepo.listPageQuery(database.db, company!.id, 'interno', parsed),
      );
      raw.push(await rawLoop(() => database.pglite!.query(page.sql, page.params)));
      plan(
        scenario.name,
        (await database.pglite!.query(`explain ${page.sql}`, page.params)).rows as Array<
          Record<string, string>
        >,
      );
    }
  } else {
    // The statements a request sends, recorded from the app: the total is kept between requests
    // (docs/performance.md "Kept totals"), so a list page is its page's statement alone.
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-blocchi-'));
    const routes = await recordRoutes(databaseUrl!, scratch, EMAIL, async () => paths).finally(() =>
      fs.rmSync(scratch, { recursive: true, force: true }),
    );
    const pool = replayPool(databaseUrl!, POOL);
    try {
      for (const route of routes) {
        raw.push(await rawLoop(() => replay(pool, route)));
        const statements = route.waves.flat();
        for (const [n, [config, values]] of statements.entries()) {
          const text = statementText(config);
          const name =
            statements.length > 1
              ? `${route.name}, statement ${n + 1} of ${statements.length}`
              : route.name;
          plan(name, (await pool.query(`explain ${text}`, values as unknown[])).rows);
        }
      }
    } finally {
      await pool.end();
    }
  }
  await database.close();

  const rows: BenchRow[] = [];
  const server = await spawnServer({ ...env, DATABASE_POOL_SIZE: String(POOL) }, EMAIL);
  try {
    const { base, token } = server;
    for (const [i, scenario] of scenarios.entries()) {
      const http = await httpLoad(`${base}${paths[i]!.path}`, token);
      const ratio = http.rps / raw[i]!.rps;
      const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
      const search = scenario.name === 'text search';
      rows.push({
        goal: `P1/P2 ${label} ${scenario.name}: raw SQL loop`,
        measured: fmt(raw[i]!),
        target: 'baseline',
        pass: true,
      });
      rows.push({
        goal: `P1/P2 ${label} ${scenario.name}: full stack`,
        measured: `${fmt(http)}; ${ratio.toFixed(2)}× raw`,
        target: search
          ? 'p95 ≤ 100 ms (P5)'
          : kind === 'pglite'
            ? `≥ 0.6× raw, p99 ≤ 1.2× raw p99 = ${(1.2 * raw[i]!.p99).toFixed(1)} ms`
            : `p99 ≤ 1.5× raw p99 = ${(1.5 * raw[i]!.p99).toFixed(1)} ms`,
        pass:
          http.errors === 0 &&
          (search
            ? http.p95 <= 100
            : kind === 'pglite'
              ? ratio >= 0.6 && http.p99 <= 1.2 * raw[i]!.p99
              : http.p99 <= 1.5 * raw[i]!.p99),
      });
    }
  } finally {
    server.kill();
  }
  fs.mkdirSync(path.join(root, 'docs'), { recursive: true });
  await writeMarkdown(
    path.join(root, `docs/query-plans-${kind}.md`),
    `# Query plans of the blocchi list (${kind})\n\nWritten by \`npm run bench\` over 100 000 blocchi (seed:bench), for the queries measured in bench/results.md.\n\n${plans.join('\n\n')}\n`,
  );
  return rows;
}
