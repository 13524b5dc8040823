import type {
  Periodo,
  StatistichePer,
  StatisticheSezione,
  StatisticheUnita,
} from '@gestcava/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { bancate, blocchi } from '../../db/schema/index.js';
import { bancataChiusa, bancataTagliata } from '../../lib/bancata-stato.js';
import { statoEffettivoOf } from '../../lib/blocco-stato.js';
import { costoAcquistoSql, pesoBloccoSql, valoreBloccoSql } from '../../lib/peso-blocco.js';
import { rowsOf } from '../../lib/pagination.js';

// Statistiche: every figure is an aggregate computed by PostgreSQL. Each section is a
// "facts" query (one row per bancata, block, sawing, collaudo row, sale… of the company, with its
// day `d` and its dimensions), joined to the three periods (current, previous, last year) and
// grouped by the chosen dimension with GROUPING SETS, so one statement answers the rows and the
// totals of all three periods. Only the grouped rows travel to JavaScript.

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

/** Decimals kept per unit, so the API and the tests see the same rounded figure. */
const DECIMALS: Record<StatisticheUnita, number> = {
  n: 0,
  m3: 3,
  t: 2,
  m2: 2,
  eur: 2,
  pct: 1,
  m2m3: 2,
  eurm3: 2,
  eurt: 2,
  giorni: 0,
};

/**
 * num × times ÷ den on numeric: counts are bigint, and `2 * 100 / 3` on integers is 66, not 66.7.
 * The float8 sums read as numeric keep 15 significant digits, the decimal they stand for
 * (contracts' `roundTo` reads a float the same way); `exprOf` then rounds half away from zero.
 */
const ratio = (num: SQL, den: SQL, times = 1) =>
  sql`(${num})::numeric * ${times} / nullif((${den})::numeric, 0)`;

/** The key column of a grouping in the facts; its label is looked up once per group, after grouping. */
const dim = (per: string, key: SQL) => sql`${key} as ${sql.identifier(`k_${per}`)}`;
const nome = (table: string, id: SQL, column = 'nome') =>
  sql`(select ${sql.identifier(column)} from ${sql.identifier(table)} where id = (${id})::uuid)`;

/**
 * A group's label from its key. Looked up on the grouped rows (a handful), not on every fact: a
 * scalar subquery per fact row cost most of a produzione answer on PGlite (bench/results).
 */
const LABELS: Record<StatistichePer, (k: SQL) => SQL> = {
  mese: (k) => k,
  materiale: (k) => nome('materiali', k),
  cava: (k) => nome('cave', k),
  // a sale to a group company (a transfer) is keyed `ditta:<id>`: the receiving company's name
  cliente: (k) =>
    sql`case when ${k} like 'ditta:%' then (select name || ' (gruppo)' from companies where id = substr(${k}, 7)::uuid) else ${nome('clienti', k, 'ragione_sociale')} end`,
  fornitore: (k) => nome('fornitori', k, 'ragione_sociale'),
  // the tile cuts have no machine of their own: one group for them all
  macchina: (k) =>
    sql`case when ${k} = 'pavimenti' then 'Pavimenti (taglio)' else ${nome('macchine', k)} end`,
  scelta: (k) => sql`initcap(${k})`,
  spessore: (k) => sql`ltrim(${k}, '0') || ' mm'`,
  blocco: (k) => nome('blocchi', k, 'codice'),
};
/** A block's weight by the one rule (lib/peso-blocco.ts): the weighbridge figure when there is one, else net m³ × density. */
const pesoBlocco = pesoBloccoSql(alias(blocchi, 'bl'));
/**
 * A collaudo row's m³ as measured, before its abbuono (contracts' calcolaRiga: the measured cm, else the
 * declared net ones; numeric rounds half up as volumeM3). Declared − accepted is two figures: the calo di
 * misura (declared − measured; signed, a block measured larger gives it back) and the abbuono agreed on it.
 */
const volumeMisurato = sql`round(coalesce(r.lunghezza_rilevata, bl.lunghezza_netta)::numeric * coalesce(r.altezza_rilevata, bl.altezza_netta) * coalesce(r.profondita_rilevata, bl.profondita_netta) / 1000000, 3)`;
const romeDay = (ts: SQL) => sql`(${ts} at time zone 'Europe/Rome')::date`;

/** The bancate of the production figures, as the dashboard's (lib/bancata-stato.ts). */
const ba = alias(bancate, 'ba');

/**
 * The yield is over closed bancate only (`vnc`, `vbc`), as the dashboard's: an open bancata's blocks
 * are still to come, so its volume would lower the figure.
 */
function resaExpr(per: StatistichePer): SQL {
  if (per !== 'scelta') return ratio(sql`sum(vnc)`, sql`sum(vbc)`, 100);
  // The bancate sit in the group without a scelta; their volume reaches every scelta's row through
  // a window over the period's grouped rows (the totals row, grouping 1, is its own partition).
  return ratio(sql`sum(vnc)`, sql`sum(sum(vbc)) over (partition by g.gp, grouping(g.k))`, 100);
}

/** Days in stock, from the production date to today (Rome), of the magazzino facts. */
const eta = sql`(now() at time zone 'Europe/Rome')::date - d`;
const ETA_KINDS = [
  { kind: 'blocco', key: 'Blocchi', label: 'blocchi', what: 'dei blocchi' },
  { kind: 'lastra', key: 'Lastre', label: 'lastre', what: 'delle lastre' },
  { kind: 'lotto', key: 'Pavimenti', label: 'lotti di pavimenti', what: 'dei lotti di pavimenti' },
] as const;
const ETA_BUCKETS = [
  { key: '0_90', label: 'fino a 90 giorni', where: sql`${eta} <= 90` },
  { key: '91_180', label: '91–180 giorni', where: sql`${eta} between 91 and 180` },
  { key: '181_365', label: '181–365 giorni', where: sql`${eta} between 181 and 365` },
  { key: 'Oltre365', label: 'oltre un anno', where: sql`${eta} > 365` },
] as const;
/** Per kind, the average age and the four buckets, over the same items. */
function etaMetrics(k: (typeof ETA_KINDS)[number]): MetricDef[] {
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

export const SECTIONS: Record<StatisticheSezione, SectionDef> = {
  produzione: {
    // Blocks count on their production date (`data_riquadratura`, docs/domain.md); a bancata's gross volume on
    // its cut date, only once actually cut (a planned one is no production). Informi count by weight
    // (blocks of categoria informe and the bancata's loose informi), never in the m³ or the yield. The
    // yield is over the closed bancate of the period by cut date: their squared blocks (`resa` rows,
    // dated by the bancata's cut, whenever squared) over their gross volume (`vbc`).
    facts: (companyId, from, to) => sql`
      select ba.data_taglio as d, 'bancata' as kind, ${dim('cava', sql`ba.cava_id::text`)},
             ${dim('materiale', sql`ba.materiale_id::text`)}, ${dim('scelta', sql`null::text`)},
             ba.volume_lordo::float8 as vb, (case when ${bancataChiusa(ba)} then ba.volume_lordo else 0 end)::float8 as vbc,
             0::float8 as vn, 0::float8 as vnc, 0::float8 as t, coalesce(ba.informi_t, 0)::float8 as ti
      from bancate ba
      where ba.company_id = ${companyId} and ${bancataTagliata(ba)} and ba.data_taglio between ${from} and ${to}
      union all
      select bl.data_riquadratura, case when bl.categoria = 'informe' then 'informe' else 'blocco' end, bl.cava_id::text, bl.materiale_id::text, bl.scelta, 0, 0,
             (case when bl.categoria = 'informe' then 0 else bl.volume_netto end)::float8, 0,
             (case when bl.categoria = 'informe' then 0 else ${pesoBlocco} end)::float8, (case when bl.categoria = 'informe' then ${pesoBlocco} else 0 end)::float8
      from blocchi bl join bancate ba on ba.id = bl.bancata_id
      where bl.company_id = ${companyId} and bl.origine = 'interno' and ${bancataTagliata(ba)} and bl.data_riquadratura between ${from} and ${to}
      union all
      select ba.data_taglio, 'resa', bl.cava_id::text, bl.materiale_id::text, bl.scelta, 0, 0, 0, bl.volume_netto::float8, 0, 0
      from blocchi bl join bancate ba on ba.id = bl.bancata_id
      where bl.company_id = ${companyId} and bl.origine = 'interno' and bl.categoria <> 'informe' and ${bancataChiusa(ba)} and ba.data_taglio between ${from} and ${to}`,
    metrics: [
      {
        descrizione:
          'Bancate tagliate (ribaltate, in riquadratura o chiuse) con data di taglio nel periodo; non quelle ancora in taglio',
        key: 'bancate',
        label: 'Bancate',
        unit: 'n',
        expr: sql`count(*) filter (where kind = 'bancata')`,
        not: ['scelta'],
      },
      {
        descrizione: 'm³ lordi delle bancate tagliate nel periodo, per data di taglio',
        key: 'volumeBancate',
        label: 'Volume bancate tagliate',
        unit: 'm3',
        expr: sql`sum(vb)`,
        not: ['scelta'],
      },
      {
        descrizione:
          'Blocchi propri squadrati e semisquadrati per data di riquadratura; gli informi sono a parte, a peso',
        key: 'blocchi',
        label: 'Blocchi riquadrati',
        unit: 'n',
        expr: sql`count(*) filter (where kind = 'blocco')`,
        compare: true,
      },
      {
        descrizione: 'm³ netti dei blocchi riquadrati nel periodo, informi esclusi',
        key: 'volumeBlocchi',
        label: 'Volume netto blocchi',
        unit: 'm3',
        expr: sql`sum(vn)`,
        chart: true,
        compare: true,
      },
      {
        descrizione:
          'Peso alla pesa, altrimenti m³ netti × densità, dei blocchi riquadrati (informi esclusi)',
        key: 'pesoBlocchi',
        label: 'Peso blocchi',
        unit: 't',
        expr: sql`sum(t)`,
        compare: true,
      },
      {
        descrizione:
          'Blocchi informi a peso, per data di riquadratura, più gli informi sfusi delle bancate tagliate, per data di taglio',
        key: 'informiT',
        label: 'Informi',
        unit: 't',
        expr: sql`sum(ti)`,
        compare: true,
      },
      // Σ net block volume ÷ bancata gross volume over closed bancate (docs/domain.md); by scelta, each
      // scelta's share of all the period's closed bancate (a window over the grouped rows: a bancata has no scelta).
      {
        descrizione:
          'm³ netti dei blocchi riquadrati (informi esclusi) sul volume delle bancate chiuse tagliate nel periodo',
        key: 'resa',
        label: 'Resa bancata → blocchi',
        unit: 'pct',
        expr: resaExpr,
        compare: true,
      },
    ],
  },
  lavorazione: {
    // Completed work only: m², slabs and yields are known when a sawing or a tile cut completes.
    facts: (companyId, from, to) => sql`
      select l.data_fine as d, 'lastre' as kind, ${dim('materiale', sql`bl.materiale_id::text`)},
             ${dim('macchina', sql`l.macchina_id::text`)}, ${dim('spessore', sql`lpad(l.spessore_mm::text, 4, '0')`)}, ${dim('blocco', sql`l.blocco_id::text`)},
             bl.volume_netto::float8 as vol, coalesce(l.numero_lastre, 0) as nl, coalesce(l.mq_totali, 0)::float8 as mq, l.resa_teorica::float8 as rt,
             0::float8 as mqp, 0::float8 as scarto
      from lavorazioni_lastre l join blocchi bl on bl.id = l.blocco_id
      where l.company_id = ${companyId} and l.stato = 'completata' and l.data_fine between ${from} and ${to}
      union all
      select p.data_fine, 'pavimenti', p.materiale_id::text, 'pavimenti',
             lpad(p.spessore_mm::text, 4, '0'), p.blocco_id::text, 0, 0, 0, null, coalesce(p.mq_prodotti, 0)::float8, coalesce(p.scarto_mq, 0)::float8
      from lavorazioni_pavimenti p
      where p.company_id = ${companyId} and p.stato = 'completata' and p.data_fine between ${from} and ${to}`,
    metrics: [
      {
        descrizione: 'Segagioni completate nel periodo, per data di fine',
        key: 'segagioni',
        label: 'Segagioni',
        unit: 'n',
        expr: sql`count(*) filter (where kind = 'lastre')`,
        compare: true,
      },
      {
        descrizione: 'm³ netti dei blocchi delle segagioni completate',
        key: 'volumeSegato',
        label: 'Blocchi segati',
        unit: 'm3',
        expr: sql`sum(vol)`,
        compare: true,
      },
      {
        descrizione: 'Lastre prodotte dalle segagioni completate',
        key: 'lastre',
        label: 'Lastre',
        unit: 'n',
        expr: sql`sum(nl)`,
      },
      {
        descrizione: 'm² delle lastre prodotte dalle segagioni completate',
        key: 'mqLastre',
        label: 'Lastre prodotte',
        unit: 'm2',
        expr: sql`sum(mq)`,
        chart: true,
        compare: true,
      },
      {
        descrizione: 'm² di lastre per m³ netto di blocco segato',
        key: 'resa',
        label: 'Resa m²/m³',
        unit: 'm2m3',
        expr: ratio(sql`sum(mq)`, sql`sum(vol)`),
        compare: true,
      },
      // the theoretical maximum weighted by the volume sawn, so a big block counts for what it is
      {
        descrizione: 'La resa massima della macchina e dello spessore, pesata sul volume segato',
        key: 'resaTeorica',
        label: 'Resa teorica m²/m³',
        unit: 'm2m3',
        expr: ratio(sql`sum(rt * vol)`, sql`sum(vol)`),
      },
      {
        descrizione: 'Resa ottenuta sulla resa teorica',
        key: 'efficienza',
        label: 'Resa su teorica',
        unit: 'pct',
        expr: ratio(sql`sum(mq)`, sql`sum(rt * vol)`, 100),
      },
      {
        descrizione: 'm² delle piastrelle delle lavorazioni pavimenti completate',
        key: 'mqPavimenti',
        label: 'Pavimenti prodotti',
        unit: 'm2',
        expr: sql`sum(mqp)`,
        chart: true,
        compare: true,
      },
      {
        descrizione:
          'm² di scarto (m² del materiale meno m² delle piastrelle) sul materiale tagliato',
        key: 'scartoPavimenti',
        label: 'Scarto pavimenti',
        unit: 'pct',
        expr: ratio(sql`sum(scarto)`, sql`sum(mqp) + sum(scarto)`, 100),
      },
    ],
  },
  vendite: {
    // Sales of blocks are the accepted rows of confirmed collaudi (the rows keep their figures,
    // importo in cents); the other rows of those collaudi count for the outcomes. Slabs and tiles
    // are sold through the stock ledger: a `scarico` with a cliente and a price per m², slab or piece.
    // A transfer to a group company is the intercompany sale it is: each item at its transfer price
    // (trasferimenti_righe), a block with its net m³ and weight by the one rule (lib/peso-blocco.ts).
    // `venduto` marks a block sold (accepted at collaudo or transferred): the block figures count those;
    // `informe` ones count in pieces, tonnes and euros, never in the m³ nor the €/m³ (sold by weight).
    facts: (companyId, from, to) => sql`
      select c.data as d, 'collaudo' as kind, r.esito, ${dim('cliente', sql`c.cliente_id::text`)},
             ${dim('materiale', sql`bl.materiale_id::text`)},
             ${dim('scelta', sql`coalesce(r.scelta_assegnata, bl.scelta)`)},
             r.volume_netto_accettato::float8 as vol, r.peso::float8 as t, coalesce(r.importo, 0)::float8 / 100 as eur,
             (bl.volume_netto - ${volumeMisurato})::float8 as calo_m3,
             (${volumeMisurato} - r.volume_netto_accettato)::float8 as abbuono_m3,
             (r.abbuono_tipo is not null and coalesce(r.abbuono_valore, 0) > 0) as abbuono, 0::float8 as mq, 0::float8 as eur_stock,
             r.esito in ('accettato', 'accettato_con_riserva') as venduto, bl.categoria = 'informe' as informe
      from collaudo_righe r join collaudi c on c.id = r.collaudo_id join blocchi bl on bl.id = r.blocco_id
      where c.company_id = ${companyId} and c.stato = 'confermato' and r.esito is not null and c.data between ${from} and ${to}
      union all
      select ${romeDay(sql`m.created_at`)}, 'stock', null, m.cliente_id::text,
             coalesce(pa.materiale_id, lo.materiale_id)::text,
             coalesce(la.scelta, pa.scelta, lo.scelta),
             0, 0, 0, 0, 0, false, (-m.mq)::float8,
             (m.prezzo * case m.unita_prezzo when 'mq' then -m.mq else -m.pezzi end)::float8, false, false
      from movimenti m
        left join lastre la on la.id = m.lastra_id
        left join pacchi pa on pa.id = coalesce(m.pacco_id, la.pacco_id)
        left join lotti lo on lo.id = m.lotto_id
      where m.company_id = ${companyId} and m.tipo = 'scarico' and m.cliente_id is not null and m.prezzo is not null
        and m.created_at >= (${from}::date::timestamp at time zone 'Europe/Rome') and m.created_at < ((${to}::date + 1)::timestamp at time zone 'Europe/Rome')
      union all
      select ${romeDay(sql`tr.created_at`)}, 'trasferimento', null, 'ditta:' || tr.destinazione_company_id::text,
             coalesce(bl.materiale_id, pa.materiale_id, lo.materiale_id)::text,
             coalesce(bl.scelta, pa.scelta, lo.scelta),
             coalesce(bl.volume_netto, 0)::float8, coalesce(${pesoBlocco}, 0)::float8,
             (case when t.tipo = 'blocco' then t.prezzo else 0 end)::float8, 0, 0, false,
             (case when t.tipo = 'blocco' then 0 else t.mq end)::float8, (case when t.tipo = 'blocco' then 0 else t.prezzo end)::float8,
             t.tipo = 'blocco', coalesce(bl.categoria = 'informe', false)
      from trasferimenti_righe t join trasferimenti tr on tr.id = t.trasferimento_id
        left join blocchi bl on t.tipo = 'blocco' and bl.id = t.origine_id
        left join pacchi pa on t.tipo = 'pacco' and pa.id = t.origine_id
        left join lotti lo on t.tipo = 'lotto' and lo.id = t.origine_id
      where tr.company_id = ${companyId}
        and tr.created_at >= (${from}::date::timestamp at time zone 'Europe/Rome') and tr.created_at < ((${to}::date + 1)::timestamp at time zone 'Europe/Rome')`,
    metrics: [
      {
        descrizione:
          'Blocchi accettati nei collaudi confermati e blocchi trasferiti alle ditte del gruppo, informi compresi',
        key: 'blocchi',
        label: 'Blocchi venduti',
        unit: 'n',
        expr: sql`count(*) filter (where venduto)`,
        compare: true,
      },
      {
        descrizione:
          'm³ netti accettati dei blocchi venduti e trasferiti, informi esclusi (si vendono a peso)',
        key: 'volume',
        label: 'Volume venduto',
        unit: 'm3',
        expr: sql`sum(vol) filter (where venduto and not informe)`,
        compare: true,
      },
      {
        descrizione: 'Peso dei blocchi venduti e trasferiti, informi compresi',
        key: 'peso',
        label: 'Peso venduto',
        unit: 't',
        expr: sql`sum(t) filter (where venduto)`,
      },
      {
        descrizione:
          'Importo dei blocchi accettati nei collaudi confermati e prezzo di trasferimento alle ditte del gruppo',
        key: 'importoBlocchi',
        label: 'Importo blocchi',
        unit: 'eur',
        expr: sql`sum(eur) filter (where venduto)`,
        compare: true,
      },
      {
        descrizione: 'Importo dei blocchi non informi sui loro m³',
        key: 'prezzoM3',
        label: 'Prezzo medio €/m³',
        unit: 'eurm3',
        expr: ratio(
          sql`sum(eur) filter (where venduto and not informe)`,
          sql`sum(vol) filter (where venduto and not informe)`,
        ),
        compare: true,
      },
      {
        descrizione: 'Importo dei blocchi venduti sul loro peso',
        key: 'prezzoT',
        label: 'Prezzo medio €/t',
        unit: 'eurt',
        expr: ratio(sql`sum(eur) filter (where venduto)`, sql`sum(t) filter (where venduto)`),
      },
      {
        descrizione:
          'm² di lastre e pavimenti venduti dal magazzino o trasferiti alle ditte del gruppo',
        key: 'mqVenduti',
        label: 'Lastre e pavimenti venduti',
        unit: 'm2',
        expr: sql`sum(mq)`,
      },
      {
        descrizione:
          'Importo delle vendite di lastre e pavimenti e dei loro trasferimenti alle ditte del gruppo',
        key: 'importoStock',
        label: 'Importo lastre e pavimenti',
        unit: 'eur',
        expr: sql`sum(eur_stock)`,
      },
      {
        descrizione: 'Blocchi, lastre e pavimenti, compresi i trasferimenti alle ditte del gruppo',
        key: 'importo',
        label: 'Importo totale',
        unit: 'eur',
        expr: sql`coalesce(sum(eur) filter (where venduto), 0) + coalesce(sum(eur_stock), 0)`,
        chart: true,
        compare: true,
      },
      {
        descrizione: 'Righe accettate dei collaudi confermati',
        key: 'accettati',
        label: 'Esito: accettati',
        unit: 'n',
        expr: sql`count(*) filter (where esito = 'accettato')`,
      },
      {
        descrizione: 'Righe accettate con riserva dei collaudi confermati',
        key: 'conRiserva',
        label: 'Esito: con riserva',
        unit: 'n',
        expr: sql`count(*) filter (where esito = 'accettato_con_riserva')`,
      },
      {
        descrizione: 'Righe rifiutate dei collaudi confermati',
        key: 'rifiutati',
        label: 'Esito: rifiutati',
        unit: 'n',
        expr: sql`count(*) filter (where esito = 'rifiutato')`,
      },
      {
        descrizione:
          'Righe accettate (anche con riserva) su tutte le righe esaminate dei collaudi confermati',
        key: 'percAccettati',
        label: 'Blocchi accettati',
        unit: 'pct',
        expr: ratio(
          sql`count(*) filter (where esito in ('accettato', 'accettato_con_riserva'))`,
          sql`count(*) filter (where kind = 'collaudo')`,
          100,
        ),
      },
      {
        descrizione: 'Righe accettate con un abbuono',
        key: 'abbuoni',
        label: 'Righe con abbuono',
        unit: 'n',
        expr: sql`count(*) filter (where abbuono and esito in ('accettato', 'accettato_con_riserva'))`,
      },
      // on the accepted blocks: what the buyer measured less than the declared net volume, and what was then allowed off it
      {
        descrizione: 'm³ dichiarati meno m³ misurati al collaudo, sui blocchi accettati',
        key: 'caloM3',
        label: 'm³ calo di misura',
        unit: 'm3',
        expr: sql`sum(calo_m3) filter (where esito in ('accettato', 'accettato_con_riserva'))`,
      },
      {
        descrizione: "m³ misurati meno m³ accettati dopo l'abbuono, sui blocchi accettati",
        key: 'abbuonoM3',
        label: 'm³ abbuonati',
        unit: 'm3',
        expr: sql`sum(abbuono_m3) filter (where esito in ('accettato', 'accettato_con_riserva'))`,
      },
    ],
  },
  magazzino: {
    // What is on hand today: blocks disponibili or opzionati (an option past its day is disponibile:
    // lib/blocco-stato.ts), slabs disponibili or riservate, tile lots with pieces. `d` is the item's
    // production date (docs/reportistica.md, "Regole delle cifre"): a block's riquadratura (a bought-in
    // one's purchase), the sawing or tile cut that made a slab or a lot; ageing is today minus that day,
    // per kind, its average and its buckets over the same items. Weight and value per item by the rules
    // of lib/peso-blocco.ts, rounded per item as the giacenze report rounds them.
    snapshot: true,
    note: 'Giacenza alla data odierna: il periodo non si applica. Per mese: il mese di produzione.',
    facts: (companyId) => sql`
      select case when bl.origine = 'esterno' then coalesce(bl.data_acquisto, bl.data_riquadratura) else bl.data_riquadratura end as d, 'blocco' as kind,
             ${statoEffettivoOf(alias(blocchi, 'bl'))} as stato,
             ${dim('materiale', sql`bl.materiale_id::text`)}, ${dim('scelta', sql`bl.scelta`)},
             bl.volume_netto::float8 as vol, ${pesoBlocco}::float8 as t, 0::float8 as mq_lastre, 0::float8 as mq_pav,
             ${valoreBloccoSql(alias(blocchi, 'bl'))}::float8 as valore, bl.prezzo_listino is null as senza_listino
      from blocchi bl
      where bl.company_id = ${companyId} and bl.stato in ('disponibile', 'opzionato')
      union all
      select coalesce(ll.data_fine, ${romeDay(sql`l.created_at`)}), 'lastra', null, p.materiale_id::text, l.scelta,
             0, 0, l.mq::float8, 0, round(l.mq * coalesce(p.prezzo_listino, 0), 2)::float8, p.prezzo_listino is null
      from lastre l join pacchi p on p.id = l.pacco_id left join lavorazioni_lastre ll on ll.id = p.lavorazione_id
      where l.company_id = ${companyId} and l.stato in ('disponibile', 'riservata')
      union all
      select coalesce(lp.data_fine, ${romeDay(sql`lo.created_at`)}), 'lotto', null, lo.materiale_id::text, lo.scelta,
             0, 0, 0, lo.mq::float8, round(lo.mq * coalesce(lo.prezzo_listino, 0), 2)::float8, lo.prezzo_listino is null
      from lotti lo left join lavorazioni_pavimenti lp on lp.id = lo.lavorazione_id
      where lo.company_id = ${companyId} and lo.pezzi > 0`,
    metrics: [
      {
        key: 'blocchiDisponibili',
        label: 'Blocchi disponibili',
        unit: 'n',
        expr: sql`count(*) filter (where stato = 'disponibile')`,
        descrizione: 'Blocchi propri e acquistati disponibili oggi, informi compresi',
      },
      {
        key: 'blocchiOpzionati',
        label: 'Blocchi opzionati',
        unit: 'n',
        expr: sql`count(*) filter (where stato = 'opzionato')`,
        descrizione: "Blocchi con un'opzione ancora valida oggi",
      },
      {
        key: 'volumeBlocchi',
        label: 'Volume blocchi',
        unit: 'm3',
        expr: sql`sum(vol)`,
        chart: true,
        descrizione: 'm³ netti dei blocchi disponibili e opzionati',
      },
      {
        key: 'pesoBlocchi',
        label: 'Peso blocchi',
        unit: 't',
        expr: sql`sum(t)`,
        descrizione: 'Peso alla pesa, altrimenti m³ netti × densità, arrotondato per blocco',
      },
      {
        key: 'valoreBlocchi',
        label: 'Valore blocchi',
        unit: 'eur',
        expr: sql`sum(valore) filter (where kind = 'blocco')`,
        descrizione:
          "A listino; un blocco acquistato senza listino al costo d'acquisto (con trasporto), uno proprio senza listino a zero",
      },
      {
        key: 'blocchiSenzaListino',
        label: 'Blocchi senza listino',
        unit: 'n',
        expr: sql`count(*) filter (where kind = 'blocco' and senza_listino)`,
        descrizione: "Valutati al costo d'acquisto se acquistati, a zero se propri",
      },
      {
        key: 'mqLastre',
        label: 'Lastre',
        unit: 'm2',
        expr: sql`sum(mq_lastre)`,
        chart: true,
        descrizione: 'm² delle lastre disponibili e riservate',
      },
      {
        key: 'mqPavimenti',
        label: 'Pavimenti',
        unit: 'm2',
        expr: sql`sum(mq_pav)`,
        chart: true,
        descrizione: 'm² dei lotti di pavimenti con pezzi in giacenza',
      },
      {
        key: 'valore',
        label: 'Valore totale',
        unit: 'eur',
        expr: sql`sum(valore)`,
        descrizione: 'Blocchi come sopra, lastre e pavimenti a listino (senza listino: zero)',
      },
      ...ETA_KINDS.flatMap(etaMetrics),
    ],
  },
  acquisti: {
    // Bought-in blocks by purchase day; what they cost (price by its unit, plus transport) and the
    // m² their completed sawings gave.
    facts: (companyId, from, to) => sql`
      select bl.data_acquisto as d, ${dim('fornitore', sql`bl.fornitore_id::text`)},
             ${dim('materiale', sql`bl.materiale_id::text`)},
             bl.volume_netto::float8 as vol, ${pesoBlocco}::float8 as t,
             ${costoAcquistoSql(alias(blocchi, 'bl'))}::float8 as costo,
             s.mq::float8 as mq, case when s.mq is null then 0 else bl.volume_netto end::float8 as vol_segato
      from blocchi bl
        left join (select blocco_id, sum(mq_totali) as mq from lavorazioni_lastre where company_id = ${companyId} and stato = 'completata' group by blocco_id) s on s.blocco_id = bl.id
      where bl.company_id = ${companyId} and bl.origine = 'esterno' and bl.data_acquisto between ${from} and ${to}`,
    metrics: [
      {
        descrizione: 'Blocchi esterni per data di acquisto',
        key: 'blocchi',
        label: 'Blocchi acquistati',
        unit: 'n',
        expr: sql`count(*)`,
        compare: true,
      },
      {
        descrizione: 'm³ netti dei blocchi acquistati',
        key: 'volume',
        label: 'Volume netto',
        unit: 'm3',
        expr: sql`sum(vol)`,
        chart: true,
        compare: true,
      },
      {
        descrizione: 'Peso alla pesa, altrimenti m³ netti × densità, dei blocchi acquistati',
        key: 'peso',
        label: 'Peso',
        unit: 't',
        expr: sql`sum(t)`,
      },
      {
        descrizione:
          "Prezzo d'acquisto secondo la sua unità più il trasporto, arrotondato per blocco",
        key: 'costo',
        label: 'Costo (con trasporto)',
        unit: 'eur',
        expr: sql`sum(costo)`,
        compare: true,
      },
      {
        descrizione: 'Costo sui m³ netti acquistati',
        key: 'costoM3',
        label: 'Costo medio €/m³',
        unit: 'eurm3',
        expr: ratio(sql`sum(costo)`, sql`sum(vol)`),
        compare: true,
      },
      {
        descrizione: 'Blocchi acquistati nel periodo con almeno una segagione completata',
        key: 'segati',
        label: 'Blocchi segati',
        unit: 'n',
        expr: sql`count(mq)`,
      },
      {
        descrizione: 'm² delle lastre delle loro segagioni completate',
        key: 'mqLastre',
        label: 'Lastre ottenute',
        unit: 'm2',
        expr: sql`sum(mq)`,
      },
      {
        descrizione: 'm² di lastre per m³ netto dei blocchi acquistati già segati',
        key: 'resa',
        label: 'Resa m²/m³ dei segati',
        unit: 'm2m3',
        expr: ratio(sql`sum(mq)`, sql`sum(vol_segato)`),
        compare: true,
      },
    ],
  },
};

/** The metrics a grouping shows. */
export function metricsOf(section: StatisticheSezione, per: StatistichePer): MetricDef[] {
  return SECTIONS[section].metrics.filter((m) => !m.not?.includes(per));
}

function exprOf(m: MetricDef, per: StatistichePer): SQL {
  const raw = typeof m.expr === 'function' ? m.expr(per) : m.expr;
  return sql`round((${raw})::numeric, ${DECIMALS[m.unit]})::float8 as ${sql.identifier(m.key)}`;
}

export interface GroupedRow {
  p: 'cur' | 'prev' | 'ly';
  totale: boolean;
  k: string | null;
  l: string | null;
  [metric: string]: unknown;
}

/**
 * One statement: the facts of the span covering the three periods, each fact counted in every period
 * that contains its day; by month, last year's months carry the key of the month a year later, so
 * they meet the current rows. The rows of a snapshot have one period only.
 */
export async function grouped(
  db: DbOrTx,
  companyId: string,
  section: StatisticheSezione,
  per: StatistichePer,
  periods: { cur: Periodo; prev?: Periodo; ly?: Periodo },
): Promise<GroupedRow[]> {
  const def = SECTIONS[section];
  const list = (['cur', 'prev', 'ly'] as const).flatMap((p) =>
    periods[p] ? [{ p, ...periods[p] }] : [],
  );
  const from = list.reduce((a, x) => (x.dal < a ? x.dal : a), list[0]!.dal);
  const to = list.reduce((a, x) => (x.al > a ? x.al : a), list[0]!.al);
  const values = sql.join(
    list.map((x) => sql`(${x.p}, ${x.dal}::date, ${x.al}::date)`),
    sql`, `,
  );
  const shift = sql`case when periodi.p = 'ly' then interval '1 year' else interval '0 days' end`;
  const key =
    per === 'mese' ? sql`to_char(f.d + ${shift}, 'YYYY-MM')` : sql`f.${sql.identifier(`k_${per}`)}`;
  const metrics = metricsOf(section, per).map((m) => exprOf(m, per));
  // a snapshot counts every fact once, whatever its day
  const inPeriod = def.snapshot ? sql`true` : sql`f.d between periodi.dal and periodi.al`;
  const result = await db.execute(sql`
    with periodi(p, dal, al) as (values ${values}),
         f as (${def.facts(companyId, from, to)}),
         g as (select periodi.p as gp, f.*, ${key} as k from f join periodi on ${inPeriod})
    select g.gp as p, grouping(g.k) = 1 as totale, g.k, ${LABELS[per](sql`g.k`)} as l, ${sql.join(metrics, sql`, `)}
    from g
    group by grouping sets ((g.gp, g.k), (g.gp))
    order by g.gp, g.k`);
  return rowsOf<GroupedRow>(result);
}
