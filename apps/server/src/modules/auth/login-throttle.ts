import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

export interface ThrottleLimits {
  /** Failures per (account, address) pair in the window: the user's own mistypes and a single-address attacker. */
  perPair: number;
  /** Failures per account in the window beyond which each attempt waits a growing delay (never a hard lock). */
  perAccount: number;
  /** Failures per address in the window, across accounts (an office shares one address). */
  perAddress: number;
  windowMs: number;
}

/** The failures of one (account, address) pair: a right password clears them. */
export const pairFailures = (email: string, ip: string) =>
  and(eq(loginFailures.email, email), eq(loginFailures.ip, ip));

/** The longest an attempt on a much-guessed account waits: one guess per 5 minutes at worst. */
const MAX_ACCOUNT_DELAY_S = 300;

/** A counted attempt: a failure unless `succeeded()` or `discard()` is called. */
export interface LoginAttempt {
  /** Right password: this attempt and the pair's earlier failures stop counting (the login does it in its own statement). */
  succeeded(): Promise<void>;
  /** Neither right nor wrong (e.g. a deactivated account): this attempt stops counting. */
  discard(): Promise<void>;
}

/** The 429 of a throttled attempt: `Retry-After` in seconds, the wait in minutes for the user. */
function rateLimited(wait: number) {
  const minutes = Math.ceil(wait / 60);
  return new AppError(
    'RATE_LIMITED',
    `Troppi tentativi di accesso non riusciti: riprova tra ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}`,
    { headers: { 'retry-after': String(wait) }, body: { success: false, retryAfter: wait } },
  );
}

async function execute<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0]!;
}

/** Seconds until enough of the oldest matching failures leave the window for one more attempt. */
async function waitFor(
  db: Db,
  limits: ThrottleLimits,
  where: ReturnType<typeof sql>,
  since: Date,
  over: number,
): Promise<number> {
  const row = await execute<{ at: Date | string | null }>(
    db,
    sql`
    select at from ${loginFailures} where ${where} and at > ${since} order by at asc offset ${over - 1} limit 1`,
  );
  if (!row?.at) return 1;
  return Math.max(1, Math.ceil((new Date(row.at).getTime() + limits.windowMs - Date.now()) / 1000));
}

/** The window's failures of the pair, of the account and of the address (this attempt's row among them). */
async function countFailures(db: Db, email: string, ip: string, since: Date) {
  const counts = await execute<{
    pair: number | string;
    account: number | string;
    address: number | string;
  }>(
    db,
    sql`
    select
      count(*) filter (where email = ${email} and ip = ${ip}) as pair,
      count(*) filter (where email = ${email}) as account,
      count(*) filter (where ip = ${ip}) as address
    from ${loginFailures} where at > ${since} and (email = ${email} or ip = ${ip})`,
  );
  return {
    pair: Number(counts.pair),
    account: Number(counts.account),
    address: Number(counts.address),
  };
}

/**
 * Past the account limit each attempt waits twice as long as the one before, but only from addresses
 * that already failed for this account: the user at their usual desk is never kept out by guesses
 * made elsewhere, while the guesser is slowed to one try per delay.
 */
async function accountWait(
  db: Db,
  limits: ThrottleLimits,
  attempt: { id: number; email: string },
  account: number,
): Promise<number> {
  const delay = Math.min(2 ** (account - limits.perAccount - 1), MAX_ACCOUNT_DELAY_S);
  const recent = await execute<{ n: number | string; last: Date | string | null }>(
    db,
    sql`
    select count(*) as n, max(at) filter (where id <> ${attempt.id}) as last from ${loginFailures}
    where email = ${attempt.email} and at > ${new Date(Date.now() - delay * 1000)}`,
  );
  if (Number(recent.n) <= 1) return 0;
  const last = recent.last ? new Date(recent.last).getTime() : Date.now();
  return Math.max(1, Math.ceil((last + delay * 1000 - Date.now()) / 1000));
}

/** Seconds the attempt must wait before a password is verified, 0 when it may go on. */
async function waitBefore(
  db: Db,
  limits: ThrottleLimits,
  attempt: { id: number; email: string; ip: string },
): Promise<number> {
  const { email, ip } = attempt;
  const since = new Date(Date.now() - limits.windowMs);
  const { pair, account, address } = await countFailures(db, email, ip, since);
  if (pair > limits.perPair)
    return waitFor(db, limits, sql`email = ${email} and ip = ${ip}`, since, pair - limits.perPair);
  if (address > limits.perAddress)
    return waitFor(db, limits, sql`ip = ${ip}`, since, address - limits.perAddress);
  if (account > limits.perAccount && pair > 1) return accountWait(db, limits, attempt, account);
  return 0;
}

/**
 * Throttles password guesses (docs/api.md "Sessions and anti-forgery") in the database, so every instance sees the same counts.
 * Each attempt is inserted *before* the password is verified and then counted in a second statement:
 * the k-th attempt to commit sees at least k rows, so however many run in parallel, at most the limit
 * get to verify a password. Rows of attempts that verified right are deleted; what stays are failures.
 */
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export function createLoginThrottle(db: Db, limits: ThrottleLimits) {
  async function remove(id: number) {
    await db.delete(loginFailures).where(eq(loginFailures.id, id));
  }

  return {
    /** Counts one attempt for `email` from `ip`, or answers 429 with `Retry-After` (the attempt then does not count). */
    async begin(email: string, ip: string): Promise<LoginAttempt> {
      const [inserted] = await db
        .insert(loginFailures)
        .values({ email, ip, at: new Date() })
        .returning({ id: loginFailures.id });
      const id = inserted!.id;
      const wait = await waitBefore(db, limits, { id, email, ip });
      if (wait > 0) {
        await remove(id);
        throw rateLimited(wait);
      }
      return {
        async succeeded() {
          // This attempt's own row is one of the pair's.
          await db.delete(loginFailures).where(pairFailures(email, ip));
        },
        discard: () => remove(id),
      };
    },
    async prune() {
      await db
        .delete(loginFailures)
        .where(lt(loginFailures.at, new Date(Date.now() - Math.max(limits.windowMs, 86_400_000))));
    },
  };
}
