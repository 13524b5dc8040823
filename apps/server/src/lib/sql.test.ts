import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { lastre, pacchi } from '../db/schema/index.js';
import { outer } from './sql.js';

describe('outer', () => {
  it('names the column with its table, so a correlated subquery cannot mistake it for its own', () => {
    const subquery = sql`(select count(*) from ${lastre} where ${lastre.paccoId} = ${outer(pacchi.id)})`;
    expect(new PgDialect().sqlToQuery(subquery).sql).toBe(
      '(select count(*) from "lastre" where "lastre"."pacco_id" = "pacchi"."id")',
    );
  });
});
