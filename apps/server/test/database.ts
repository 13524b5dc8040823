import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';

/** A fresh, migrated database for one test file: PGlite by default, PostgreSQL with TEST_DATABASE_URL. */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  if (url && template) {
    // Named after the run's template owner (its pid), so a run cleans up only its own databases.
    const name = `gestcava_t_${template.replace('gestcava_tpl_', '')}_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: target.toString() });
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteTemplate'));
  return openDatabase({ loadDataDir: new Blob([dump]) });
}

export const onPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

/** A migrated PGlite on disk in a fresh DATA_DIR, loaded from the run's migrated template. */
export async function pgliteInDataDir(dataDir: string): Promise<Database> {
  const dump = fs.readFileSync(inject('pgliteTemplate'));
  const database = await openDatabase({
    pgliteDir: path.join(dataDir, 'pgdata'),
    loadDataDir: new Blob([dump]), // an uncompressed tar (test/global-setup.ts)
  });
  await database.migrate();
  return database;
}
