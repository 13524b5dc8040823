import { asc, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { automezzi } from '../src/db/schema/automezzi.js';
import { companies } from '../src/db/schema/index.js';
import { companyAlias, companyScope } from '../src/lib/company-table.js';
import { rowsOf } from '../src/lib/pagination.js';
import { createTestDatabase } from './database.js';

// Company scoping in raw SQL (docs/architecture.md "Company scoping in raw SQL"): an aliased table is
// named by its FROM item and bounded by its alias's company, and another company's rows never show.

let database: Database;
let ids: { a: string; b: string };
beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const [a, b] = await db
    .insert(companies)
    .values([{ name: 'Ditta A' }, { name: 'Ditta B' }])
    .returning({ id: companies.id });
  ids = { a: a!.id, b: b!.id };
  await db.insert(automezzi).values([
    { companyId: ids.a, targa: 'AA111AA', descrizione: 'Camion A', portataT: 30 },
    { companyId: ids.b, targa: 'BB222BB', descrizione: 'Camion B', portataT: 30 },
  ]);
});
afterAll(() => database.close());

describe('companyAlias', () => {
  it('renders the table under its alias and bounds the alias by the company', () => {
    const a = companyAlias(automezzi, 'a');
    const query = new PgDialect().sqlToQuery(
      sql`select ${a.t.targa} from ${a.from} where ${a.scope('c1', sql`a.attivo`)}`,
    );
    expect(query.sql).toBe(
      'select "a"."targa" from "automezzi" "a" where ("a"."company_id" = $1 and a.attivo)',
    );
    expect(query.params).toEqual(['c1']);
  });

  it('reads only the company’s rows, also beside the same table unaliased in a join', async () => {
    const a = companyAlias(automezzi, 'a');
    const result = await database.db.execute(sql`
      select a.targa, ${automezzi.targa} as altra from ${a.from}
      join ${automezzi} on ${companyScope(automezzi, sql`a.company_id`)}
      where ${a.scope(ids.a)} order by 1`);
    expect(rowsOf<{ targa: string; altra: string }>(result)).toEqual([
      { targa: 'AA111AA', altra: 'AA111AA' },
    ]);
    const plain = await database.db
      .select({ targa: automezzi.targa })
      .from(automezzi)
      .where(companyScope(automezzi, ids.b))
      .orderBy(asc(automezzi.targa));
    expect(plain).toEqual([{ targa: 'BB222BB' }]);
  });
});
