/**
 * A route's raw SQL as the app sends it, for the baselines on PostgreSQL (docs/performance.md "Fifty
 * connections over two instances"): the statements of one request recorded in this process, then
 * replayed straight to PostgreSQL through a pool of the servers' own client, so that the raw loop
 * prepares its statements as the servers do and sends the same values.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { openDatabase, POSTGRES_SESSION_OPTIONS } from '../src/db/client.js';
import { preparingClient } from '../src/db/prepared-statements.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { accessToken } from './common.js';

export interface RouteToRecord {
  name: string;
  path: string;
}

export interface RecordedRoute extends RouteToRecord {
  /** The route's statements in waves: those of one wave were in flight together. */
  waves: Array<Array<[unknown, unknown]>>;
}

/**
 * Each route's statements, recorded from the app in this process on the same database as `email`:
 * one request to warm what is kept between requests (the session, the list totals), then the
 * recorded one. Statements issued before any earlier one of the request had answered form one wave
 * (the route runs them at once). `routes` is given the app's address and a token to find its paths.
 */
export async function recordRoutes(
  databaseUrl: string,
  dataDir: string,
  email: string,
  routes: (base: string, token: string) => Promise<RouteToRecord[]>,
): Promise<RecordedRoute[]> {
  const database = await openDatabase({ databaseUrl });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    LOGIN_MAX_FAILURES_PAIR: '100000',
    WEB_DIST_DIR: path.join(dataDir, 'none'),
  });
  const app = await buildApp({ config, database, secret: 'b'.repeat(48) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const token = await accessToken(base, email, DEMO_PASSWORD);
    const pool = database.pool!;
    let log: Array<{ args: [unknown, unknown]; start: number; end: number }> | null = null;
    const query = pool.query.bind(pool) as (a: unknown, b: unknown) => Promise<unknown>;
    (pool as unknown as { query: unknown }).query = (a: unknown, b: unknown) => {
      const entry = { args: [a, b] as [unknown, unknown], start: performance.now(), end: Infinity };
      log?.push(entry);
      return query(a, b).finally(() => (entry.end = performance.now()));
    };
    const recorded: RecordedRoute[] = [];
    for (const route of await routes(base, token)) {
      const headers = { authorization: `Bearer ${token}` };
      await (await fetch(`${base}${route.path}`, { headers })).arrayBuffer();
      log = [];
      const res = await fetch(`${base}${route.path}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${route.path}: ${res.status}`);
      const waves: RecordedRoute['waves'] = [];
      let waveEnd = -Infinity;
      for (const entry of log) {
        if (entry.start >= waveEnd || !waves.length) {
          waves.push([]);
          waveEnd = entry.end;
        }
        waves.at(-1)!.push(entry.args);
        waveEnd = Math.min(waveEnd, entry.end);
      }
      log = null;
      recorded.push({ ...route, waves });
    }
    return recorded;
  } finally {
    await app.close();
    await database.close();
  }
}

/** A recorded statement's text: node-postgres takes it as a string or as a `{ text, … }` config. */
export const statementText = (config: unknown) =>
  typeof config === 'string' ? config : (config as { text: string }).text;

/** The sessions a server opens, with their settings, their statements prepared as the server's are. */
export const replayPool = (databaseUrl: string, max: number) =>
  new pg.Pool({
    connectionString: databaseUrl,
    max,
    options: POSTGRES_SESSION_OPTIONS,
    Client: preparingClient(),
  });

/** One request's statements, wave after wave, those of a wave at once. */
export const replay = (pool: pg.Pool, route: RecordedRoute) =>
  route.waves.reduce<Promise<unknown>>(
    (previous, wave) =>
      previous.then(() =>
        Promise.all(
          wave.map(([a, b]) => (pool.query as (a: unknown, b: unknown) => Promise<unknown>)(a, b)),
        ),
      ),
    Promise.resolve(),
  );
