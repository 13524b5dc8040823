/**
 * Two instances starting together on one empty PostgreSQL database (a rolling deploy, or two
 * replicas started at once) both migrate it: one applies the migrations, the other waits for it and
 * finds nothing left to do. PostgreSQL only (PGlite is one process).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase } from '../src/db/client.js';

const SERVER = process.env.TEST_DATABASE_URL;
const name = `gestcava_migrate_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(!SERVER)('two instances migrating one database at once', () => {
  let url = '';
  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const target = new URL(SERVER!);
    target.pathname = `/${name}`;
    url = target.toString();
  });
  afterAll(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('both start: the migrations are applied once', { timeout: 120_000 }, async () => {
    const first = await openDatabase({ databaseUrl: url, poolSize: 1 });
    const second = await openDatabase({ databaseUrl: url, poolSize: 1 });
    try {
      const results = await Promise.allSettled([first.migrate(), second.migrate()]);
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
      ]);
      const journal = JSON.parse(
        fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const { rows } = await first.pool!.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
