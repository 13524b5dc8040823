import type { RegisterBody, UpdateUserBody, User } from '@gestcava/contracts';
import { registerBodySchema } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/auth/passwords.js';
import type { AuthContext, SessionStore } from '../../lib/auth/sessions.js';
import { constraintError } from '../../lib/db-errors.js';
import {
  assertCompanyExists,
  assertNotCommon,
  EMAIL_TAKEN,
  LAST_ADMIN,
  NOT_FOUND,
  type UsersDeps,
} from './users.common.js';
import { toUserDto, type UserRow } from './users.mapper.js';
import * as repo from './users.repository.js';

const SELF_FIELDS = new Set(['name', 'email']);

/** A non-admin may send only their own name and email: 400 naming every other field sent. */
function assertSelfFields(body: UpdateUserBody) {
  const fields = Object.keys(body).filter((k) => body[k as keyof UpdateUserBody] !== undefined);
  const refused = fields.filter((f) => !SELF_FIELDS.has(f));
  if (refused.length) {
    throw badRequest(
      'Puoi modificare solo il tuo nome e la tua email',
      refused.map((path) => ({ path, message: 'Campo modificabile solo da un amministratore' })),
    );
  }
}

/** Whether the change touches what the user's sessions carry (role, permissions, company, active, password). */
const changesAccess = (current: UserRow, body: UpdateUserBody, passwordChanged: boolean) =>
  (body.role !== undefined && body.role !== current.role) ||
  body.permissions !== undefined ||
  (body.companyId !== undefined && body.companyId !== current.companyId) ||
  (body.active !== undefined && body.active !== current.active) ||
  passwordChanged;

/**
 * The user's row changed under the lock of the active admins: the last active admin stays one, and an
 * email stays unique. Answers the row and whether the user's sessions must end.
 */
async function writeUpdate(
  tx: DbOrTx,
  actor: AuthContext,
  id: string,
  body: UpdateUserBody,
  passwordHash: string | undefined,
) {
  const admins = await repo.lockActiveAdmins(tx);
  const current = await repo.findUserById(tx, id);
  if (!current) throw notFound(NOT_FOUND);
  const wasActiveAdmin = current.role === 'admin' && current.active;
  const staysActiveAdmin =
    (body.role ?? current.role) === 'admin' && (body.active ?? current.active);
  if (wasActiveAdmin && !staysActiveAdmin && admins.length <= 1) throw conflict(LAST_ADMIN);
  if (body.email && body.email !== current.email.toLowerCase()) {
    const other = await repo.findUserByEmail(tx, body.email);
    if (other && other.id !== id) throw conflict(EMAIL_TAKEN);
  }
  const updated = await repo.updateUser(tx, id, {
    name: body.name,
    email: body.email,
    role: body.role,
    companyId: body.companyId,
    permissions: body.permissions,
    active: body.active,
    passwordHash,
    // A password an admin sets for another user is temporary, as after a reset.
    ...(passwordHash !== undefined && id !== actor.user.id ? { mustChangePassword: true } : {}),
  });
  return { row: updated!, revoke: changesAccess(current, body, passwordHash !== undefined) };
}

/**
 * The user's row deleted under the lock of the active admins (the last active admin stays); answers
 * the ids of the sessions that went with it.
 */
async function deleteUser(tx: DbOrTx, sessions: SessionStore, id: string): Promise<string[]> {
  const admins = await repo.lockActiveAdmins(tx);
  const current = await repo.findUserById(tx, id);
  if (!current) throw notFound(NOT_FOUND);
  if (current.role === 'admin' && current.active && admins.length <= 1) throw conflict(LAST_ADMIN);
  // the sessions go with the user row (cascade): read them first, so their sockets can be closed
  const ended = await sessions.liveIdsOfUser(id, tx);
  await repo.deleteUser(tx, id);
  return ended;
}

/** Creating, editing and deleting users (an administrator's acts, or a user's own name and email). */
export function createUsersEdits({ db, sessions }: UsersDeps) {
  return {
    /**
     * Creates a user; `defaultCompanyId` is the acting company when the body names none. A password an
     * administrator chose for someone else (`chosenFor: 'someone-else'`) must be replaced at first login,
     * as after a reset; the command-line admin chooses their own (`'self'`).
     */
    async register(
      input: RegisterBody,
      defaultCompanyId: string,
      chosenFor: 'self' | 'someone-else',
    ): Promise<User> {
      const body = registerBodySchema.parse(input);
      assertNotCommon(body.password, 'password');
      const companyId = body.companyId ?? defaultCompanyId;
      await assertCompanyExists(db, companyId);
      if (await repo.findUserByEmail(db, body.email)) throw conflict(EMAIL_TAKEN);
      try {
        const row = await repo.insertUser(db, {
          name: body.name,
          email: body.email,
          passwordHash: await hashPassword(body.password),
          role: body.role,
          companyId,
          permissions: body.role === 'admin' ? {} : body.permissions,
          active: body.active,
          mustChangePassword: chosenFor === 'someone-else',
        });
        return toUserDto(row);
      } catch (error) {
        throw constraintError(error, { unique: EMAIL_TAKEN }) ?? error;
      }
    },

    /**
     * A non-admin may change only their own name and email. An admin's change to role, permissions,
     * company, active flag or password revokes every session of that user.
     */
    async update(actor: AuthContext, id: string, body: UpdateUserBody): Promise<User> {
      if (actor.user.role !== 'admin') assertSelfFields(body);
      if (body.password) assertNotCommon(body.password, 'password');
      if (body.companyId) await assertCompanyExists(db, body.companyId);
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      const { row, revoke } = await db.transaction((tx) =>
        writeUpdate(tx, actor, id, body, passwordHash),
      );
      if (revoke) await sessions.revokeAllForUser(id);
      else sessions.forgetUser(id);
      return toUserDto(row);
    },

    /** The last admin cannot go; a user that records reference is deactivated instead (409). */
    async remove(id: string): Promise<void> {
      let ended: string[] = [];
      try {
        ended = await db.transaction((tx) => deleteUser(tx, sessions, id));
      } catch (error) {
        throw (
          constraintError(error, {
            foreignKey: "L'utente ha registrato dei dati e non può essere eliminato: disattivalo",
          }) ?? error
        );
      }
      sessions.ended(ended);
    },
  };
}
