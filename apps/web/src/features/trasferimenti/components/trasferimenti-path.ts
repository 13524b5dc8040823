/** The transfers' history page (app-pages.ts): reached from the block and stock pages, not the menu (SPEC §2 has no entry for it). */
export const TRASFERIMENTI_PATH = '/app/pages/trasferimenti';
