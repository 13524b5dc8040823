import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A slab's weight in SQL, the same rule as contracts' `pesoLastraT` (docs/reportistica.md, "Regole
 * delle cifre"): m² × thickness × the material's density, rounded to the tonne's 2 decimals per slab.
 * Any set of slabs — a bundle, a list's totals, a giacenze row — weighs the sum of its slabs' rounded
 * weights, so the same slabs weigh the same however they are grouped.
 */
export const pesoLastraSql = (mq: SQLWrapper, spessoreMm: SQLWrapper, densita: SQLWrapper): SQL =>
  sql`round((${mq} * ${spessoreMm} / 1000.0 * ${densita})::numeric, 2)`;

/** Slabs still in their bundle's m² and count: a sold, broken or shipped one has left it by the ledger. */
export const LASTRE_NEL_PACCO = ['disponibile', 'riservata', 'in_lavorazione'] as const;
