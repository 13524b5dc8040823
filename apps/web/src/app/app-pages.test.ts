import { describe, expect, it } from 'vitest';
import { ENTITY_PAGES, type User } from '@gestcava/contracts';
import type { RouteObject } from 'react-router';
import { DEMO_USERS } from '@/test/fixtures';
import {
  filterMenu as filterModel,
  groupOfPath,
  visibleLeaves,
  type MenuEntry,
} from '@/layout/menu-model';
import { APP_MENU, APP_PAGES } from './app-pages';
import { routes } from './router';

/** The sidebar as a user sees it: the menu derived from APP_PAGES. */
const filterMenu = (user: User | null) => filterModel(user, APP_MENU);

/**
 * docs/screens.md's sidebar, which the tests below pin entry by entry. A module's own page (automezzi…) is
 * pinned by its feature's test; the table test at the end checks every page with a menu is in it.
 */
const SPEC_MENU_KEYS = new Set([
  'dashboard',
  'bancate',
  'blocchi',
  'photo-gallery',
  'blocchi-esterni',
  'lavorazione-lastre',
  'lavorazione-pavimenti',
  'magazzino-lastre',
  'magazzino-pavimenti',
  'collaudi',
  'spedizioni',
  'statistiche',
  'reportistica',
  'clienti',
  'fornitori',
  'group-companies',
]);
const specOnly = (entries: MenuEntry[]): MenuEntry[] =>
  entries.flatMap((e): MenuEntry[] => {
    if (e.kind === 'group') {
      const items = e.items.filter((i) => SPEC_MENU_KEYS.has(i.key));
      return items.length ? [{ ...e, items }] : [];
    }
    return e.kind === 'item' && !SPEC_MENU_KEYS.has(e.key) ? [] : [e];
  });

const labels = (entries: MenuEntry[]) =>
  entries.map((e) =>
    e.kind === 'group' ? `${e.label}[${e.items.map((i) => i.label).join(',')}]` : e.label,
  );

describe('sidebar menu (docs/screens.md)', () => {
  it('admin sees every entry, with the FUNZIONI heading before Vendita', () => {
    expect(labels(specOnly(filterMenu(DEMO_USERS.admin)))).toEqual([
      'Dashboard',
      'Produzione[Bancate,Blocchi,Galleria Foto]',
      'Blocchi Esterni[Elenco Blocchi Esterni]',
      'Lavorazione[Lastre,Pavimenti]',
      'Magazzino[Lastre,Pavimenti]',
      'FUNZIONI',
      'Vendita[Collaudi,Spedizioni (DDT)]',
      'Analisi Dati[Statistiche,Reportistica]',
      'Anagrafica[Clienti,Fornitori,Ditte del gruppo]',
    ]);
  });

  it('the paths are the ones of docs/screens.md', () => {
    const leaves = visibleLeaves(DEMO_USERS.admin, APP_MENU).filter((l) =>
      SPEC_MENU_KEYS.has(l.key),
    );
    expect(leaves.map((l) => l.to)).toEqual([
      '/app/dashboard',
      '/app/bancate',
      '/app/pages/blocchi',
      '/app/photo-gallery',
      '/app/pages/blocchi-esterni',
      '/app/pages/lastre',
      '/app/pages/pavimenti',
      '/app/pages/magazzino/lastre',
      '/app/pages/magazzino/pavimenti',
      '/app/pages/collaudi',
      '/app/pages/spedizioni',
      '/app/pages/statistiche',
      '/app/reportistica',
      '/app/pages/clienti',
      '/app/pages/fornitori',
      '/app/pages/group-companies',
    ]);
  });

  it('produzione: production entries only, no FUNZIONI heading', () => {
    expect(labels(specOnly(filterMenu(DEMO_USERS.produzione)))).toEqual([
      'Dashboard',
      'Produzione[Bancate,Blocchi,Galleria Foto]',
      'Blocchi Esterni[Elenco Blocchi Esterni]',
    ]);
  });

  it('magazzino: lavorazione and magazzino, gallery under Produzione', () => {
    expect(labels(specOnly(filterMenu(DEMO_USERS.magazzino)))).toEqual([
      'Dashboard',
      'Produzione[Galleria Foto]',
      'Lavorazione[Lastre,Pavimenti]',
      'Magazzino[Lastre,Pavimenti]',
      'FUNZIONI',
      'Vendita[Spedizioni (DDT)]',
    ]);
  });

  it('vendite: read-only blocchi, Vendita with FUNZIONI, Analisi Dati, Anagrafica with Ditte del gruppo', () => {
    expect(labels(specOnly(filterMenu(DEMO_USERS.vendite)))).toEqual([
      'Dashboard',
      'Produzione[Blocchi]',
      'FUNZIONI',
      'Vendita[Collaudi,Spedizioni (DDT)]',
      'Analisi Dati[Statistiche,Reportistica]',
      'Anagrafica[Clienti,Fornitori,Ditte del gruppo]',
    ]);
  });

  it('segheria: blocchi, blocchi esterni, lastre processing and stock', () => {
    expect(labels(specOnly(filterMenu(DEMO_USERS.segheria)))).toEqual([
      'Dashboard',
      'Produzione[Blocchi]',
      'Blocchi Esterni[Elenco Blocchi Esterni]',
      'Lavorazione[Lastre]',
      'Magazzino[Lastre]',
    ]);
  });

  it('Ditte del gruppo shows with clienti or fornitori alone', () => {
    const onlyFornitori = { ...DEMO_USERS.produzione, permissions: { fornitori: true } };
    expect(labels(filterMenu(onlyFornitori))).toEqual([
      'Dashboard',
      'Anagrafica[Fornitori,Ditte del gruppo]',
    ]);
    const onlyClienti = { ...DEMO_USERS.produzione, permissions: { clienti: { access: true } } };
    expect(labels(filterMenu(onlyClienti))).toEqual([
      'Dashboard',
      'Anagrafica[Clienti,Ditte del gruppo]',
    ]);
  });

  it('Analisi Dati needs statistiche; no access flag means no entry', () => {
    const denied = { ...DEMO_USERS.produzione, permissions: { statistiche: { access: false } } };
    expect(labels(filterMenu(denied))).toEqual(['Dashboard']);
    const allowed = {
      ...DEMO_USERS.produzione,
      permissions: { statistiche: { access: true, write: false } },
    };
    expect(labels(filterMenu(allowed))).toEqual([
      'Dashboard',
      'Analisi Dati[Statistiche,Reportistica]',
    ]);
  });

  it('FUNZIONI appears only when the Vendita group exists', () => {
    const model = filterMenu({
      ...DEMO_USERS.produzione,
      permissions: { collaudi: false, clienti: true },
    });
    expect(model.some((e) => e.kind === 'heading')).toBe(false);
    const withVendita = filterMenu({ ...DEMO_USERS.produzione, permissions: { collaudi: true } });
    const i = withVendita.findIndex((e) => e.kind === 'heading' && e.label === 'FUNZIONI');
    expect(i).toBeGreaterThan(0);
    expect(withVendita[i + 1]).toMatchObject({ kind: 'group', label: 'Vendita' });
  });

  it('nobody logged in: nothing', () => {
    expect(filterMenu(null)).toEqual([]);
  });

  it('every page with a menu entry is one leaf, at its path under /app and behind its rule', () => {
    const leaves = APP_MENU.flatMap((e) =>
      e.kind === 'group' ? e.items : e.kind === 'item' ? [e] : [],
    );
    const withMenu = APP_PAGES.filter((p) => p.menu);
    expect(leaves.map((l) => l.key)).toEqual(withMenu.map((p) => p.menu?.key));
    for (const [i, page] of withMenu.entries()) {
      expect(leaves[i]).toMatchObject({
        to: `/app/${page.path}`,
        rule: page.rule,
        label: page.menu?.label,
      });
    }
  });

  it('groupOfPath finds the group of a page and of its detail route', () => {
    const entries = filterMenu(DEMO_USERS.admin);
    expect(groupOfPath(entries, '/app/pages/magazzino/lastre')).toBe('magazzino');
    expect(groupOfPath(entries, '/app/pages/lastre')).toBe('lavorazione');
    // the bundles are Magazzino → Lastre's other tab
    expect(groupOfPath(entries, '/app/pages/magazzino/pacchi/p1')).toBe('magazzino');
    expect(groupOfPath(entries, '/app/pages/blocchi/123')).toBe('produzione');
    expect(groupOfPath(entries, '/app/dashboard')).toBeNull();
  });
});

describe('routes of the /app pages (docs/screens.md, §6)', () => {
  /** The shell's children: where APP_PAGES become routes. */
  const appChildren = (): RouteObject[] => {
    const app = routes[0]?.children?.find((r) => r.path === 'app');
    return app?.children?.[0]?.children ?? [];
  };

  it('every page is a route guarded by its own rule, lazy-loaded, with a detail route when it has one', () => {
    for (const page of APP_PAGES) {
      const route = appChildren().find((r) => r.path === page.path);
      expect(route, page.path).toBeDefined();
      expect((route?.element as { props: { rule: unknown } }).props.rule).toEqual(page.rule);
      const [index, detail] = route?.children ?? [];
      expect(index).toMatchObject({
        index: true,
        lazy: page.load,
        handle: { title: page.title, page },
      });
      if (page.loadDetail)
        expect(detail).toMatchObject({
          path: ':id',
          lazy: page.loadDetail,
          handle: { detail: true },
        });
      else expect(detail).toBeUndefined();
    }
  });

  it('the guarded pages: admin-only settings, profile for anyone signed in, the stock pages on either magazzino', () => {
    const ruleOf = (path: string) => APP_PAGES.find((p) => p.path === path)?.rule;
    expect(ruleOf('pages/settings')).toBe('admin');
    expect(ruleOf('pages/profile')).toBe('authenticated');
    expect(ruleOf('pages/magazzino/giacenze')).toEqual({
      page: ['magazzino-lastre', 'magazzino-pavimenti'],
    });
    expect(ruleOf('pages/magazzino/pacchi')).toEqual({ page: 'magazzino-lastre' });
    expect(ruleOf('reportistica')).toEqual({ page: 'statistiche' });
    // a new DDT needs spedizioni's write; its list and detail its read
    expect(ruleOf('pages/spedizioni/nuovo')).toEqual({ page: 'spedizioni', mode: 'write' });
    expect(ruleOf('pages/spedizioni')).toEqual({ page: 'spedizioni' });
  });

  it('every kind of record has its detail page at <list path>/:id (contracts ENTITY_PAGES)', () => {
    for (const { path } of Object.values(ENTITY_PAGES)) {
      const page = APP_PAGES.find((p) => `/app/${p.path}` === path);
      expect(page?.loadDetail, path).toBeDefined();
    }
  });
});
