import type { UsersDeps } from './users.common.js';
import { createUsersEdits } from './users.edits.js';
import { createUsersPasswords } from './users.passwords.js';
import { createUsersQueries } from './users.queries.js';

export type UsersService = ReturnType<typeof createUsersService>;

/**
 * The accounts: reads (`users.queries.ts`), an administrator's edits (`users.edits.ts`) and the
 * passwords (`users.passwords.ts`), each a file of its own that this factory assembles.
 */
export function createUsersService(deps: UsersDeps) {
  return {
    ...createUsersQueries(deps),
    ...createUsersEdits(deps),
    ...createUsersPasswords(deps),
  };
}
