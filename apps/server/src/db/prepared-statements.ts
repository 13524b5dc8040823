import pg from 'pg';

/**
 * A statement run this many times by a pool is prepared on each connection that runs it
 * (docs/performance.md "Statements prepared once per connection"): a one-off (a seed's insert of so
 * many rows, an `in` list of an unusual length) is not worth a prepared statement that lives as
 * long as the connection.
 */
const SEEN_BEFORE_NAMING = 3;
/**
 * At most this many texts are named by one pool: each one prepared on every connection of the pool
 * is a parse tree (and maybe a plan) kept by PostgreSQL for the connection's life, some kilobytes.
 * Past it, a new text runs unnamed, as every statement did before.
 */
const MAX_NAMED = 500;
/** The texts counted but not named yet; forgotten all at once when it grows past this. */
const MAX_COUNTED = 5_000;

const PREPARABLE = /^\s*(select|with|insert|update|delete)\b/i;

/** One pool's names: `name(text)` is the name a statement runs under, or undefined (unnamed). */
export function statementNames() {
  const names = new Map<string, string>();
  const counted = new Map<string, number>();
  return (text: string): string | undefined => {
    const name = names.get(text);
    if (name || names.size >= MAX_NAMED || !PREPARABLE.test(text)) return name;
    const seen = (counted.get(text) ?? 0) + 1;
    if (seen < SEEN_BEFORE_NAMING) {
      if (counted.size >= MAX_COUNTED) counted.clear();
      counted.set(text, seen);
      return undefined;
    }
    counted.delete(text);
    // Unique within the pool, and a connection belongs to one pool.
    const named = `gc${names.size}`;
    names.set(text, named);
    return named;
  };
}

interface QueryConfig {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}

/**
 * Whether `error` says this connection's prepared statement no longer runs: 0A000 "cached plan must
 * not change result type" (a migration changed a column under an instance still serving; 0A000 alone
 * is any unsupported feature, the routine tells this one) or 26000 "prepared statement does not
 * exist" (something discarded the session's statements).
 */
function isStale(error: unknown): boolean {
  const { code, routine } = (error ?? {}) as { code?: unknown; routine?: unknown };
  return code === '26000' || (code === '0A000' && routine === 'RevalidateCachedQuery');
}

/** What one connection adds to its pool's names: a new name for a text whose statement went stale here. */
interface ConnectionNames {
  renamed: Map<string, string>;
  stale: number;
}

/** The pool's name for a drizzle statement, or undefined (it runs unnamed). */
function nameFor(
  config: unknown,
  values: unknown,
  nameOf: (text: string) => string | undefined,
): string | undefined {
  if (typeof config !== 'object' || config === null) return undefined;
  const query = config as QueryConfig;
  if (typeof query.text !== 'string' || query.name !== undefined || query.submit) return undefined;
  // Only statements with values: the others run through the simple protocol, in one trip already.
  const bound = Array.isArray(values) ? values : query.values;
  if (!Array.isArray(bound) || bound.length === 0) return undefined;
  return nameOf(query.text);
}

/**
 * After a stale statement's error the text gets a new name on this connection, which node-postgres
 * then prepares afresh at its next run: the statement that failed (and, inside a transaction, the
 * transaction) fails once, the connection goes on serving. Only the promise form is watched: a
 * callback query is the pool's own, which drops a connection that answered an error.
 */
function renameWhenStale(
  result: unknown,
  name: string,
  sentAs: string,
  connection: ConnectionNames,
) {
  if (!(result instanceof Promise)) return result;
  return result.catch((error: unknown) => {
    // once per stale statement: a run queued under the same old name fails too, and finds it renamed
    const current = connection.renamed.get(name) ?? name;
    if (isStale(error) && sentAs === current) {
      connection.renamed.set(name, `${name}_${++connection.stale}`);
    }
    throw error;
  });
}

/**
 * The client class of one pool (`new pg.Pool({ Client: preparingClient() })`): drizzle's statements
 * (an object with `text`) go out under a name once the pool has run them a few times, so PostgreSQL
 * parses each once per connection and may keep its plan. Statements stay what they were otherwise;
 * node-postgres prepares a name on a connection the first time it runs there.
 */
export function preparingClient(): typeof pg.Client {
  const nameOf = statementNames();
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  class PreparingClient extends pg.Client {
    readonly names: ConnectionNames = { renamed: new Map(), stale: 0 };
  }
  PreparingClient.prototype.query = function (this: PreparingClient, ...args: unknown[]) {
    const name = nameFor(args[0], args[1], nameOf);
    if (!name) return query.call(this, ...args);
    const sentAs = this.names.renamed.get(name) ?? name;
    const config = { ...(args[0] as QueryConfig), name: sentAs };
    return renameWhenStale(query.call(this, config, ...args.slice(1)), name, sentAs, this.names);
  } as typeof pg.Client.prototype.query;
  return PreparingClient;
}
