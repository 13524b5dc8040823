import crypto from 'node:crypto';
import type { RegisterBody, UpdateUserBody, User } from '@gestcava/contracts';
import { registerBodySchema } from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/app-error.js';
import { companyExists } from '../../lib/companies.js';
import { constraintError } from '../../lib/db-errors.js';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from '../../lib/auth/passwords.js';
import type { AuthContext, SessionStore } from '../../lib/auth/sessions.js';
import { toUserDto, type UserRow } from './users.mapper.js';
import * as repo from './users.repository.js';

const EMAIL_TAKEN = 'Esiste già un utente con questa email';
const LAST_ADMIN = "Non è possibile: è l'ultimo amministratore attivo";
const SELF_FIELDS = new Set(['name', 'email']);
// No 0/O or 1/l/I: the admin reads it out or writes it down.
const TEMP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

/** Three groups of four unambiguous characters (about 71 bits), e.g. `Kp7w-Rt2M-x9Qa`. */
export function generateTemporaryPassword(): string {
  const chars = Array.from(
    { length: 12 },
    () => TEMP_ALPHABET[crypto.randomInt(TEMP_ALPHABET.length)],
  );
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8, 12)]
    .map((g) => g.join(''))
    .join('-');
}

function assertNotCommon(password: string, field: string) {
  if (isCommonPassword(password)) {
    throw badRequest(COMMON_PASSWORD_MESSAGE, [{ path: field, message: COMMON_PASSWORD_MESSAGE }]);
  }
}

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService({ db, sessions }: { db: Db; sessions: SessionStore }) {
  async function assertCompanyExists(companyId: string) {
    if (!(await companyExists(db, companyId)))
      throw badRequest('Azienda non valida', [
        { path: 'companyId', message: 'Azienda non valida' },
      ]);
  }

  return {
    async list(): Promise<User[]> {
      return (await repo.listUsers(db)).map(toUserDto);
    },

    async get(id: string): Promise<User> {
      const row = await repo.findUserById(db, id);
      if (!row) throw notFound('Utente non trovato');
      return toUserDto(row);
    },

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
      await assertCompanyExists(companyId);
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
      const isAdmin = actor.user.role === 'admin';
      const fields = Object.keys(body).filter((k) => body[k as keyof UpdateUserBody] !== undefined);
      if (!isAdmin) {
        const refused = fields.filter((f) => !SELF_FIELDS.has(f));
        if (refused.length) {
          throw badRequest(
            'Puoi modificare solo il tuo nome e la tua email',
            refused.map((path) => ({
              path,
              message: 'Campo modificabile solo da un amministratore',
            })),
          );
        }
      }
      if (body.password) assertNotCommon(body.password, 'password');
      if (body.companyId) await assertCompanyExists(body.companyId);
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;

      const { row, revoke } = await db.transaction(async (tx) => {
        const admins = await repo.lockActiveAdmins(tx);
        const current = await repo.findUserById(tx, id);
        if (!current) throw notFound('Utente non trovato');
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
          ...(passwordHash !== undefined && id !== actor.user.id
            ? { mustChangePassword: true }
            : {}),
        });
        const changedAccess =
          (body.role !== undefined && body.role !== current.role) ||
          body.permissions !== undefined ||
          (body.companyId !== undefined && body.companyId !== current.companyId) ||
          (body.active !== undefined && body.active !== current.active) ||
          passwordHash !== undefined;
        return { row: updated!, revoke: changedAccess };
      });
      if (revoke) await sessions.revokeAllForUser(id);
      else sessions.forgetUser(id);
      return toUserDto(row);
    },

    /** The last admin cannot go; a user that records reference is deactivated instead (409). */
    async remove(id: string): Promise<void> {
      let ended: string[] = [];
      try {
        await db.transaction(async (tx) => {
          const admins = await repo.lockActiveAdmins(tx);
          const current = await repo.findUserById(tx, id);
          if (!current) throw notFound('Utente non trovato');
          if (current.role === 'admin' && current.active && admins.length <= 1)
            throw conflict(LAST_ADMIN);
          // the sessions go with the user row (cascade): read them first, so their sockets can be closed
          ended = await sessions.liveIdsOfUser(id, tx);
          await repo.deleteUser(tx, id);
        });
      } catch (error) {
        throw (
          constraintError(error, {
            foreignKey: "L'utente ha registrato dei dati e non può essere eliminato: disattivalo",
          }) ?? error
        );
      }
      sessions.ended(ended);
    },

    /**
     * An admin's reset: a random temporary password, shown once, that the user must replace at the
     * next login (the server refuses everything else until then). Every session of the user ends.
     */
    async resetPassword(id: string): Promise<string> {
      if (!(await repo.findUserById(db, id))) throw notFound('Utente non trovato');
      const temporaryPassword = generateTemporaryPassword();
      const row = await repo.updateUser(db, id, {
        passwordHash: await hashPassword(temporaryPassword),
        mustChangePassword: true,
      });
      if (!row) throw notFound('Utente non trovato');
      await sessions.revokeAllForUser(id);
      return temporaryPassword;
    },

    /** The only way users change their own password; their other sessions end. */
    async changePassword(actor: AuthContext, currentPassword: string, newPassword: string) {
      const row = await repo.findUserById(db, actor.user.id);
      if (!row) throw unauthorized();
      if (!(await verifyPassword(row.passwordHash, currentPassword))) {
        throw new AppError('VALIDATION', 'La password attuale non è corretta', {
          details: [{ path: 'currentPassword', message: 'La password attuale non è corretta' }],
        });
      }
      if (currentPassword === newPassword) {
        throw badRequest('La nuova password deve essere diversa da quella attuale', [
          {
            path: 'newPassword',
            message: 'La nuova password deve essere diversa da quella attuale',
          },
        ]);
      }
      assertNotCommon(newPassword, 'newPassword');
      await repo.updateUser(db, row.id, {
        passwordHash: await hashPassword(newPassword),
        mustChangePassword: false,
      });
      await sessions.revokeAllForUser(row.id, actor.sessionId);
      sessions.forgetUser(row.id);
    },

    /** The account an email logs in to, with its password hash (for the auth service only). */
    findForLogin(email: string): Promise<UserRow | undefined> {
      return repo.findUserByEmail(db, email);
    },

    /** The answer's user for a row the login stamped in its own statement (auth/login.repository.ts). */
    toDto: toUserDto,
  };
}
