import type { ComponentType } from 'react';
import { ENTITY_PAGES, type EntityKind } from '@gestcava/contracts';
import type { PageRule } from '@/lib/permissions';
import { menuOf, type MenuGroupDef, type PageMenu } from '@/layout/menu-model';

/**
 * Every page under /app, as data, in one place: the router (router.tsx) makes each a guarded route
 * with its lazy modules, and APP_MENU (below, handed to the layout by the shell) lists those with a
 * `menu`. A new page is one entry here, with its path and permission in contracts' pages.ts and
 * permissions.ts.
 */

/** A lazy route module: route files in app/routes/ export `Component`. */
export type RouteModule = () => Promise<{ Component: ComponentType }>;

/** The sidebar's groups (docs/screens.md "Sidebar menu"); a page names its group in its `menu`. */
export const MENU_GROUPS = {
  produzione: { label: 'Produzione', icon: 'pi pi-box' },
  'blocchi-esterni-group': { label: 'Blocchi Esterni', icon: 'pi pi-truck' },
  lavorazione: { label: 'Lavorazione', icon: 'pi pi-cog' },
  magazzino: { label: 'Magazzino', icon: 'pi pi-warehouse' },
  vendita: { label: 'Vendita', icon: 'pi pi-shopping-cart', heading: 'FUNZIONI' },
  'analisi-dati': { label: 'Analisi Dati', icon: 'pi pi-chart-bar' },
  anagrafica: { label: 'Anagrafica', icon: 'pi pi-address-book' },
} as const satisfies Record<string, MenuGroupDef>;

export interface AppPage {
  /** relative to /app */
  path: string;
  /** what its guard checks; its menu entry shows under the same rule */
  rule: PageRule;
  /** the document title */
  title: string;
  /** the page at `path` */
  load: RouteModule;
  /** the detail page at `<path>/:id`, when the page has one */
  loadDetail?: RouteModule;
  /**
   * its sidebar entry; none: reached from other pages only. The menu follows this table's order: a
   * group stands where its first page is.
   */
  menu?: PageMenu<keyof typeof MENU_GROUPS>;
}

/** The path under /app of a kind's list page, from the one pages table (contracts/pages.ts). */
const pathOf = (kind: EntityKind) => ENTITY_PAGES[kind].path.slice('/app/'.length);

export const APP_PAGES: readonly AppPage[] = [
  {
    path: 'dashboard',
    rule: { page: 'dashboard' },
    title: 'Dashboard',
    load: () => import('./routes/dashboard'),
    menu: { key: 'dashboard', label: 'Dashboard', icon: 'pi pi-home' },
  },
  {
    path: pathOf('bancata'),
    rule: { page: 'bancate' },
    title: 'Bancate',
    load: () => import('./routes/bancate-list'),
    loadDetail: () => import('./routes/bancata-detail'),
    menu: { key: 'bancate', group: 'produzione', label: 'Bancate', icon: 'pi pi-th-large' },
  },
  {
    path: pathOf('blocco'),
    rule: { page: 'blocchi' },
    title: 'Blocchi',
    load: () => import('./routes/blocchi-list'),
    loadDetail: () => import('./routes/blocco-detail'),
    menu: { key: 'blocchi', group: 'produzione', label: 'Blocchi', icon: 'pi pi-stop' },
  },
  {
    path: 'photo-gallery',
    rule: { page: 'photo-gallery' },
    title: 'Galleria Foto',
    load: () => import('./routes/photo-gallery'),
    menu: {
      key: 'photo-gallery',
      group: 'produzione',
      label: 'Galleria Foto',
      icon: 'pi pi-images',
    },
  },
  {
    path: pathOf('blocco-esterno'),
    rule: { page: 'blocchi-esterni' },
    title: 'Blocchi Esterni',
    load: () => import('./routes/blocchi-list'),
    loadDetail: () => import('./routes/blocco-detail'),
    menu: {
      key: 'blocchi-esterni',
      group: 'blocchi-esterni-group',
      label: 'Elenco Blocchi Esterni',
      icon: 'pi pi-list',
    },
  },
  {
    path: pathOf('lavorazione-lastre'),
    rule: { page: 'lavorazione-lastre' },
    title: 'Lavorazione Lastre',
    load: () => import('./routes/lavorazioni-lastre-list'),
    loadDetail: () => import('./routes/lavorazione-lastre-detail'),
    menu: { key: 'lavorazione-lastre', group: 'lavorazione', label: 'Lastre', icon: 'pi pi-clone' },
  },
  {
    path: pathOf('lavorazione-pavimenti'),
    rule: { page: 'lavorazione-pavimenti' },
    title: 'Lavorazione Pavimenti',
    load: () => import('./routes/lavorazioni-pavimenti-list'),
    loadDetail: () => import('./routes/lavorazione-pavimenti-detail'),
    menu: {
      key: 'lavorazione-pavimenti',
      group: 'lavorazione',
      label: 'Pavimenti',
      icon: 'pi pi-table',
    },
  },
  {
    path: pathOf('lastra'),
    rule: { page: 'magazzino-lastre' },
    title: 'Magazzino Lastre',
    load: () => import('./routes/magazzino-lastre'),
    loadDetail: () => import('./routes/lastra-detail'),
    menu: {
      key: 'magazzino-lastre',
      group: 'magazzino',
      label: 'Lastre',
      icon: 'pi pi-clone',
      also: [ENTITY_PAGES.pacco.path],
    },
  },
  {
    // Magazzino → Lastre's bundles tab: its menu item is the slabs' one (`also`)
    path: pathOf('pacco'),
    rule: { page: 'magazzino-lastre' },
    title: 'Magazzino Lastre',
    load: () => import('./routes/magazzino-pacchi'),
    loadDetail: () => import('./routes/pacco-detail'),
  },
  {
    path: pathOf('lotto'),
    rule: { page: 'magazzino-pavimenti' },
    title: 'Magazzino Pavimenti',
    load: () => import('./routes/magazzino-pavimenti'),
    loadDetail: () => import('./routes/lotto-detail'),
    menu: {
      key: 'magazzino-pavimenti',
      group: 'magazzino',
      label: 'Pavimenti',
      icon: 'pi pi-table',
    },
  },
  {
    path: pathOf('collaudo'),
    rule: { page: 'collaudi' },
    title: 'Collaudi',
    load: () => import('./routes/collaudi-list'),
    loadDetail: () => import('./routes/collaudo-detail'),
    menu: { key: 'collaudi', group: 'vendita', label: 'Collaudi', icon: 'pi pi-check-square' },
  },
  {
    path: pathOf('ddt'),
    rule: { page: 'spedizioni' },
    title: 'Spedizioni',
    load: () => import('./routes/spedizioni-list'),
    loadDetail: () => import('./routes/spedizione-detail'),
    menu: { key: 'spedizioni', group: 'vendita', label: 'Spedizioni (DDT)', icon: 'pi pi-truck' },
  },
  {
    // Nuovo DDT: a page of its own (three steps, not a dialog), reached from the list, a collaudo or a
    // sale; its static path wins over the detail's `:id`
    path: `${pathOf('ddt')}/nuovo`,
    rule: { page: 'spedizioni', mode: 'write' },
    title: 'Nuovo DDT',
    load: () => import('./routes/spedizione-nuova'),
  },
  {
    path: pathOf('fattura'),
    rule: { page: 'fatture' },
    title: 'Fatture',
    load: () => import('./routes/fatture-list'),
    loadDetail: () => import('./routes/fattura-detail'),
    menu: { key: 'fatture', group: 'vendita', label: 'Fatture', icon: 'pi pi-receipt' },
  },
  {
    // Nuova fattura: a page of its own (cliente, DDTs, lines, payment, preview), reached from the
    // list or a DDT; its static path wins over the detail's `:id`
    path: `${pathOf('fattura')}/nuova`,
    rule: { page: 'fatture', mode: 'write' },
    title: 'Nuova fattura',
    load: () => import('./routes/fattura-nuova'),
  },
  {
    path: 'pages/statistiche',
    rule: { page: 'statistiche' },
    title: 'Statistiche',
    load: () => import('./routes/statistiche'),
    menu: {
      key: 'statistiche',
      group: 'analisi-dati',
      label: 'Statistiche',
      icon: 'pi pi-chart-line',
    },
  },
  {
    path: 'reportistica',
    rule: { page: 'statistiche' },
    title: 'Reportistica',
    load: () => import('./routes/reportistica'),
    menu: {
      key: 'reportistica',
      group: 'analisi-dati',
      label: 'Reportistica',
      icon: 'pi pi-file-pdf',
    },
  },
  {
    path: pathOf('cliente'),
    rule: { page: 'clienti' },
    title: 'Clienti',
    load: () => import('./routes/anagrafica-list'),
    loadDetail: () => import('./routes/anagrafica-detail'),
    menu: { key: 'clienti', group: 'anagrafica', label: 'Clienti', icon: 'pi pi-users' },
  },
  {
    path: pathOf('fornitore'),
    rule: { page: 'fornitori' },
    title: 'Fornitori',
    load: () => import('./routes/anagrafica-list'),
    loadDetail: () => import('./routes/anagrafica-detail'),
    menu: { key: 'fornitori', group: 'anagrafica', label: 'Fornitori', icon: 'pi pi-briefcase' },
  },
  {
    path: 'pages/group-companies',
    rule: { page: ['clienti', 'fornitori'] },
    title: 'Ditte del gruppo',
    load: () => import('./routes/group-companies'),
    menu: {
      key: 'group-companies',
      group: 'anagrafica',
      label: 'Ditte del gruppo',
      icon: 'pi pi-building',
    },
  },
  {
    path: 'pages/automezzi',
    rule: { page: 'automezzi' },
    title: 'Automezzi',
    load: () => import('./routes/automezzi'),
    menu: { key: 'automezzi', group: 'anagrafica', label: 'Automezzi', icon: 'pi pi-truck' },
  },
  {
    path: 'chat',
    rule: { page: 'chat' },
    title: 'Chat',
    load: () => import('./routes/chat'),
  },
  {
    // linked from Magazzino → Lastre and → Pavimenti; docs/screens.md's menu has no entry for it
    path: 'pages/magazzino/giacenze',
    rule: { page: ['magazzino-lastre', 'magazzino-pavimenti'] },
    title: 'Giacenze',
    load: () => import('./routes/giacenze'),
  },
  {
    // reached from the block and stock pages' "Ditte del gruppo" section; docs/screens.md's menu has no entry for it
    path: 'pages/trasferimenti',
    rule: { page: ['blocchi', 'blocchi-esterni', 'magazzino-lastre', 'magazzino-pavimenti'] },
    title: 'Trasferimenti',
    load: () => import('./routes/trasferimenti'),
  },
  {
    path: 'pages/settings',
    rule: 'admin',
    title: 'Impostazioni',
    load: () => import('./routes/settings'),
  },
  {
    path: 'pages/profile',
    rule: 'authenticated',
    title: 'Profilo',
    load: () => import('./routes/profile'),
  },
  {
    // the device's offline queue, reached from the top bar's "N azioni in attesa"
    path: 'pages/azioni-in-attesa',
    rule: 'authenticated',
    title: 'Azioni in attesa',
    load: () => import('./routes/azioni-in-attesa'),
  },
];

/** The sidebar menu, for every user (the layout filters it by the user's permissions). */
export const APP_MENU = menuOf(APP_PAGES, MENU_GROUPS);
