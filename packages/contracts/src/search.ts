/**
 * The text a search in the browser compares (users, chat, any list filtered client-side), by the
 * server's rules (apps/server/src/lib/search.ts, SQL `f_unaccent`): accents removed, apostrophes of any
 * style made `'`, lower case. Compare `searchKey(text).includes(searchKey(query))`.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`´]/g, "'")
    .toLowerCase();
}
