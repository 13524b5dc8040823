import type { User } from '@gestcava/contracts';
import { notFound } from '../../lib/app-error.js';
import { NOT_FOUND, type UsersDeps } from './users.common.js';
import { toUserDto, type UserRow } from './users.mapper.js';
import * as repo from './users.repository.js';

/** The reads of the users: the list, one user, the account an email logs in to. */
export function createUsersQueries({ db }: UsersDeps) {
  return {
    async list(): Promise<User[]> {
      return (await repo.listUsers(db)).map(toUserDto);
    },

    async get(id: string): Promise<User> {
      const row = await repo.findUserById(db, id);
      if (!row) throw notFound(NOT_FOUND);
      return toUserDto(row);
    },

    /** The account an email logs in to, with its password hash (for the auth service only). */
    findForLogin(email: string): Promise<UserRow | undefined> {
      return repo.findUserByEmail(db, email);
    },

    /** The answer's user for a row the login stamped in its own statement (auth/login.repository.ts). */
    toDto: toUserDto,
  };
}
