import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { todayInRomeSql } from './dates.js';

/**
 * The rule "an option past its day counts as `disponibile`" (docs/domain.md) in SQL, written once for every
 * query that reads blocks: the blocchi lists and detail, and the hand-written SQL of the dashboard,
 * statistiche and reportistica, which pass their alias (drizzle `alias(blocchi, 'b')`).
 */
type BloccoStatoColumns = { stato: AnyPgColumn; opzioneScadenza: AnyPgColumn };

/** An option holds through its expiry day in Rome; the day after it has lapsed (lib/dates.ts). */
export const optionLapsed = (b: BloccoStatoColumns): SQL =>
  sql`${b.opzioneScadenza} < ${todayInRomeSql}`;

/** A stored option whose day has passed. */
export const optionExpired = (b: BloccoStatoColumns): SQL =>
  sql`(${b.stato} = 'opzionato' and ${optionLapsed(b)})`;

/** The state a user sees: `disponibile` for a lapsed option, the stored state otherwise. */
export const statoEffettivoOf = (b: BloccoStatoColumns) =>
  sql<string>`(case when ${optionExpired(b)} then 'disponibile' else ${b.stato} end)`;

/** "In scadenza": an option whose last day is within this many days from today (Rome). */
const OPZIONE_IN_SCADENZA_GIORNI = 7;

// Written into the text, not bound: the lists keep their statements per shape, which may hold no
// bound value (docs/performance.md "Statements rendered once per shape").
// eslint-disable-next-line no-restricted-syntax -- a constant number, no input reaches it
const IN_SCADENZA_DAYS = sql.raw(String(OPZIONE_IN_SCADENZA_GIORNI));

/** An option still running whose last day is within `OPZIONE_IN_SCADENZA_GIORNI`: the lists' filter, the dashboard's tile and agenda. */
export const optionInScadenza = (b: BloccoStatoColumns): SQL =>
  sql`(${b.stato} = 'opzionato' and ${b.opzioneScadenza} between ${todayInRomeSql} and ${todayInRomeSql} + ${IN_SCADENZA_DAYS})`;
