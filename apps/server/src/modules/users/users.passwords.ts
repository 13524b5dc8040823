import { AppError, badRequest, notFound, unauthorized } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/auth/passwords.js';
import type { AuthContext } from '../../lib/auth/sessions.js';
import {
  assertNotCommon,
  generateTemporaryPassword,
  NOT_FOUND,
  type UsersDeps,
} from './users.common.js';
import * as repo from './users.repository.js';

const SAME_PASSWORD = 'La nuova password deve essere diversa da quella attuale';
const WRONG_PASSWORD = 'La password attuale non è corretta';

/** A password reset by an administrator, and the users' change of their own. */
export function createUsersPasswords({ db, sessions }: UsersDeps) {
  return {
    /**
     * An admin's reset: a random temporary password, shown once, that the user must replace at the
     * next login (the server refuses everything else until then). Every session of the user ends.
     */
    async resetPassword(id: string): Promise<string> {
      if (!(await repo.findUserById(db, id))) throw notFound(NOT_FOUND);
      const temporaryPassword = generateTemporaryPassword();
      const row = await repo.updateUser(db, id, {
        passwordHash: await hashPassword(temporaryPassword),
        mustChangePassword: true,
      });
      if (!row) throw notFound(NOT_FOUND);
      await sessions.revokeAllForUser(id);
      return temporaryPassword;
    },

    /** The only way users change their own password; their other sessions end. */
    async changePassword(actor: AuthContext, currentPassword: string, newPassword: string) {
      const row = await repo.findUserById(db, actor.user.id);
      if (!row) throw unauthorized();
      if (!(await verifyPassword(row.passwordHash, currentPassword))) {
        throw new AppError('VALIDATION', WRONG_PASSWORD, {
          details: [{ path: 'currentPassword', message: WRONG_PASSWORD }],
        });
      }
      if (currentPassword === newPassword) {
        throw badRequest(SAME_PASSWORD, [{ path: 'newPassword', message: SAME_PASSWORD }]);
      }
      assertNotCommon(newPassword, 'newPassword');
      await repo.updateUser(db, row.id, {
        passwordHash: await hashPassword(newPassword),
        mustChangePassword: false,
      });
      await sessions.revokeAllForUser(row.id, actor.sessionId);
      sessions.forgetUser(row.id);
    },
  };
}
