import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
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
  async function secondsUntilFree(column: typeof loginFailures.email | typeof loginFailures.ip, value: string, limit: number) {
    const since = new Date(Date.now() - limits.windowMs);
    const [row] = await db
      .select({ at: loginFailures.at })
      .from(loginFailures)
      .where(and(eq(column, value), gt(loginFailures.at, since)))
      .orderBy(desc(loginFailures.at))
      .offset(limit - 1)
      .limit(1);
    if (!row) return 0;
    return Math.max(1, Math.ceil((row.at.getTime() + limits.windowMs - Date.now()) / 1000));
  }

  return {
    async assertAllowed(email: string, ip: string) {
      const wait = Math.max(
        await secondsUntilFree(loginFailures.email, email, limits.perAccount),
        await secondsUntilFree(loginFailures.ip, ip, limits.perAddress),
      );
      if (wait > 0) {
        const minutes = Math.ceil(wait / 60);
        throw new AppError(
          'RATE_LIMITED',
          `Troppi tentativi di accesso non riusciti: riprova tra ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}`,
          { headers: { 'retry-after': String(wait) }, body: { success: false, retryAfter: wait } },
        );
      }
    },
    async recordFailure(email: string, ip: string) {
      await db.insert(loginFailures).values({ email, ip, at: new Date() });
    },
    async clearAccount(email: string) {
      await db.delete(loginFailures).where(eq(loginFailures.email, email));
    },
    async prune() {
      await db.delete(loginFailures).where(lt(loginFailures.at, new Date(Date.now() - Math.max(limits.windowMs, 86_400_000))));
    },
  };
}
