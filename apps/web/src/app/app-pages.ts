import { ENTITY_PAGES, type EntityKind } from '@gestcava/contracts';
import type { PageRule } from '@/lib/permissions';

/**
 * Every page under /app, as data: path (relative to /app), the rule its guard checks, its title, view
 * and icon. The menu (layout/menu-model.ts) links to these paths.
 */
export type PageView =
  | 'dashboard'
  | 'profile'
  /** clienti and fornitori: list and detail (features/anagrafica) */
  | 'anagrafica'
  /** Ditte del gruppo (features/group-companies) */
  | 'group-companies'
  /** Impostazioni, admin (features/settings) */
  | 'settings'
  /** bancate: list and detail (features/bancate) */
  | 'bancate'
  /** blocchi and blocchi esterni: list and detail (features/blocchi) */
  | 'blocchi'
  /** Galleria Foto (features/photos) */
  | 'photo-gallery'
  /** the chat (features/chat) */
  | 'chat'
  /** Lavorazione → Lastre: sawings, list and detail (features/lavorazioni-lastre) */
  | 'lavorazioni-lastre'
  /** Magazzino → Lastre: the slabs tab and a slab's detail (features/magazzino-lastre) */
  | 'magazzino-lastre'
  /** Magazzino → Lastre: the bundles tab and a bundle's detail (features/magazzino-lastre) */
  | 'magazzino-pacchi'
  /** Lavorazione → Pavimenti: tile cuts, list and detail (features/lavorazioni-pavimenti) */
  | 'lavorazioni-pavimenti'
  /** Magazzino → Pavimenti: tile lots, list and detail (features/magazzino-pavimenti) */
  | 'magazzino-pavimenti'
  /** Vendita → Collaudi: list and detail (features/collaudi) */
  | 'collaudi'
  /** transfers between group companies: history (features/trasferimenti), not in the menu */
  | 'trasferimenti'
  /** stock on hand of both magazzini (features/giacenze), linked from their pages, not in the menu */
  | 'giacenze'
  /** Analisi Dati → Statistiche: sections by period, with charts and tables (features/statistiche) */
  | 'statistiche'
  /** Analisi Dati → Reportistica: the printable reports (features/reportistica) */
  | 'reportistica';

export interface AppPage {
  path: string;
  rule: PageRule;
  title: string;
  view: PageView;
  icon: string;
  /** the page has a detail route `<path>/:id` (its module in router.tsx): the singular noun */
  detail?: string;
}

/** The path under /app of a kind's list page, from the one pages table (contracts/pages.ts). */
const pathOf = (kind: EntityKind) => ENTITY_PAGES[kind].path.slice('/app/'.length);

export const APP_PAGES: readonly AppPage[] = [
  {
    path: 'dashboard',
    rule: { page: 'dashboard' },
    title: 'Dashboard',
    view: 'dashboard',
    icon: 'pi pi-home',
  },
  {
    path: pathOf('bancata'),
    rule: { page: 'bancate' },
    title: 'Bancate',
    view: 'bancate',
    icon: 'pi pi-th-large',
    detail: 'bancata',
  },
  {
    path: 'photo-gallery',
    rule: { page: 'photo-gallery' },
    title: 'Galleria Foto',
    view: 'photo-gallery',
    icon: 'pi pi-images',
  },
  {
    path: 'reportistica',
    rule: { page: 'statistiche' },
    title: 'Reportistica',
    view: 'reportistica',
    icon: 'pi pi-file-pdf',
  },
  {
    path: 'chat',
    rule: { page: 'chat' },
    title: 'Chat',
    view: 'chat',
    icon: 'pi pi-comments',
  },
  {
    path: pathOf('blocco'),
    rule: { page: 'blocchi' },
    title: 'Blocchi',
    view: 'blocchi',
    icon: 'pi pi-stop',
    detail: 'blocco',
  },
  {
    path: pathOf('blocco-esterno'),
    rule: { page: 'blocchi-esterni' },
    title: 'Blocchi Esterni',
    view: 'blocchi',
    icon: 'pi pi-truck',
    detail: 'blocco esterno',
  },
  {
    path: pathOf('lavorazione-lastre'),
    rule: { page: 'lavorazione-lastre' },
    title: 'Lavorazione Lastre',
    view: 'lavorazioni-lastre',
    icon: 'pi pi-clone',
    detail: 'lavorazione',
  },
  {
    path: pathOf('lavorazione-pavimenti'),
    rule: { page: 'lavorazione-pavimenti' },
    title: 'Lavorazione Pavimenti',
    view: 'lavorazioni-pavimenti',
    icon: 'pi pi-table',
    detail: 'lavorazione',
  },
  {
    path: pathOf('lastra'),
    rule: { page: 'magazzino-lastre' },
    title: 'Magazzino Lastre',
    view: 'magazzino-lastre',
    icon: 'pi pi-clone',
    detail: 'lastra',
  },
  {
    path: pathOf('pacco'),
    rule: { page: 'magazzino-lastre' },
    title: 'Magazzino Lastre',
    view: 'magazzino-pacchi',
    icon: 'pi pi-box',
    detail: 'pacco',
  },
  {
    path: pathOf('lotto'),
    rule: { page: 'magazzino-pavimenti' },
    title: 'Magazzino Pavimenti',
    view: 'magazzino-pavimenti',
    icon: 'pi pi-table',
    detail: 'lotto',
  },
  {
    path: pathOf('collaudo'),
    rule: { page: 'collaudi' },
    title: 'Collaudi',
    view: 'collaudi',
    icon: 'pi pi-check-square',
    detail: 'collaudo',
  },
  {
    path: 'pages/statistiche',
    rule: { page: 'statistiche' },
    title: 'Statistiche',
    view: 'statistiche',
    icon: 'pi pi-chart-line',
  },
  {
    path: pathOf('cliente'),
    rule: { page: 'clienti' },
    title: 'Clienti',
    view: 'anagrafica',
    icon: 'pi pi-users',
    detail: 'cliente',
  },
  {
    path: pathOf('fornitore'),
    rule: { page: 'fornitori' },
    title: 'Fornitori',
    view: 'anagrafica',
    icon: 'pi pi-briefcase',
    detail: 'fornitore',
  },
  {
    // linked from Magazzino → Lastre and → Pavimenti; SPEC §2's menu has no entry for it
    path: 'pages/magazzino/giacenze',
    rule: { page: ['magazzino-lastre', 'magazzino-pavimenti'] },
    title: 'Giacenze',
    view: 'giacenze',
    icon: 'pi pi-chart-bar',
  },
  {
    // reached from the block and stock pages' "Ditte del gruppo" section; SPEC §2's menu has no entry for it
    path: 'pages/trasferimenti',
    rule: { page: ['blocchi', 'blocchi-esterni', 'magazzino-lastre', 'magazzino-pavimenti'] },
    title: 'Trasferimenti',
    view: 'trasferimenti',
    icon: 'pi pi-arrow-right-arrow-left',
  },
  {
    path: 'pages/group-companies',
    rule: { page: ['clienti', 'fornitori'] },
    title: 'Ditte del gruppo',
    view: 'group-companies',
    icon: 'pi pi-building',
  },
  {
    path: 'pages/settings',
    rule: 'admin',
    title: 'Impostazioni',
    view: 'settings',
    icon: 'pi pi-cog',
  },
  {
    path: 'pages/profile',
    rule: 'authenticated',
    title: 'Profilo',
    view: 'profile',
    icon: 'pi pi-user',
  },
];
