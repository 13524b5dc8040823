import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string | null;
  }
}

/**
 * Migrates once per run: a PGlite dump every test file loads (a fresh PGlite costs seconds),
 * or, with TEST_DATABASE_URL, a PostgreSQL template database each file clones.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-test-'));
  const url = process.env.TEST_DATABASE_URL;
  let teardown = async () => fs.rmSync(dir, { recursive: true, force: true });

  if (url) {
    const template = `gestcava_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 1 });
    await database.migrate();
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteTemplate', '');
    const previous = teardown;
    teardown = async () => {
      const res = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
        [`gestcava_t_${process.pid}_%`, template],
      );
      for (const { datname } of res.rows)
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.end();
      await previous();
    };
  } else {
    const database = await openDatabase({});
    await database.migrate();
    const dump = await database.pglite!.dumpDataDir('none');
    const file = path.join(dir, 'template.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplate', file);
    project.provide('pgTemplate', null);
  }
  return teardown;
}
