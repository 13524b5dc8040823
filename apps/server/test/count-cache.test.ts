import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import type { Database } from '../src/db/client.js';
import { listenedCountCache, postgresCountCache, type CountCache } from '../src/lib/count-cache.js';
import { onPostgres } from './database.js';
import {
  buildTestApp,
  createProductionLookups,
  login,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

/**
 * Totals kept between requests (docs/performance.md, "Kept totals"): two instances of the app on one
 * database each keep their own, and a write through either one, or straight to the database, shows
 * at once on both. On PostgreSQL each instance listens on a connection of its own; when that
 * connection is lost, nothing is kept until it listens again.
 */

let ctx: TestContext & { secret: string };
let appB: App;
let dataDirB: string;
let a: TestClient;
let b: TestClient;
let ids: { materiale: string; ubicazione: string; fornitore: string };

const silent = { warn: () => undefined, info: () => undefined };

beforeAll(async () => {
  ctx = await buildTestApp();
  // A second instance on the same database, with the same secret (as instances share JWT_SECRET).
  dataDirB = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-app-b-'));
  appB = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDirB,
      LOGIN_MAX_FAILURES_PAIR: '1000',
      WEB_DIST_DIR: path.join(dataDirB, 'no-web'),
    }),
    database: ctx.database,
    secret: ctx.secret,
  });
  await appB.ready();
  const org = await setupCompany(ctx);
  a = await login(ctx.app, org.admin.email);
  b = await login(appB, org.admin.email);
  const lookups = await createProductionLookups(a);
  const fornitore = await a.post('/api/fornitori', {
    ragioneSociale: 'Cave Esterne S.r.l.',
    nazione: 'DE',
    indirizzo: 'Hauptstr. 1',
    comune: 'Berlin',
  });
  ids = {
    materiale: lookups.materialeId,
    ubicazione: lookups.ubicazioneId,
    fornitore: (fornitore.json() as { _id: string })._id,
  };
});

afterAll(async () => {
  await appB?.close();
  await ctx?.close();
  if (dataDirB) fs.rmSync(dataDirB, { recursive: true, force: true });
});

async function acquista(client: TestClient): Promise<string> {
  const res = await client.post('/api/blocchi-esterni', {
    fornitoreId: ids.fornitore,
    dataAcquisto: '2026-02-01',
    prezzoAcquisto: 900,
    unitaPrezzoAcquisto: 'm3',
    materialeId: ids.materiale,
    ubicazioneId: ids.ubicazione,
    lunghezza: 300,
    altezza: 200,
    profondita: 150,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { _id: string })._id;
}

const disponibili = async (client: TestClient) => {
  const res = await client.get('/api/blocchi-esterni', { query: { stato: 'disponibile' } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { total: number }).total;
};
const cruscotto = async (client: TestClient) => {
  const res = await client.get('/api/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { blocchi: { esterni: { disponibili: number } | null } }).blocchi.esterni
    ?.disponibili;
};

describe('two instances keep their own totals', () => {
  it('a block bought through one instance is counted at once by the other, in the list and on the dashboard', async () => {
    await acquista(a);
    // read twice on B: the second answer is the kept one
    expect(await disponibili(b)).toBe(1);
    expect(await disponibili(b)).toBe(1);
    expect(await cruscotto(b)).toBe(1);
    expect(await cruscotto(b)).toBe(1);

    await acquista(a);
    expect(await disponibili(b)).toBe(2);
    expect(await cruscotto(b)).toBe(2);

    // and the other way round
    expect(await disponibili(a)).toBe(2);
    const id = await acquista(b);
    expect(await disponibili(a)).toBe(3);
    expect(await cruscotto(a)).toBe(3);

    // a change of state through B leaves A's kept figures behind too
    const scartato = await b.post(`/api/blocchi-esterni/${id}/stato`, { stato: 'scartato' });
    expect(scartato.statusCode, scartato.body).toBe(200);
    expect(await disponibili(a)).toBe(2);
    expect(await cruscotto(a)).toBe(2);
  });
});

/** A statement that changes blocchi, seen by its trigger even when it touches no row. */
const write = (database: Database) =>
  database.db.execute(sql`update blocchi set note = note where id = ${crypto.randomUUID()}`);

/** A count that says how many times it ran. */
function counter() {
  let runs = 0;
  return { count: async () => ++runs, runs: () => runs };
}

type Kept = CountCache & { stop(): Promise<void> };

async function twoCaches(database: Database): Promise<[Kept, Kept]> {
  if (database.pglite)
    return [
      await listenedCountCache(database.pglite, 'blocchi'),
      await listenedCountCache(database.pglite, 'blocchi'),
    ];
  return [
    await postgresCountCache(database.dedicatedClient!, 'blocchi', silent),
    await postgresCountCache(database.dedicatedClient!, 'blocchi', silent),
  ];
}

describe('the count cache', () => {
  it('keeps a figure until any connection changes blocchi, and forgets it in every cache at once', async () => {
    const caches = await twoCaches(ctx.database);
    try {
      const [one, two] = caches;
      const c1 = counter();
      const c2 = counter();
      expect(await one.get('n', c1.count)).toBe(1);
      expect(await two.get('n', c2.count)).toBe(1);
      expect(await one.get('n', c1.count)).toBe(1);
      expect(await two.get('n', c2.count)).toBe(1);
      await write(ctx.database);
      // no wait: the first read after the write counts again, in both
      expect(await one.get('n', c1.count)).toBe(2);
      expect(await two.get('n', c2.count)).toBe(2);
      expect(await two.get('n', c2.count)).toBe(2);
    } finally {
      await Promise.all(caches.map((c) => c.stop()));
    }
  });

  it.runIf(onPostgres())(
    'never answers a figure kept from before a write that has returned',
    async () => {
      const [cache] = await twoCaches(ctx.database);
      try {
        const c = counter();
        for (let i = 1; i <= 50; i++) {
          // counted after the last write, then kept
          expect(await cache.get('n', c.count)).toBe(i);
          expect(await cache.get('n', c.count)).toBe(i);
          await write(ctx.database);
        }
      } finally {
        await cache.stop();
      }
    },
  );

  it.runIf(onPostgres())(
    'counts every time while its listening connection is lost, and keeps again once it listens',
    { timeout: 30_000 },
    async () => {
      let refuse = false;
      let listener: pg.Client | undefined;
      const connect = () => {
        // nothing listens on the discard port: the connection is refused
        if (refuse) return new pg.Client({ host: '127.0.0.1', port: 9 });
        listener = ctx.database.dedicatedClient!();
        return listener;
      };
      const cache = await postgresCountCache(connect, 'blocchi', silent);
      try {
        const c = counter();
        expect(await cache.get('n', c.count)).toBe(1);
        expect(await cache.get('n', c.count)).toBe(1);

        // The listening session ends (a restart, a network cut) and cannot come back for now.
        refuse = true;
        const { rows } = await listener!.query<{ pid: number }>('select pg_backend_pid() as pid');
        await ctx.database.db.execute(sql`select pg_terminate_backend(${rows[0]!.pid})`);
        // a write nobody hears of: never answered from before it
        await write(ctx.database);
        expect(await cache.get('n', c.count)).toBe(2);
        expect(await cache.get('n', c.count)).toBe(3);
        expect(await cache.get('n', c.count)).toBe(4);

        // It may listen again: the figures are kept again, and a write still clears them.
        refuse = false;
        const until = Date.now() + 20_000;
        let last = await cache.get('n', c.count);
        while (Date.now() < until) {
          const next = await cache.get('n', c.count);
          if (next === last) break;
          last = next;
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(await cache.get('n', c.count)).toBe(last);
        await write(ctx.database);
        expect(await cache.get('n', c.count)).toBe(last + 1);
        expect(await cache.get('n', c.count)).toBe(last + 1);
      } finally {
        await cache.stop();
      }
    },
  );
});
