/**
 * docs/quality.md S25 and docs/api.md "Shape of the API": a failure inside the server answers a generic error, 500
 * `{ message: 'Errore interno', code: 'INTERNAL' }` (or 503 when the database is unreachable), with
 * no stack, SQL, file path or table name.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { createTestDatabase } from './database.js';
import {
  anonymousClient,
  createCompany,
  createUser,
  login,
  type TestClient,
  type TestContext,
} from './helpers.js';

/** Words that would show the inside of the server. */
const LEAKS =
  /stack|\bat \S+ \(|select|insert|update |delete |from |where |relation|password_hash|\busers\b|\bsessions\b|companies|pglite|drizzle|postgres|node_modules|\/work\/|\/tmp\/|\.ts\b|\.js\b|Error:|ECONN|127\.0\.0\.1/i;

function expectGeneric(label: string, res: LightMyRequestResponse) {
  expect([500, 503], `${label}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
  expect(res.headers['content-type'], label).toBe('application/json; charset=utf-8');
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body).sort(), label).toEqual(['code', 'message']);
  if (res.statusCode === 500)
    expect(body, label).toEqual({ message: 'Errore interno', code: 'INTERNAL' });
  else expect(body.code, label).toBe('SERVICE_UNAVAILABLE');
  expect(res.body, label).not.toMatch(LEAKS);
}

interface Built {
  app: App;
  database: Database;
  dataDir: string;
}

async function build(database: Database, extraRoutes?: (app: App) => void): Promise<Built> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-errors-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const app = await buildApp({ config, database, secret: crypto.randomBytes(32).toString('hex') });
  extraRoutes?.(app);
  await app.ready();
  return { app, database, dataDir };
}

describe('a forced exception (S25)', () => {
  let built: Built;

  beforeAll(async () => {
    const database = await createTestDatabase();
    built = await build(database, (app) => {
      app.get('/api/prova/eccezione', { config: { access: 'public' } }, async () => {
        throw new Error(
          `relation "users" failed: SELECT password_hash FROM users WHERE id = 1 at ${import.meta.filename}`,
        );
      });
      app.get('/api/prova/sql', { config: { access: 'public' } }, async () => {
        await database.db.execute(sql`select password_hash from tabella_che_non_esiste`);
        return {};
      });
      app.get('/api/prova/stallo', { config: { access: 'public' } }, async () => {
        await database.db.execute(
          sql`do $$ begin raise exception 'deadlock detected' using errcode = '40P01'; end $$`,
        );
        return {};
      });
      app.get('/api/prova/tipo', { config: { access: 'public' } }, async () => {
        const value = JSON.parse('{"a":1}') as { a: { b: string } };
        return { length: value.a.b.length };
      });
      app.post(
        '/api/prova/oggetto',
        { config: { access: 'public', csrf: 'anonymous' } },
        async () => {
          throw Object.assign(
            new Error(`ENOENT: no such file or directory, open '${os.tmpdir()}/segreto.txt'`),
            { code: 'ENOENT', errno: -2 },
          );
        },
      );
    });
  });
  afterAll(async () => {
    await built.app.close();
    await built.database.close();
    fs.rmSync(built.dataDir, { recursive: true, force: true });
  });

  it('answers 500 Errore interno with nothing from inside', async () => {
    const anon = await anonymousClient(built.app);
    expectGeneric(
      'exception with SQL and a path in its message',
      await anon.get('/api/prova/eccezione'),
    );
    expectGeneric('a database error (undefined table)', await anon.get('/api/prova/sql'));
    expectGeneric('a TypeError', await anon.get('/api/prova/tipo'));
    expectGeneric('a file system error', await anon.post('/api/prova/oggetto', {}));
  });

  it('answers 409 with a retry message when PostgreSQL ends a transaction for a concurrent one (deadlock)', async () => {
    const res = await (await anonymousClient(built.app)).get('/api/prova/stallo');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Un’altra operazione sugli stessi dati era in corso: riprova',
      code: 'CONFLICT',
    });
  });
});

describe('the database goes away (S25, R15)', () => {
  let built: Built;
  let admin: TestClient;

  beforeAll(async () => {
    built = await build(await createTestDatabase());
    const ctx: TestContext = { ...built, close: async () => undefined };
    const company = await createCompany(ctx);
    const user = await createUser(ctx, { companyId: company.id, role: 'admin' });
    admin = await login(built.app, user.email);
  });
  afterAll(async () => {
    await built.app.close();
    fs.rmSync(built.dataDir, { recursive: true, force: true });
  });

  it('answers a generic 500 or 503 to health, to a logged-in call and to a login', async () => {
    const anon = await anonymousClient(built.app);
    // the database closes under the running app (PGlite closed, or the pool ended and the database dropped)
    await built.database.close();
    expectGeneric('GET /api/health', await anon.get('/api/health'));
    expectGeneric('GET /user/users', await admin.get('/user/users'));
    expectGeneric(
      'POST /companies/create',
      await admin.post('/companies/create', { name: 'Dopo la chiusura' }),
    );
    expectGeneric(
      'POST /user/login',
      await anon.post('/user/login', {
        email: 'chiunque@prova.example',
        password: 'Una-Password-Qualsiasi',
      }),
    );
  });
});

describe('PostgreSQL unreachable (R15)', () => {
  let built: Built;

  beforeAll(async () => {
    // a port nothing listens on: every query fails to connect
    const database = await openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/gestcava_assente',
      poolSize: 1,
    });
    built = await build(database);
  });
  afterAll(async () => {
    await built.app.close();
    await built.database.close();
    fs.rmSync(built.dataDir, { recursive: true, force: true });
  });

  it('answers 503 SERVICE_UNAVAILABLE without the address', async () => {
    const anon = await anonymousClient(built.app);
    const health = await anon.get('/api/health');
    expectGeneric('GET /api/health', health);
    expect(health.statusCode).toBe(503);
    const loginRes = await anon.post('/user/login', {
      email: 'chiunque@prova.example',
      password: 'Una-Password-Qualsiasi',
    });
    expectGeneric('POST /user/login', loginRes);
    expect(loginRes.statusCode).toBe(503);
  });
});
