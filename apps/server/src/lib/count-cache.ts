import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { todayInRome } from './dates.js';

/**
 * List totals, and other small aggregates of a table, kept between requests: counting a few thousand
 * rows costs more than reading the page itself, on the embedded database and on PostgreSQL with
 * fifty connections alike (docs/performance.md, "Kept totals"). A trigger notifies `<table>_changed`
 * on every statement that changes the table (migration 0010), and every kept figure is forgotten at
 * once. What changes with the clock alone changes with Rome's day (an option lapses at midnight and
 * turns its block `disponibile` without any write): a figure is kept for the day it was counted on,
 * and for `MAX_AGE_MS` at most, since that day is this server's while the count used the database's
 * clock, which may be a little behind at midnight.
 */
export interface CountCache {
  /** A kept total, or any small aggregate of the table (the dashboard keeps its block figures). */
  get<T = number>(key: string, count: () => Promise<T>): Promise<T>;
}

const MAX_ENTRIES = 1_000;
const MAX_AGE_MS = 10 * 60_000;

/**
 * `synced` answers true once every change committed before the call has cleared the cache, false
 * when that cannot be known: then the figure is counted and not kept. PGlite's notifications arrive
 * before the writing call returns, so it is always synced.
 */
export function createCountCache(
  today: () => string = () => todayInRome(),
  synced: () => Promise<boolean> = async () => true,
  now: () => number = Date.now,
): CountCache & { clear(): void } {
  const entries = new Map<string, { n: unknown; day: string; at: number }>();
  // Requests that want a figure being counted wait for that count instead of running their own.
  const counting = new Map<string, Promise<unknown>>();
  // A count that started before a write must not be kept after it.
  let generation = 0;
  return {
    async get<T>(key: string, count: () => Promise<T>): Promise<T> {
      if (!(await synced())) return count();
      // One reading of the clocks: the entry's test and, on a miss, its new stamp.
      const day = today();
      const at = now();
      const hit = entries.get(key);
      // Each key is written by one caller with one type, so what it reads back is that type.
      if (hit && hit.day === day && at - hit.at < MAX_AGE_MS) return hit.n as T;
      const pending = counting.get(key);
      if (pending) return pending as Promise<T>;
      const started = generation;
      const counted = count()
        .then((n) => {
          if (started === generation) {
            if (entries.size >= MAX_ENTRIES) entries.clear();
            entries.set(key, { n, day, at });
          }
          return n;
        })
        .finally(() => {
          if (counting.get(key) === counted) counting.delete(key);
        });
      counting.set(key, counted);
      return counted;
    },
    clear() {
      generation += 1;
      entries.clear();
      counting.clear();
    },
  };
}

/** A cache cleared by every change to `table` (its trigger notifies `<table>_changed`); `stop` before closing the database. */
export async function listenedCountCache(
  pglite: PGlite,
  table: string,
): Promise<CountCache & { stop(): Promise<void> }> {
  const cache = createCountCache();
  const unlisten = await pglite.listen(`${table}_changed`, () => cache.clear());
  // The database may already be gone (it failed, or closed first): then there is nothing to stop.
  return { get: cache.get, stop: async () => void (pglite.closed ? undefined : await unlisten()) };
}

/**
 * A listening connection silent this long is closed and opened again; the requests waiting for it
 * count for themselves. A slower answer is waited for: counting instead, when the machine is too
 * busy to answer a `select 1`, would add the heaviest statements exactly then.
 */
const SILENT_MS = 5_000;
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5_000;

/**
 * The same cache on PostgreSQL, where several instances write: each instance listens on a connection
 * of its own (`connect`, outside the pool), so a write through any instance, a script or psql
 * clears every instance's figures (docs/performance.md, "Kept totals").
 *
 * A notification reaches the listener a moment after the writer's commit, so a client that wrote
 * and reads again at once could find the old figure. Before a kept figure is served, one round trip
 * on the listening connection makes sure it cannot: PostgreSQL signals the listeners before the
 * writer's commit returns, and a listening session sends what it was signalled before it answers
 * its next query. The trip is shared by the requests waiting at that moment, so its cost does not
 * grow with the load. While the connection is down nothing is kept or served from the cache: every
 * figure is counted, until the connection listens again; a connection that does not hear its own
 * test notification (a pooler in transaction mode) is never trusted.
 */
export async function postgresCountCache(
  connect: () => pg.Client,
  table: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<CountCache & { stop(): Promise<void> }> {
  const listener = new ChangeListener(connect, `${table}_changed`, log);
  await listener.open();
  return { get: listener.cache.get, stop: () => listener.stop() };
}

/** The listening connection of `postgresCountCache`, its round trips and its reconnection. */
class ChangeListener {
  /** The connection that listens, once its LISTEN has been answered. */
  private listening: pg.Client | null = null;
  private stopped = false;
  private retryMs = RETRY_FIRST_MS;
  private retry: NodeJS.Timeout | undefined;
  private running: Promise<boolean> | null = null;
  private waiting: Promise<boolean> | null = null;
  readonly cache = createCountCache(undefined, () => this.synced());

  constructor(
    private readonly connect: () => pg.Client,
    private readonly channel: string,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  ) {}

  private synced(): Promise<boolean> {
    if (!this.listening) return Promise.resolve(false);
    if (!this.running) return this.start();
    this.waiting ??= this.running.then(() => {
      this.waiting = null;
      return this.start();
    });
    return this.waiting;
  }

  /** A round trip that starts after this call: the one running may have been sent before the caller's request came in. */
  private start(): Promise<boolean> {
    const client = this.listening;
    if (!client) return Promise.resolve(false);
    const answered = this.roundTrip(client).finally(() => {
      if (this.running === answered) this.running = null;
    });
    this.running = answered;
    return answered;
  }

  /** A round trip on the listening connection: true when it answered and still listens. */
  private roundTrip(client: pg.Client): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const silent = setTimeout(() => {
        resolve(false);
        this.lost(client);
      }, SILENT_MS);
      silent.unref();
      client
        .query('select 1')
        .then(
          () => resolve(this.listening === client),
          () => resolve(false),
        )
        .finally(() => clearTimeout(silent));
    });
  }

  private lost(client: pg.Client) {
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    if (this.listening !== client) return;
    this.listening = null;
    this.cache.clear();
    this.log.warn(
      `conteggi: connessione in ascolto su ${this.channel} persa, si conta a ogni richiesta`,
    );
    this.reopenLater();
  }

  private reopenLater() {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.open();
    }, this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  async open() {
    const client = this.connect();
    // An idle connection's error (the server restarting) must not crash the process.
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.cache.clear();
    });
    const heard = await this.listen(client);
    if (heard === null) {
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      this.reopenLater();
      return;
    }
    if (!heard) {
      client.removeAllListeners('notification');
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      this.log.warn(
        `conteggi: la connessione non riceve le notifiche di ${this.channel} (un pooler in modalità transazione?): si conta a ogni richiesta`,
      );
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    // What was counted before anyone listened may be older than a write nobody heard of.
    this.cache.clear();
    this.listening = client;
    this.retryMs = RETRY_FIRST_MS;
    this.log.info(`conteggi: in ascolto su ${this.channel}`);
  }

  /**
   * Connects and listens: true when the session hears its own test notification, false when it does
   * not, null when connecting failed. A session hears its own notification before its statement
   * returns; one that does not (a pooler in transaction mode between the app and PostgreSQL) would
   * never hear a write.
   */
  private async listen(client: pg.Client): Promise<boolean | null> {
    let heard = false;
    const probe = randomUUID();
    const hear = (message: pg.Notification) => void (heard ||= message.payload === probe);
    client.on('notification', hear);
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
      await client.query('select pg_notify($1, $2)', [this.channel, probe]);
    } catch {
      return null;
    }
    client.off('notification', hear);
    return heard;
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.listening;
    this.listening = null;
    this.cache.clear();
    await client?.end().catch(() => undefined);
  }
}

/** Without a cache, every total is counted (a process that serves no lists). */
export const noCountCache: CountCache & { stop(): Promise<void> } = {
  get: <T>(_key: string, count: () => Promise<T>) => count(),
  stop: async () => {},
};
