import pg from 'pg';

/**
 * A statement seen this many times is prepared on each connection that runs it (docs/performance.md
 * "Statements prepared once per connection"): a one-off (a seed's insert of so many rows, an `in`
 * list of an unusual length) is not worth a prepared statement that lives as long as the connection.
 */
const SEEN_BEFORE_NAMING = 2;
/**
 * At most this many texts are named by one process: each one prepared on every connection of the
 * pool is parse trees and plans kept by PostgreSQL for the connection's life. Past it, a new text
 * runs unnamed, as every statement did before.
 */
const MAX_NAMED = 200;
/** The texts counted but not named yet; forgotten all at once when it grows past this. */
const MAX_COUNTED = 5_000;

const names = new Map<string, string>();
const counted = new Map<string, number>();
const PREPARABLE = /^\s*(select|with|insert|update|delete)\b/i;

/** The name a statement runs under, once it has been seen often enough; undefined: unnamed. */
export function statementName(text: string): string | undefined {
  const name = names.get(text);
  if (name || names.size >= MAX_NAMED || !PREPARABLE.test(text)) return name;
  const seen = (counted.get(text) ?? 0) + 1;
  if (seen < SEEN_BEFORE_NAMING) {
    if (counted.size >= MAX_COUNTED) counted.clear();
    counted.set(text, seen);
    return undefined;
  }
  counted.delete(text);
  // Names are unique in this process, and a connection belongs to one process.
  const named = `gc${names.size}`;
  names.set(text, named);
  return named;
}

interface QueryConfig {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}

/** A query config with its statement's name when it has one; anything else as it came. */
function withName(config: unknown, values: unknown): unknown {
  if (typeof config !== 'object' || config === null) return config;
  const query = config as QueryConfig;
  if (typeof query.text !== 'string' || query.name !== undefined || query.submit) return config;
  // Only statements with values: the others run through the simple protocol, in one trip already.
  const bound = Array.isArray(values) ? values : query.values;
  if (!Array.isArray(bound) || bound.length === 0) return config;
  const name = statementName(query.text);
  return name ? { ...query, name } : config;
}

/**
 * The pool's client: drizzle's statements (an object with `text`) go out under a name once seen
 * twice, so PostgreSQL parses each once per connection and may keep its plan. Statements stay
 * what they were otherwise; node-postgres prepares a name on a connection the first time it runs
 * there.
 */
export class PreparingClient extends pg.Client {}

const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
PreparingClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  return query.call(this, withName(args[0], args[1]), ...args.slice(1));
} as typeof pg.Client.prototype.query;
