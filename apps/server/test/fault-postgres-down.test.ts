import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { onPostgres } from './database.js';
import { anonymousClient, createCompany, createUser, login, type TestClient } from './helpers.js';
import { freePort } from './server-process.js';

/**
 * docs/quality.md R15: PostgreSQL stops under a running app → a generic 503 without stack or address; it
 * comes back → requests succeed again within 5 s, without restarting the app. The test makes its own
 * throwaway cluster (stopping the suite's shared one would break the other files), so it needs the
 * PostgreSQL server binaries; it runs in the PostgreSQL layer, as the other PostgreSQL-only checks.
 */

const pgBin = (() => {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin/initdb')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
})();
const isRoot = process.getuid?.() === 0;
const postgresUser = (() => {
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const skipReason = !onPostgres()
  ? 'runs in the PostgreSQL layer (TEST_DATABASE_URL)'
  : !pgBin
    ? 'no PostgreSQL server binaries in /usr/lib/postgresql'
    : isRoot && !postgresUser
      ? 'running as root without a postgres user: initdb refuses root'
      : null;

let dir: string;
let port: number;
let database: Database | undefined;
let app: App | undefined;
let admin: TestClient;

/** A PostgreSQL program as the cluster's owner: initdb and postgres refuse to run as root (as CI runs). */
function pgctl(program: string, args: string[]) {
  const command = path.join(pgBin!, program);
  if (!isRoot) return execFileSync(command, args, { stdio: 'pipe' });
  const quoted = [command, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  return execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', quoted], { stdio: 'pipe' });
}
const startCluster = () =>
  pgctl('pg_ctl', [
    '-D',
    `${dir}/data`,
    '-l',
    `${dir}/log`,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-w',
    'start',
  ]);
const stopCluster = (mode: 'fast' | 'immediate' = 'fast') =>
  pgctl('pg_ctl', ['-D', `${dir}/data`, '-m', mode, '-w', 'stop']);

beforeAll(async () => {
  if (skipReason) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-pgdown-'));
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  port = await freePort();
  pgctl('initdb', [
    '-D',
    `${dir}/data`,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '-N',
  ]);
  startCluster();
  database = await openDatabase({
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    poolSize: 4,
  });
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    WEB_DIST_DIR: path.join(dir, 'no-web'),
    LOG_LEVEL: 'silent',
  });
  app = await buildApp({
    config,
    database,
    secret: crypto.randomBytes(32).toString('hex'),
    logger: false,
  });
  await app.ready();
  const ctx = { app, database, dataDir: dir, close: async () => undefined };
  const company = await createCompany(ctx);
  const user = await createUser(ctx, { companyId: company.id, role: 'admin' });
  admin = await login(app, user.email);
}, 90_000);

afterAll(async () => {
  if (skipReason) return;
  await app?.close();
  await database?.close();
  try {
    stopCluster('immediate');
  } catch {
    /* already stopped */
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

function expectUnavailable(label: string, res: LightMyRequestResponse) {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(503);
  expect(res.json(), label).toEqual({
    message: 'Servizio momentaneamente non disponibile: riprova tra poco',
    code: 'SERVICE_UNAVAILABLE',
  });
  expect(res.body, label).not.toMatch(/ECONN|127\.0\.0\.1|\bat .*\.(ts|js)|stack/i);
}

describe.skipIf(skipReason)(
  `PostgreSQL stopped under a running app (R15)${skipReason ? `: skipped, ${skipReason}` : ''}`,
  { timeout: 60_000 },
  () => {
    it('answers a generic 503 while it is down and serves again within 5 s of its return, without a restart', async () => {
      const anon = await anonymousClient(app!);
      expect((await admin.get('/api/clienti')).statusCode).toBe(200);

      stopCluster('fast');
      expectUnavailable('GET /api/health', await anon.get('/api/health'));
      expectUnavailable('GET /api/clienti', await admin.get('/api/clienti'));
      expectUnavailable(
        'POST /api/clienti',
        await admin.post('/api/clienti', {
          ragioneSociale: 'Durante il guasto',
          nazione: 'DE',
          indirizzo: 'Hauptstr. 1',
          comune: 'Berlin',
        }),
      );
      const loginRes = await anon.post('/user/login', {
        email: 'chiunque@prova.example',
        password: 'Una-Password-Qualsiasi',
      });
      expectUnavailable('POST /user/login', loginRes);

      startCluster();
      const back = Date.now();
      let recoveredMs = -1;
      while (Date.now() - back < 10_000) {
        const [health, list] = await Promise.all([
          anon.get('/api/health'),
          admin.get('/api/clienti'),
        ]);
        if (health.statusCode === 200 && list.statusCode === 200) {
          recoveredMs = Date.now() - back;
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      console.log(`R15: serving again ${recoveredMs} ms after PostgreSQL accepted connections`);
      expect(recoveredMs).toBeGreaterThanOrEqual(0);
      expect(recoveredMs).toBeLessThan(5000);
      const created = await admin.post('/api/clienti', {
        ragioneSociale: 'Dopo il guasto',
        nazione: 'DE',
        indirizzo: 'Hauptstr. 1',
        comune: 'Berlin',
      });
      expect(created.statusCode, created.body).toBe(201);
    });
  },
);
