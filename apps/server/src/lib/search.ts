import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { containsPattern } from './pagination.js';
import { inline, type Binder } from './shaped-sql.js';

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
export function matchesSearch(expr: SQLWrapper, q: string, bind: Binder = inline): SQL {
  return matchesStoredSearch(searchText(expr), q, bind);
}

/**
 * The same test on a generated column that stores `searchText(…)` (blocchi and photos, migration 0017):
 * the trigram index's recheck then reads the text instead of computing it per candidate row.
 */
export function matchesStoredSearch(column: SQLWrapper, q: string, bind: Binder = inline): SQL {
  return sql`${column} ilike f_unaccent(${bind('q', containsPattern(q))})`;
}
