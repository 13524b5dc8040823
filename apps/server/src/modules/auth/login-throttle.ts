import { eq, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

export interface ThrottleLimits {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}

/**
 * Counts failed logins only (DESIGN §3.2), per account and per address, in the database so that
 * every instance sees the same count. No permanent lockout: the oldest failure leaving the window
 * frees the next try, and `Retry-After` says when.
 */
export function createLoginThrottle(db: Db, limits: ThrottleLimits) {
  const waitSeconds = (at: Date | string | null) =>
    at ? Math.max(1, Math.ceil((new Date(at).getTime() + limits.windowMs - Date.now()) / 1000)) : 0;

  return {
    /**
     * One statement: the failure that must leave the window before the next try, per account and per
     * address, and whether the account has failures to clear after a success.
     */
    async assertAllowed(email: string, ip: string): Promise<{ accountHasFailures: boolean }> {
      const since = new Date(Date.now() - limits.windowMs);
      const result = await db.execute<{ account_at: Date | string | null; ip_at: Date | string | null; has_failures: boolean }>(sql`
        select
          (select at from ${loginFailures} where email = ${email} and at > ${since} order by at desc offset ${limits.perAccount - 1} limit 1) as account_at,
          (select at from ${loginFailures} where ip = ${ip} and at > ${since} order by at desc offset ${limits.perAddress - 1} limit 1) as ip_at,
          exists (select 1 from ${loginFailures} where email = ${email}) as has_failures`);
      const row = (result as unknown as { rows: Array<{ account_at: Date | string | null; ip_at: Date | string | null; has_failures: boolean }> }).rows[0]!;
      const wait = Math.max(waitSeconds(row.account_at), waitSeconds(row.ip_at));
      if (wait > 0) {
        const minutes = Math.ceil(wait / 60);
        throw new AppError(
          'RATE_LIMITED',
          `Troppi tentativi di accesso non riusciti: riprova tra ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}`,
          { headers: { 'retry-after': String(wait) }, body: { success: false, retryAfter: wait } },
        );
      }
      return { accountHasFailures: row.has_failures };
    },
    async recordFailure(email: string, ip: string) {
      await db.insert(loginFailures).values({ email, ip, at: new Date() });
    },
    async clearAccount(email: string, tx: DbOrTx = db) {
      await tx.delete(loginFailures).where(eq(loginFailures.email, email));
    },
    async prune() {
      await db.delete(loginFailures).where(lt(loginFailures.at, new Date(Date.now() - Math.max(limits.windowMs, 86_400_000))));
    },
  };
}
