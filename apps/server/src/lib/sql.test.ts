import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { lastre, pacchi } from '../db/schema/index.js';
import { constantInt, constantWord, outer } from './sql.js';

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

describe('constantWord', () => {
  it('writes a code word into the text as a literal, and refuses anything that could break out', () => {
    expect(
      new PgDialect().sqlToQuery(sql`select 1 where x = ${constantWord('in_taglio')}`),
    ).toEqual({ sql: "select 1 where x = 'in_taglio'", params: [] });
    for (const bad of ["a'b", 'a b', 'Blocco', '', "x' or '1'='1", '1a'])
      expect(() => constantWord(bad)).toThrow(/not a code word/);
  });
});
