import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export type NewUser = typeof users.$inferInsert;

export function findUserByEmail(db: DbOrTx, email: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
    .then((r) => r[0]);
}

export function findUserById(db: DbOrTx, id: string) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((r) => r[0]);
}

export function listUsers(db: DbOrTx) {
  return db.select().from(users).orderBy(asc(users.name));
}

export function insertUser(db: DbOrTx, values: NewUser) {
  return db
    .insert(users)
    .values(values)
    .returning()
    .then((r) => r[0]!);
}

export function updateUser(db: DbOrTx, id: string, values: Partial<NewUser>) {
  return db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning()
    .then((r) => r[0]);
}

export function deleteUser(db: DbOrTx, id: string) {
  return db
    .delete(users)
    .where(eq(users.id, id))
    .returning({ id: users.id })
    .then((r) => r.length > 0);
}

/** Locks the active admins' rows, so two concurrent demotions cannot both pass the last-admin check. */
export function lockActiveAdmins(db: DbOrTx) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true)))
    .orderBy(users.id)
    .for('no key update');
}
