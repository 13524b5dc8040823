/** The transfers' history page (app-pages.ts): reached from the block and stock pages, not the menu (docs/screens.md has no entry for it). */
export const TRASFERIMENTI_PATH = '/app/pages/trasferimenti';
