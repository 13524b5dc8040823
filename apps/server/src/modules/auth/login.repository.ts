import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures, sessions, users } from '../../db/schema/index.js';
import { pairFailures } from './login-throttle.js';

/**
 * A right password's three writes as one statement: the pair's failures cleared, the session inserted,
 * the user stamped (and rehashed when its parameters are old). One statement is atomic like the
 * transaction it replaced, and on the embedded database it is one trip through the engine instead of
 * five (BEGIN, three writes, COMMIT): 2–3 ms of a login that must stay within 1.5× one argon2
 * verify (docs/quality.md P6, docs/performance.md).
 */
export async function recordSuccessfulLogin(
  db: Db,
  input: {
    email: string;
    ip: string;
    session: typeof sessions.$inferInsert;
    passwordHash?: string;
  },
) {
  const cleared = db
    .$with('cleared')
    .as(
      db
        .delete(loginFailures)
        .where(pairFailures(input.email, input.ip))
        .returning({ id: loginFailures.id }),
    );
  const created = db
    .$with('created')
    .as(db.insert(sessions).values(input.session).returning({ id: sessions.id }));
  const now = new Date();
  const [row] = await db
    .with(cleared, created)
    .update(users)
    .set({
      lastLoginAt: now,
      updatedAt: now,
      ...(input.passwordHash ? { passwordHash: input.passwordHash } : {}),
    })
    .where(sql`${users.id} = ${input.session.userId}`)
    .returning({ ...getTableColumns(users), sessionId: sql<string>`(select id from created)` });
  return row;
}
