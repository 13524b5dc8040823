import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { bancate, blocchi, materiali } from '../db/schema/index.js';

/**
 * A block's weight in SQL, the same rule as contracts' `pesoBlocco` (docs/domain.md "Weight"): the
 * weighbridge's `peso_pesa` where there is one, else the net volume × the material's density, rounded
 * to the tonne's 2 decimals per block before any sum. Written once for the aggregate queries of the
 * giacenze report, reportistica's block lists and statistiche magazzino, which pass their alias
 * (drizzle `alias(blocchi, 'b')`), as lib/blocco-stato.ts does for the state.
 */
type BloccoPesoColumns = {
  pesoPesa: AnyPgColumn;
  volumeNetto: AnyPgColumn;
  materialeId: AnyPgColumn;
};
type BloccoValoreColumns = BloccoPesoColumns & {
  prezzoListino: AnyPgColumn;
  unitaPrezzo: AnyPgColumn;
  origine: AnyPgColumn;
  prezzoAcquisto: AnyPgColumn;
  unitaPrezzoAcquisto: AnyPgColumn;
  costoTrasporto: AnyPgColumn;
};

/**
 * t, 2 decimals. A query that already joins the block's material passes its `densita` column: on the
 * embedded database the lookup per row costs a scan of `materiali` (docs/performance.md "Reports
 * page by the index").
 */
export const pesoBloccoSql = (b: BloccoPesoColumns, densita?: SQL): SQL =>
  sql`coalesce(${b.pesoPesa}, round(${b.volumeNetto} * ${densita ?? sql`(select ${materiali.densita} from ${materiali} where ${materiali.id} = ${b.materialeId})`}, 2))`;

/** The basis of that weight, as contracts' `PesoBase`: 'pesato' (the weighbridge) or 'teorico'. */
export const pesoBaseSql = (b: Pick<BloccoPesoColumns, 'pesoPesa'>): SQL =>
  sql`case when ${b.pesoPesa} is null then 'teorico' else 'pesato' end`;

/** What a bought-in block cost: its price by its unit (whole, per m³, per t) plus the transport, € to the cent. */
export const costoAcquistoSql = (b: BloccoValoreColumns): SQL =>
  sql`round(coalesce(${b.prezzoAcquisto}, 0) * (case ${b.unitaPrezzoAcquisto} when 'm3' then ${b.volumeNetto} when 't' then ${pesoBloccoSql(b)} else 1 end) + coalesce(${b.costoTrasporto}, 0), 2)`;

/**
 * A block's stock value, € to the cent (docs/reportistica.md, "Regole delle cifre"): at list price, per
 * m³ on the net volume, per t (or quintale) on the weight above; without a list price, a bought-in
 * block at what it cost (`costoAcquistoSql`), an own one at 0 — both counted as "senza listino".
 */
export const valoreBloccoSql = (b: BloccoValoreColumns): SQL =>
  sql`(case when ${b.prezzoListino} is not null
        then round(${b.prezzoListino} * (case ${b.unitaPrezzo} when 't' then ${pesoBloccoSql(b)} when 'q' then ${pesoBloccoSql(b)} * 10 else ${b.volumeNetto} end), 2)
        when ${b.origine} = 'esterno' then ${costoAcquistoSql(b)} else 0 end)`;

/**
 * A material's density was corrected: the weights stored from it (each block's `peso_teorico`, each
 * bancata's `peso_stimato`) follow, in the caller's transaction, so the detail's "Peso teorico" and the
 * bancata's gross weight agree with the live rule above and with every list, report and document.
 */
export async function ricalcolaPesiTeorici(
  tx: DbOrTx,
  companyId: string,
  materialeId: string,
  densita: number,
) {
  await tx
    .update(blocchi)
    .set({ pesoTeorico: sql`round(${blocchi.volumeNetto} * ${densita}, 2)` })
    .where(and(eq(blocchi.companyId, companyId), eq(blocchi.materialeId, materialeId)));
  await tx
    .update(bancate)
    .set({ pesoStimato: sql`round(${bancate.volumeLordo} * ${densita}, 2)` })
    .where(and(eq(bancate.companyId, companyId), eq(bancate.materialeId, materialeId)));
}
