import { describe, expect, it } from 'vitest';
import { permissionPreset, type User } from '@gestcava/contracts';
import { DEMO_USERS } from '@/test/fixtures';
import { filterMenu } from '@/layout/menu-model';
import { APP_MENU } from '../app-pages';

const vendita = (user: User) => {
  const group = filterMenu(user, APP_MENU).find((e) => e.kind === 'group' && e.label === 'Vendita');
  return group?.kind === 'group' ? group.items.map((i) => `${i.label} ${i.to}`) : [];
};

describe('Vendita → Fatture in the sidebar', () => {
  it('comes after Spedizioni, for the admin, the vendite user and the Vendite preset', () => {
    const expected = ['Spedizioni (DDT) /app/pages/spedizioni', 'Fatture /app/pages/fatture'];
    expect(vendita(DEMO_USERS.admin).slice(-2)).toEqual(expected);
    expect(vendita(DEMO_USERS.vendite).slice(-2)).toEqual(expected);
    expect(
      vendita({ ...DEMO_USERS.produzione, permissions: permissionPreset('Vendite') }),
    ).toContain('Fatture /app/pages/fatture');
  });

  it('is not there without the page: the yard writes DDTs, the office invoices them', () => {
    expect(vendita(DEMO_USERS.magazzino)).toEqual(['Spedizioni (DDT) /app/pages/spedizioni']);
    expect(vendita({ ...DEMO_USERS.produzione, permissions: { spedizioni: true } })).not.toContain(
      'Fatture /app/pages/fatture',
    );
  });
});
