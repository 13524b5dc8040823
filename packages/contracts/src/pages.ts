import type { PageKey } from './permissions.js';

/**
 * Where each kind of record lives in the web app: the page whose permission governs it and the path
 * of its list, under which `<path>/:id` is its detail page. The server (genealogy, photo links) and
 * the web (routes, menu, links) take paths from here only.
 *
 * A module whose records get a page of their own adds its kind here when that page arrives.
 */
export const ENTITY_PAGES = {
  bancata: { page: 'bancate', path: '/app/bancate' },
  blocco: { page: 'blocchi', path: '/app/pages/blocchi' },
  'blocco-esterno': { page: 'blocchi-esterni', path: '/app/pages/blocchi-esterni' },
  'lavorazione-lastre': { page: 'lavorazione-lastre', path: '/app/pages/lastre' },
  'lavorazione-pavimenti': { page: 'lavorazione-pavimenti', path: '/app/pages/pavimenti' },
  pacco: { page: 'magazzino-lastre', path: '/app/pages/magazzino/pacchi' },
  lastra: { page: 'magazzino-lastre', path: '/app/pages/magazzino/lastre' },
  lotto: { page: 'magazzino-pavimenti', path: '/app/pages/magazzino/pavimenti' },
  collaudo: { page: 'collaudi', path: '/app/pages/collaudi' },
  ddt: { page: 'spedizioni', path: '/app/pages/spedizioni' },
  fattura: { page: 'fatture', path: '/app/pages/fatture' },
  cliente: { page: 'clienti', path: '/app/pages/clienti' },
  fornitore: { page: 'fornitori', path: '/app/pages/fornitori' },
} as const satisfies Record<string, { page: PageKey; path: `/app/${string}` }>;

export type EntityKind = keyof typeof ENTITY_PAGES;

/** The web route of a record's detail page, e.g. `/app/bancate/<id>`. */
export function detailPath(kind: EntityKind, id: string): string {
  return `${ENTITY_PAGES[kind].path}/${id}`;
}

/** The page a detail path belongs to (to link only where the user may go), if any. */
export function pageOfDetailPath(path: string): PageKey | undefined {
  return Object.values(ENTITY_PAGES).find((entry) => path.startsWith(`${entry.path}/`))?.page;
}
