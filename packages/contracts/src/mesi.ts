/**
 * The months' Italian names, January first, in lower case as Italian writes them inside a date
 * ("5 marzo 2026"): the report's monthly subtotals, the statistics' axis, the web calendar.
 */
export const MESI = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
] as const;

/** Their short forms, "gen" … "dic": each name's first three letters. */
export const MESI_BREVI = MESI.map((mese) => mese.slice(0, 3));
