import { BANCATA_STATI_TAGLIATE } from '@gestcava/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { constantWord } from './sql.js';

/**
 * Which bancate a production figure counts, in SQL, written once for the hand-written SQL of the
 * dashboard and statistiche (they pass `bancate` or their alias, `alias(bancate, 'ba')`), as
 * lib/blocco-stato.ts does for blocks.
 */
type BancataStatoColumns = { stato: AnyPgColumn };

/** Cut and toppled: its volume is production (a `pianificata` or `in_taglio` one is not yet; an `annullata` one never). */
export const bancataTagliata = (ba: BancataStatoColumns): SQL =>
  sql`${ba.stato} in (${sql.join(
    BANCATA_STATI_TAGLIATE.map((s) => constantWord(s)),
    sql`, `,
  )})`;

/**
 * Closed, its yield frozen: the only bancate a yield is taken over (all its blocks are squared; an
 * open one would lower it with volume whose blocks are still to come).
 */
export const bancataChiusa = (ba: BancataStatoColumns): SQL => sql`${ba.stato} = 'chiusa'`;
