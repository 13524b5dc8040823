import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { materiali } from '../db/schema/index.js';

/**
 * A block's weight in SQL, the same rule as contracts' `pesoBlocco` (DESIGN §4 "Weight"): the
 * weighbridge's `peso_pesa` where there is one, else the net volume × the material's density, rounded
 * to the tonne's 2 decimals per block before any sum. Written once for the aggregate queries of the
 * giacenze report, reportistica's block lists and statistiche magazzino, which pass their alias
 * (drizzle `alias(blocchi, 'b')`), as lib/blocco-stato.ts does for the state.
 */
type BloccoPesoColumns = { pesoPesa: AnyPgColumn; volumeNetto: AnyPgColumn; materialeId: AnyPgColumn };
type BloccoValoreColumns = BloccoPesoColumns & { prezzoListino: AnyPgColumn; unitaPrezzo: AnyPgColumn };

/** t, 2 decimals. */
export const pesoBloccoSql = (b: BloccoPesoColumns): SQL =>
  sql`coalesce(${b.pesoPesa}, round(${b.volumeNetto} * (select ${materiali.densita} from ${materiali} where ${materiali.id} = ${b.materialeId}), 2))`;

/** The basis of that weight, as contracts' `PesoBase`: 'pesato' (the weighbridge) or 'teorico'. */
export const pesoBaseSql = (b: Pick<BloccoPesoColumns, 'pesoPesa'>): SQL => sql`case when ${b.pesoPesa} is null then 'teorico' else 'pesato' end`;

/** Value at list price, € to the cent per block: per m³ on the net volume, per t (or quintale) on the weight above; 0 without a price. */
export const valoreBloccoSql = (b: BloccoValoreColumns): SQL =>
  sql`round(coalesce(${b.prezzoListino}, 0) * (case ${b.unitaPrezzo} when 't' then ${pesoBloccoSql(b)} when 'q' then ${pesoBloccoSql(b)} * 10 else ${b.volumeNetto} end), 2)`;
