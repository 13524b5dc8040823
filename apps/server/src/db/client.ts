import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { preparingClient } from './prepared-statements.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: repositories accept both. */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../migrations');
/** The advisory lock under which one instance at a time migrates a PostgreSQL database (next to the sweeps' 726_401, 726_402). */
const MIGRATION_LOCK = 726_400;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** A database name for /api/health: never a path or a host. */
  dbName: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded engine, for backups (PGlite only). */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** A PostgreSQL connection of its own, outside the pool, with the pool's session settings (a LISTEN); not connected yet. */
  dedicatedClient?: () => pg.Client;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined means in memory. */
  pgliteDir?: string;
  /** A PGlite dump to start from (tests load a migrated template). */
  loadDataDir?: Blob;
  poolSize?: number;
}

/**
 * PGlite whose statements take turns through the event loop. PGlite runs a statement synchronously
 * on this thread and hands its lock to the next waiter in a microtask, so a queue of statements
 * drained without the event loop reading one new request: requests that arrived meanwhile waited for
 * the whole queue, then their own turn, and one list request in eight took twice the usual time
 * (10 connections: p95 83 → 50–61 ms, docs/performance.md). One `setImmediate` before each statement
 * lets what arrived join the queue in order. Transactions keep PGlite's own lock.
 */
class EmbeddedPGlite extends PGlite {
  #turn: Promise<unknown> = Promise.resolve();

  override query<T>(
    query: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const run = this.#turn
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(() => super.query<T>(query, params, options));
    this.#turn = run.catch(() => undefined);
    return run;
  }
}

/**
 * Settings of every session the server opens on PostgreSQL. No JIT: the planner compiles a statement
 * to machine code once its estimated cost passes `jit_above_cost`, and an estimate is easily off by
 * a thousand (a 13-month `generate_series` counts as 1000 rows): the dashboard's production series
 * spent 1.9 s compiling for 0.14 s of work, on every request (docs/performance.md "Fifty connections
 * over two instances"). The app's statements are short; none is worth a compile.
 */
export const POSTGRES_SESSION_OPTIONS = '-c jit=off';

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: POSTGRES_SESSION_OPTIONS,
      Client: preparingClient(),
    });
    // An idle client's error (the server restarting) must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const dbName = new URL(options.databaseUrl).pathname.replace(/^\//, '') || 'postgres';
    return {
      db,
      kind: 'postgres',
      dbName,
      pool,
      dedicatedClient: () =>
        new pg.Client({
          connectionString: options.databaseUrl,
          options: POSTGRES_SESSION_OPTIONS,
        }),
      async migrate() {
        // Drizzle's migrator takes no lock: two instances starting together both applied the newest
        // migration and the second failed. The second now waits here, then finds nothing to do. On a
        // connection of its own, so a pool of one stays free for the migrator.
        const lock = new pg.Client({ connectionString: options.databaseUrl });
        await lock.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          // ending the session releases the lock
          await lock.end();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) fs.mkdirSync(options.pgliteDir, { recursive: true });
  const client = new EmbeddedPGlite({
    dataDir: options.pgliteDir,
    loadDataDir: options.loadDataDir,
    // Trigram indexes serve the text search of the block lists (migration 0005); searches ignore accents (0012).
    extensions: { pg_trgm, unaccent },
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    dbName: 'gestcava',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}
