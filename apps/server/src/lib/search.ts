import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { containsPattern } from './pagination.js';

/**
 * The text every search compares: accents removed and apostrophes of any style made `'`, by the
 * IMMUTABLE SQL function `f_unaccent` (migration 0012, extension `unaccent` on both databases), so
 * "gia aperto" finds "già aperto" and "Dell'Amico" finds "Dell’Amico". A trigram index built on
 * `searchText(expr)` serves `matchesSearch(expr, q)`: keep the two expressions identical.
 */
export function searchText(expr: SQLWrapper): SQL {
  return sql`f_unaccent(${expr})`;
}

/** `expr` contains the user's text `q`, case, accents and apostrophe style aside. */
export function matchesSearch(expr: SQLWrapper, q: string): SQL {
  return sql`${searchText(expr)} ilike f_unaccent(${containsPattern(q)})`;
}
