import { describe, expect, it } from 'vitest';
import { PAGE_KEYS } from '@gestcava/contracts';
import { DEMO_USERS } from '@/test/fixtures';
import { can, isAllowed } from './permissions';

describe('can (docs/api.md "Who may call what", docs/api.md "Who may call what")', () => {
  it('dashboard is always allowed to a logged-in user', () => {
    expect(can({ role: 'user', permissions: {} }, 'dashboard')).toBe(true);
    expect(can(null, 'dashboard')).toBe(false);
  });

  it('admin passes every key in both modes', () => {
    for (const key of PAGE_KEYS) {
      expect(can(DEMO_USERS.admin, key, 'read')).toBe(true);
      expect(can(DEMO_USERS.admin, key, 'write')).toBe(true);
    }
  });

  it('true, false, { access } and { access, write }', () => {
    const u = {
      role: 'user',
      permissions: {
        bancate: true,
        blocchi: false,
        collaudi: { access: true },
        clienti: { access: true, write: false },
        fornitori: { access: false, write: true },
      },
    } as const;
    expect(can(u, 'bancate', 'read')).toBe(true);
    expect(can(u, 'bancate', 'write')).toBe(true);
    expect(can(u, 'blocchi')).toBe(false);
    expect(can(u, 'collaudi', 'write')).toBe(true); // write defaults to access
    expect(can(u, 'clienti', 'read')).toBe(true);
    expect(can(u, 'clienti', 'write')).toBe(false);
    expect(can(u, 'fornitori', 'read')).toBe(false);
    expect(can(u, 'statistiche')).toBe(false); // missing key
  });

  it('vendite reads blocchi but may not write them', () => {
    expect(can(DEMO_USERS.vendite, 'blocchi', 'read')).toBe(true);
    expect(can(DEMO_USERS.vendite, 'blocchi', 'write')).toBe(false);
  });

  it('isAllowed: authenticated, admin, any of several pages', () => {
    expect(isAllowed(DEMO_USERS.produzione, 'authenticated')).toBe(true);
    expect(isAllowed(null, 'authenticated')).toBe(false);
    expect(isAllowed(DEMO_USERS.produzione, 'admin')).toBe(false);
    expect(isAllowed(DEMO_USERS.admin, 'admin')).toBe(true);
    expect(isAllowed(DEMO_USERS.vendite, { page: ['clienti', 'fornitori'] })).toBe(true);
    expect(isAllowed(DEMO_USERS.produzione, { page: ['clienti', 'fornitori'] })).toBe(false);
    expect(isAllowed(DEMO_USERS.vendite, { page: 'blocchi', mode: 'write' })).toBe(false);
  });
});
