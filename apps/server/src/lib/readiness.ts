import type { Ready } from '@gestcava/contracts';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyBaseLogger } from 'fastify';
import { MIGRATIONS_DIR, type Db } from '../db/client.js';
import { pgErrorCode } from './db-errors.js';
import { rowsOf } from './pagination.js';

type CheckName = Ready['checks'][number]['name'];

export interface ReadinessCheck {
  name: CheckName;
  /** Italian, as the 503's message names it: "il database", "Redis". */
  label: string;
  /** Resolves when the service answers; throws (or hangs past the timeout) when it does not. */
  run(): Promise<void>;
}

/** A check that reached its service and found it not ready says why in Italian (the 503's message). */
export class NotReadyError extends Error {}

/** A hung service must give the probe a 503, not a probe that hangs with it. */
export const CHECK_TIMEOUT_MS = 2000;

export const READY_ROUTE = '/api/ready';

export const STOPPING_MESSAGE = 'Il server si sta arrestando: riprova tra poco';

function withTimeout(run: () => Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`nessuna risposta in ${ms} ms`)), ms);
  });
  return Promise.race([Promise.resolve().then(run), late]).finally(() => clearTimeout(timer));
}

/**
 * Readiness for a load balancer: named checks registered at start-up (database with its
 * migrations, Redis, file storage), each with its own timeout, and a stop flag raised the moment
 * shutdown begins. Probes that arrive while a round of checks runs share it, so a burst of probes
 * costs one query per service.
 */
export function createReadiness({
  log,
  timeoutMs = CHECK_TIMEOUT_MS,
}: {
  log: FastifyBaseLogger;
  timeoutMs?: number;
}) {
  const state: ReadinessState = {
    log,
    timeoutMs,
    checks: [],
    stopping: false,
    failing: new Set(),
  };
  let running: Promise<Ready> | null = null;
  return {
    register(check: ReadinessCheck) {
      if (state.checks.some((c) => c.name === check.name))
        throw new Error(`controllo già registrato: ${check.name}`);
      state.checks.push(check);
    },
    /** From the first moment of shutdown on, every probe answers 503 without asking the services. */
    beginShutdown() {
      state.stopping = true;
    },
    get stopping() {
      return state.stopping;
    },
    async status(): Promise<Ready> {
      if (state.stopping)
        return { status: 'not-ready', message: STOPPING_MESSAGE, stopping: true, checks: [] };
      running ??= evaluate(state).finally(() => (running = null));
      return running;
    },
  };
}

interface ReadinessState {
  log: FastifyBaseLogger;
  timeoutMs: number;
  checks: ReadinessCheck[];
  stopping: boolean;
  /** Logged when a check changes state, not at every probe (a load balancer asks every few seconds). */
  failing: Set<CheckName>;
}

async function runOne({ log, timeoutMs, failing }: ReadinessState, check: ReadinessCheck) {
  const started = performance.now();
  let problem: string | null = null;
  try {
    await withTimeout(check.run, timeoutMs);
    if (failing.delete(check.name))
      log.info({ check: check.name }, 'pronto: il servizio risponde di nuovo');
  } catch (err) {
    // Only our own Italian sentence reaches the public answer; the cause (an address, a driver's text) goes to the log.
    problem = err instanceof NotReadyError ? err.message : `${check.label} non risponde`;
    if (!failing.has(check.name)) log.warn({ check: check.name, err }, `non pronto: ${problem}`);
    failing.add(check.name);
  }
  return {
    name: check.name,
    ok: problem === null,
    ms: Math.round(performance.now() - started),
    problem,
  };
}

async function evaluate(state: ReadinessState): Promise<Ready> {
  const results = await Promise.all(state.checks.map((check) => runOne(state, check)));
  const out = results.map(({ name, ok, ms }) => ({ name, ok, ms }));
  // Shutdown may have begun while the checks ran: it wins.
  if (state.stopping)
    return { status: 'not-ready', message: STOPPING_MESSAGE, stopping: true, checks: out };
  const problems = results.flatMap((r) => (r.problem ? [r.problem] : []));
  if (problems.length === 0) return { status: 'ready', stopping: false, checks: out };
  return {
    status: 'not-ready',
    message: `Non pronto: ${problems.join('; ')}`,
    stopping: false,
    checks: out,
  };
}

export type Readiness = ReturnType<typeof createReadiness>;

/** The newest migration this build ships: the database is ready once it has that one (or a newer one). */
const NEWEST_MIGRATION = Math.max(
  ...readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.folderMillis),
);

/**
 * The database answers and holds this build's migrations. Drizzle's migrator applies every migration
 * newer than the newest row of its table, so that row says how far the schema is (a newer instance of a
 * rolling upgrade may have gone further, which is fine).
 */
export function databaseCheck(db: Db): ReadinessCheck {
  return {
    name: 'database',
    label: 'il database',
    async run() {
      const result = await db
        .execute(
          sql`select coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations`,
        )
        // no migrations table (or schema) yet: the database answers, it is only not migrated
        .catch((err: unknown) =>
          ['42P01', '3F000'].includes(pgErrorCode(err) ?? '') ? null : Promise.reject(err),
        );
      const newest = result ? Number(rowsOf<{ newest: string }>(result)[0]?.newest ?? 0) : 0;
      if (newest < NEWEST_MIGRATION)
        throw new NotReadyError('il database non ha ancora tutte le migrazioni di questa versione');
    },
  };
}
