import { ENTITY_PAGES, type User } from '@gestcava/contracts';
import { isAllowed, type PageRule } from '@/lib/permissions';

/**
 * The sidebar menu as data (SPEC §2 "Sidebar menu", EXAMPLES §4.2): one array, a rule per item,
 * filtered by the same `can` the guards and the server use.
 */
export interface MenuLeaf {
  kind: 'item';
  /** stable key, used by tests and the DOM (data-menu-key) */
  key: string;
  label: string;
  icon: string;
  to: string;
  /** other paths that are this item's page too (Magazzino → Lastre's bundles tab) */
  also?: readonly string[];
  rule: PageRule;
}

export interface MenuGroup {
  kind: 'group';
  key: string;
  label: string;
  icon: string;
  items: MenuLeaf[];
  /** extra rule for the whole group (Analisi Dati: statistiche) */
  rule?: PageRule;
}

export interface MenuHeading {
  kind: 'heading';
  key: string;
  label: string;
  /** shown only when this group is shown */
  whenGroup: string;
}

export type MenuEntry = MenuLeaf | MenuGroup | MenuHeading;

export const MENU_MODEL: readonly MenuEntry[] = [
  {
    kind: 'item',
    key: 'dashboard',
    label: 'Dashboard',
    icon: 'pi pi-home',
    to: '/app/dashboard',
    rule: { page: 'dashboard' },
  },
  {
    kind: 'group',
    key: 'produzione',
    label: 'Produzione',
    icon: 'pi pi-box',
    items: [
      { kind: 'item', key: 'bancate', label: 'Bancate', icon: 'pi pi-th-large', to: ENTITY_PAGES.bancata.path, rule: { page: 'bancate' } },
      { kind: 'item', key: 'blocchi', label: 'Blocchi', icon: 'pi pi-stop', to: ENTITY_PAGES.blocco.path, rule: { page: 'blocchi' } },
      { kind: 'item', key: 'photo-gallery', label: 'Galleria Foto', icon: 'pi pi-images', to: '/app/photo-gallery', rule: { page: 'photo-gallery' } },
    ],
  },
  {
    kind: 'group',
    key: 'blocchi-esterni-group',
    label: 'Blocchi Esterni',
    icon: 'pi pi-truck',
    items: [
      { kind: 'item', key: 'blocchi-esterni', label: 'Elenco Blocchi Esterni', icon: 'pi pi-list', to: ENTITY_PAGES['blocco-esterno'].path, rule: { page: 'blocchi-esterni' } },
    ],
  },
  {
    kind: 'group',
    key: 'lavorazione',
    label: 'Lavorazione',
    icon: 'pi pi-cog',
    items: [
      { kind: 'item', key: 'lavorazione-lastre', label: 'Lastre', icon: 'pi pi-clone', to: ENTITY_PAGES['lavorazione-lastre'].path, rule: { page: 'lavorazione-lastre' } },
      { kind: 'item', key: 'lavorazione-pavimenti', label: 'Pavimenti', icon: 'pi pi-table', to: ENTITY_PAGES['lavorazione-pavimenti'].path, rule: { page: 'lavorazione-pavimenti' } },
    ],
  },
  {
    kind: 'group',
    key: 'magazzino',
    label: 'Magazzino',
    icon: 'pi pi-warehouse',
    items: [
      { kind: 'item', key: 'magazzino-lastre', label: 'Lastre', icon: 'pi pi-clone', to: ENTITY_PAGES.lastra.path, also: [ENTITY_PAGES.pacco.path], rule: { page: 'magazzino-lastre' } },
      { kind: 'item', key: 'magazzino-pavimenti', label: 'Pavimenti', icon: 'pi pi-table', to: ENTITY_PAGES.lotto.path, rule: { page: 'magazzino-pavimenti' } },
    ],
  },
  { kind: 'heading', key: 'funzioni', label: 'FUNZIONI', whenGroup: 'vendita' },
  {
    kind: 'group',
    key: 'vendita',
    label: 'Vendita',
    icon: 'pi pi-shopping-cart',
    items: [
      { kind: 'item', key: 'collaudi', label: 'Collaudi', icon: 'pi pi-check-square', to: ENTITY_PAGES.collaudo.path, rule: { page: 'collaudi' } },
    ],
  },
  {
    kind: 'group',
    key: 'analisi-dati',
    label: 'Analisi Dati',
    icon: 'pi pi-chart-bar',
    rule: { page: 'statistiche' },
    items: [
      { kind: 'item', key: 'statistiche', label: 'Statistiche', icon: 'pi pi-chart-line', to: '/app/pages/statistiche', rule: { page: 'statistiche' } },
      { kind: 'item', key: 'reportistica', label: 'Reportistica', icon: 'pi pi-file-pdf', to: '/app/reportistica', rule: { page: 'statistiche' } },
    ],
  },
  {
    kind: 'group',
    key: 'anagrafica',
    label: 'Anagrafica',
    icon: 'pi pi-address-book',
    items: [
      { kind: 'item', key: 'clienti', label: 'Clienti', icon: 'pi pi-users', to: ENTITY_PAGES.cliente.path, rule: { page: 'clienti' } },
      { kind: 'item', key: 'fornitori', label: 'Fornitori', icon: 'pi pi-briefcase', to: ENTITY_PAGES.fornitore.path, rule: { page: 'fornitori' } },
      { kind: 'item', key: 'group-companies', label: 'Ditte del gruppo', icon: 'pi pi-building', to: '/app/pages/group-companies', rule: { page: ['clienti', 'fornitori'] } },
    ],
  },
];

/**
 * The entries this user sees: leaves by their rule, groups with at least one visible leaf (and
 * their own rule), headings only when their group survives.
 */
export function filterMenu(user: User | null | undefined, model: readonly MenuEntry[] = MENU_MODEL): MenuEntry[] {
  const kept: MenuEntry[] = [];
  for (const entry of model) {
    if (entry.kind === 'item') {
      if (isAllowed(user, entry.rule)) kept.push(entry);
    } else if (entry.kind === 'group') {
      if (entry.rule && !isAllowed(user, entry.rule)) continue;
      const items = entry.items.filter((item) => isAllowed(user, item.rule));
      if (items.length > 0) kept.push({ ...entry, items });
    } else {
      kept.push(entry);
    }
  }
  const groups = new Set(kept.filter((e) => e.kind === 'group').map((e) => e.key));
  return kept.filter((e) => e.kind !== 'heading' || groups.has(e.whenGroup));
}

/** Flat list of the visible leaves, in menu order. */
export function visibleLeaves(user: User | null | undefined): MenuLeaf[] {
  return filterMenu(user).flatMap((e) => (e.kind === 'item' ? [e] : e.kind === 'group' ? e.items : []));
}

/** Whether a path is the item's page or one under it (its detail pages). */
export function isItemPath(item: MenuLeaf, pathname: string): boolean {
  return [item.to, ...(item.also ?? [])].some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** The group that holds the given path (to open it on navigation). */
export function groupOfPath(entries: readonly MenuEntry[], pathname: string): string | null {
  for (const entry of entries) {
    if (entry.kind === 'group' && entry.items.some((i) => isItemPath(i, pathname))) {
      return entry.key;
    }
  }
  return null;
}
