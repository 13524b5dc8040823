import { describe, expect, it } from 'vitest';
import { permissionPreset, type User } from '@gestcava/contracts';
import { DEMO_USERS } from '@/test/fixtures';
import { filterMenu } from '@/layout/menu-model';
import { APP_MENU } from '../app-pages';

const anagrafica = (user: User) =>
  filterMenu(user, APP_MENU).find((e) => e.kind === 'group' && e.label === 'Anagrafica');
const itemsOf = (user: User) => {
  const group = anagrafica(user);
  return group?.kind === 'group' ? group.items.map((i) => `${i.label} ${i.to}`) : [];
};

describe('Anagrafica → Automezzi in the sidebar', () => {
  it('is the last entry of Anagrafica, for the admin and for the office and yard presets', () => {
    expect(itemsOf(DEMO_USERS.admin).at(-1)).toBe('Automezzi /app/pages/automezzi');
    for (const preset of ['Vendite', 'Magazzino', 'Sola lettura'] as const) {
      expect(
        itemsOf({ ...DEMO_USERS.produzione, permissions: permissionPreset(preset) }),
      ).toContain('Automezzi /app/pages/automezzi');
    }
  });

  it('is not there without the page', () => {
    expect(
      itemsOf({ ...DEMO_USERS.produzione, permissions: permissionPreset('Produzione') }),
    ).toEqual([]);
    expect(itemsOf({ ...DEMO_USERS.produzione, permissions: { spedizioni: true } })).toEqual([]);
  });
});
