import { can, canAny, type AccessMode, type PageKey } from '@gestcava/contracts';
import type { User } from '@gestcava/contracts';

/**
 * One rule vocabulary for menu entries, route guards and page actions, all answered by the
 * contracts' `can` (docs/api.md "Who may call what"): the same check the server makes.
 */
export type PageRule =
  'authenticated' | 'admin' | { page: PageKey | readonly PageKey[]; mode?: AccessMode };

export function isAllowed(user: User | null | undefined, rule: PageRule): boolean {
  if (!user) return false;
  if (rule === 'authenticated') return true;
  if (rule === 'admin') return user.role === 'admin';
  const mode = rule.mode ?? 'read';
  return typeof rule.page === 'string' ? can(user, rule.page, mode) : canAny(user, rule.page, mode);
}

export { can, canAny };
