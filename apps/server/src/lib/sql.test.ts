import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { lastre, pacchi } from '../db/schema/index.js';
import { constantInt, outer } from './sql.js';

describe('outer', () => {
  it('names the column with its table, so a correlated subquery cannot mistake it for its own', () => {
    const subquery = sql`(select count(*) from ${lastre} where ${lastre.paccoId} = ${outer(pacchi.id)})`;
    expect(new PgDialect().sqlToQuery(subquery).sql).toBe(
      '(select count(*) from "lastre" where "lastre"."pacco_id" = "pacchi"."id")',
    );
  });
});

describe('constantInt', () => {
  it('writes a whole number into the text, and refuses anything else', () => {
    expect(new PgDialect().sqlToQuery(sql`select 1 limit ${constantInt(10)}`)).toEqual({
      sql: 'select 1 limit 10',
      params: [],
    });
    for (const bad of [1.5, -1, Number.NaN, Infinity, 2 ** 60])
      expect(() => constantInt(bad)).toThrow(/not a whole number/);
  });
});
