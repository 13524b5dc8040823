import type { User } from '@gestcava/contracts';
import type { users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

/** The only place a user row becomes an API shape: no hash, ever. */
export function toUserDto(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    companyId: row.companyId,
    permissions: row.permissions,
    active: row.active,
    mustChangePassword: row.mustChangePassword,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}
