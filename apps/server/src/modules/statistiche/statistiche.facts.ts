import type { StatistichePer, StatisticheUnita } from '@gestcava/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bancate, blocchi } from '../../db/schema/index.js';
import { pesoBloccoSql } from '../../lib/peso-blocco.js';

/**
 * The shared pieces of the statistiche's sections: the metric and section shapes and the SQL
 * expressions several sections use (statistiche.repository.ts says how a section is answered).
 */
export interface MetricDef {
  key: string;
  label: string;
  unit: StatisticheUnita;
  /** the aggregate over the facts' columns, or one per grouping where a share needs a window */
  expr: SQL | ((per: StatistichePer) => SQL);
  chart?: boolean;
  compare?: boolean;
  /** groupings where the figure means nothing (a bancata has no scelta) */
  not?: readonly StatistichePer[];
  /** what the figure counts, in a line: shown under it (docs/reportistica.md, "Regole delle cifre") */
  descrizione: string;
}

export interface SectionDef {
  /** one row per fact: `d` (date), the key columns `k_<per>` of its groupings, and the measures */
  facts: (companyId: string, from: string, to: string) => SQL;
  metrics: MetricDef[];
  /** no period: what is on hand today */
  snapshot?: boolean;
  note?: string;
}

/**
 * num × times ÷ den on numeric: counts are bigint, and `2 * 100 / 3` on integers is 66, not 66.7.
 * The float8 sums read as numeric keep 15 significant digits, the decimal they stand for
 * (contracts' `roundTo` reads a float the same way); `exprOf` then rounds half away from zero.
 */
export const ratio = (num: SQL, den: SQL, times = 1) =>
  sql`(${num})::numeric * ${times} / nullif((${den})::numeric, 0)`;

/** The key column of a grouping in the facts; its label is looked up once per group, after grouping. */
export const dim = (per: string, key: SQL) => sql`${key} as ${sql.identifier(`k_${per}`)}`;

/** A block's weight by the one rule (lib/peso-blocco.ts): the weighbridge figure when there is one, else net m³ × density. */
export const pesoBlocco = pesoBloccoSql(alias(blocchi, 'bl'));
/**
 * A collaudo row's m³ as measured, before its abbuono (contracts' calcolaRiga: the measured cm, else the
 * declared net ones; numeric rounds half up as volumeM3). Declared − accepted is two figures: the calo di
 * misura (declared − measured; signed, a block measured larger gives it back) and the abbuono agreed on it.
 */
export const volumeMisurato = sql`round(coalesce(r.lunghezza_rilevata, bl.lunghezza_netta)::numeric * coalesce(r.altezza_rilevata, bl.altezza_netta) * coalesce(r.profondita_rilevata, bl.profondita_netta) / 1000000, 3)`;
export const romeDay = (ts: SQL) => sql`(${ts} at time zone 'Europe/Rome')::date`;

/** The bancate of the production figures, as the dashboard's (lib/bancata-stato.ts). */
export const ba = alias(bancate, 'ba');

/**
 * The yield is over closed bancate only (`vnc`, `vbc`), as the dashboard's: an open bancata's blocks
 * are still to come, so its volume would lower the figure.
 */
export function resaExpr(per: StatistichePer): SQL {
  if (per !== 'scelta') return ratio(sql`sum(vnc)`, sql`sum(vbc)`, 100);
  // The bancate sit in the group without a scelta; their volume reaches every scelta's row through
  // a window over the period's grouped rows (the totals row, grouping 1, is its own partition).
  return ratio(sql`sum(vnc)`, sql`sum(sum(vbc)) over (partition by g.gp, grouping(g.k))`, 100);
}

/** Days in stock, from the production date to today (Rome), of the magazzino facts. */
export const eta = sql`(now() at time zone 'Europe/Rome')::date - d`;
export const ETA_KINDS = [
  { kind: 'blocco', key: 'Blocchi', label: 'blocchi', what: 'dei blocchi' },
  { kind: 'lastra', key: 'Lastre', label: 'lastre', what: 'delle lastre' },
  { kind: 'lotto', key: 'Pavimenti', label: 'lotti di pavimenti', what: 'dei lotti di pavimenti' },
] as const;
export const ETA_BUCKETS = [
  { key: '0_90', label: 'fino a 90 giorni', where: sql`${eta} <= 90` },
  { key: '91_180', label: '91–180 giorni', where: sql`${eta} between 91 and 180` },
  { key: '181_365', label: '181–365 giorni', where: sql`${eta} between 181 and 365` },
  { key: 'Oltre365', label: 'oltre un anno', where: sql`${eta} > 365` },
] as const;
/** Per kind, the average age and the four buckets, over the same items. */
export function etaMetrics(k: (typeof ETA_KINDS)[number]): MetricDef[] {
  const ofKind = sql`kind = ${k.kind}`;
  return [
    {
      key: `eta${k.key}`,
      label: `Giorni in magazzino ${k.what} (media)`,
      unit: 'giorni',
      expr: sql`avg(${eta}) filter (where ${ofKind})`,
      descrizione: `Giorni dalla data di produzione a oggi, media ${k.what} in giacenza`,
    },
    ...ETA_BUCKETS.map((b): MetricDef => ({
      key: `eta${k.key}${b.key}`,
      label: `${k.key} ${b.label}`,
      unit: 'n',
      expr: sql`count(*) filter (where ${ofKind} and ${b.where})`,
      descrizione: `Quanti ${k.label} in giacenza sono stati prodotti da ${b.label.replace('fino a ', 'al più ')}`,
    })),
  ];
}
