import type { TariffaCategoria } from '@gestcava/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bancataChiusa, bancataTagliata } from '../../lib/bancata-stato.js';
import { statoEffettivoOf } from '../../lib/blocco-stato.js';
import { pesoBloccoSql, valoreBloccoSql } from '../../lib/peso-blocco.js';
import { pesoLastraSql } from '../../lib/peso-lastra.js';
import { jsonArrayOf } from '../../lib/sql.js';
import { all, b, ba, pesoBlocco, romeDay, type Periodo } from './reportistica.sql.js';

export type { Periodo } from './reportistica.sql.js';
export * from './reportistica.registro.js';

// The reports' rows, each one SQL statement (grouped, or paged for the long lists), always inside the
// company. Dates of creation count in Italy's calendar, as everywhere else (lib/dates.ts).

export interface EstrazioneRow {
  cavaCodice: string;
  cava: string;
  concessione: string | null;
  /** A tariff category (contracts' TARIFFA_CATEGORIE). */
  voce: TariffaCategoria;
  materiale: string;
  scelta: string | null;
  categoria: string | null;
  pezzi: number | null;
  volume: number | null;
  pesate: number | null;
  teoriche: number | null;
  dichiarate: number | null;
  tonnellate: number;
  tariffa: number | null;
  contributo: number | null;
}

/**
 * What left each cava in the period, by tariff category (the basis of the contributo di estrazione,
 * docs/reportistica.md): own blocks counted on the day of their pesata (registered, if never weighed)
 * once they left the quarry yard, scrapped or not since, in t pesate (the weighbridge) or t
 * teoriche (net m³ × density); informe blocks under Informi, by weight only; the by-products typed on
 * the bancate cut in the period as t dichiarate: the bancata's informi are the loose ones, never
 * registered as blocks (the bancata form says "Informi sfusi"), so an informe counts once either way. Each item's t is rounded before the sums; the contribution
 * is the row's t × the tariff valid on the item's day, to the cent.
 */
export function estrazione(db: DbOrTx, companyId: string, p: Periodo) {
  const giorno = sql`coalesce(b.data_pesata, b.data_riquadratura)`;
  // Left the quarry: out of the yard, whatever happened to it since. A scrapped block counts as it
  // was when scrapped: weighed, or scrapped after leaving the yard (its history says from where).
  const uscitoDallaCava = sql`(b.stato not in ('in_piazzale', 'scartato') or (b.stato = 'scartato' and (b.data_pesata is not null or not exists (
      select 1 from audit_log a where a.company_id = b.company_id and a.entity_type = 'blocco' and a.entity_id = b.id
        and a.action = 'stato' and a.changes->'stato'->>'to' = 'scartato' and a.changes->'stato'->>'from' = 'in_piazzale'))))`;
  return all<EstrazioneRow>(
    db,
    sql`with voci as (
          select b.cava_id, ${giorno} as giorno, case when b.categoria = 'informe' then 'informi' else 'blocchi' end as voce,
                 b.materiale_id, b.scelta, b.categoria, 1 as pezzi, case when b.categoria <> 'informe' then b.volume_netto end as volume,
                 b.peso_pesa as pesate, case when b.peso_pesa is null then ${pesoBlocco} end as teoriche, null::numeric as dichiarate
          from blocchi b
          where b.company_id = ${companyId} and b.origine = 'interno' and ${uscitoDallaCava} and ${giorno} between ${p.dal} and ${p.al}
          union all
          select ba.cava_id, ba.data_taglio, v.voce, ba.materiale_id, null, null, null, null, null, null, v.t
          from bancate ba
          cross join lateral (values
            ('informi', ba.informi_t),
            ('scaglieBianche', ba.scaglie_t), ('scaglieScure', ba.scaglie_scure_t), ('scogliere', ba.scogliere_t), ('terre', ba.terre_t)) as v(voce, t)
          where ba.company_id = ${companyId} and ${bancataTagliata(ba)} and ba.data_taglio between ${p.dal} and ${p.al} and v.t is not null
        ), righe as (
          select v.cava_id, v.voce, v.materiale_id, v.scelta, v.categoria,
                 case v.voce when 'blocchi' then t.blocchi when 'informi' then t.informi when 'scaglieBianche' then t.scaglie_bianche
                             when 'scaglieScure' then t.scaglie_scure when 'scogliere' then t.scogliere else t.terre end as tariffa,
                 sum(v.pezzi) as pezzi, sum(v.volume) as volume, sum(v.pesate) as pesate, sum(v.teoriche) as teoriche, sum(v.dichiarate) as dichiarate,
                 coalesce(sum(v.pesate), 0) + coalesce(sum(v.teoriche), 0) + coalesce(sum(v.dichiarate), 0) as tonnellate
          from voci v left join cave_tariffe t on t.cava_id = v.cava_id and t.valido_dal <= v.giorno and (t.valido_al is null or t.valido_al >= v.giorno)
          group by 1, 2, 3, 4, 5, 6
        )
        select c.codice as "cavaCodice", c.nome as cava, c.concessione, r.voce, m.nome as materiale, r.scelta, r.categoria,
               r.pezzi::int as pezzi, r.volume::float8 as volume, r.pesate::float8 as pesate, r.teoriche::float8 as teoriche,
               r.dichiarate::float8 as dichiarate, r.tonnellate::float8 as tonnellate, r.tariffa::float8 as tariffa,
               round(r.tonnellate * r.tariffa, 2)::float8 as contributo
        from righe r join cave c on c.id = r.cava_id join materiali m on m.id = r.materiale_id
        order by c.codice, array_position(array['blocchi', 'informi', 'scaglieBianche', 'scaglieScure', 'scogliere', 'terre'], r.voce),
                 m.nome, r.scelta, r.categoria, r.tariffa`,
  );
}

export interface GiacenzaRow {
  ubicazione: string | null;
  tipo: string;
  materiale: string;
  pezzi: number;
  volume: number | null;
  mq: number | null;
  tonnellate: number;
  valore: number;
  senzaPrezzo: number;
}

/**
 * Stock on hand today by place: blocks (disponibile or optioned), slabs in stock and tile lots, at list
 * price. Each item's tonnes and value are rounded (t to 2 decimals, € to the cent) before the group's
 * sum, so a row is the sum of its items as each is shown elsewhere and the total the sum of the rows.
 */
export function giacenze(db: DbOrTx, companyId: string) {
  return all<GiacenzaRow>(
    db,
    sql`select u.nome as ubicazione, r.tipo, m.nome as materiale, r.pezzi, r.volume, r.mq, r.tonnellate, r.valore, r.senza_prezzo as "senzaPrezzo"
        from (
          select b.ubicazione_id, 'Blocchi' as tipo, b.materiale_id, count(*)::int as pezzi, sum(b.volume_netto)::float8 as volume, null::float8 as mq,
                 sum(${pesoBlocco})::float8 as tonnellate, sum(${valoreBloccoSql(b)})::float8 as valore, count(*) filter (where b.prezzo_listino is null)::int as senza_prezzo
          from blocchi b where b.company_id = ${companyId} and b.stato in ('disponibile', 'opzionato')
          group by 1, 2, 3
          union all
          select coalesce(l.ubicazione_id, p.ubicazione_id), 'Lastre', p.materiale_id, count(*)::int, null, sum(l.mq)::float8,
                 sum(${pesoLastraSql(sql`l.mq`, sql`p.spessore_mm`, sql`m.densita`)})::float8, sum(round(l.mq * coalesce(p.prezzo_listino, 0), 2))::float8, count(*) filter (where p.prezzo_listino is null)::int
          from lastre l join pacchi p on p.id = l.pacco_id join materiali m on m.id = p.materiale_id
          where l.company_id = ${companyId} and l.stato in ('disponibile', 'riservata')
          group by 1, 2, 3
          union all
          select lo.ubicazione_id, 'Pavimenti', lo.materiale_id, sum(lo.pezzi)::int, null, sum(lo.mq)::float8,
                 sum(round(lo.mq * lo.spessore_mm / 1000.0 * m.densita, 2))::float8, sum(round(lo.mq * coalesce(lo.prezzo_listino, 0), 2))::float8, count(*) filter (where lo.prezzo_listino is null)::int
          from lotti lo join materiali m on m.id = lo.materiale_id
          where lo.company_id = ${companyId} and lo.pezzi > 0
          group by 1, 2, 3
        ) r join materiali m on m.id = r.materiale_id left join ubicazioni u on u.id = r.ubicazione_id
        order by u.nome nulls last, r.tipo, m.nome`,
  );
}

export interface VenditaRow {
  cliente: string;
  materiale: string;
  tipo: string;
  pezzi: number;
  volume: number | null;
  tonnellate: number | null;
  mq: number | null;
  importo: number;
}

/**
 * Sales of the period by cliente and material: blocks through confirmed collaudi, slabs and tiles through
 * the ledger, and the transfers to group companies, the intercompany sales they are (each item at its
 * transfer price; a block with its net m³ and weight by the one rule), named after the receiving company.
 */
export function vendite(db: DbOrTx, companyId: string, p: Periodo) {
  return all<VenditaRow>(
    db,
    sql`select v.cliente, m.nome as materiale, v.tipo, sum(v.pezzi)::int as pezzi, sum(v.volume)::float8 as volume,
               sum(v.tonnellate)::float8 as tonnellate, sum(v.mq)::float8 as mq, sum(v.importo)::float8 as importo
        from (
          select cl.ragione_sociale as cliente, b.materiale_id, 'Blocchi' as tipo, 1 as pezzi, r.volume_netto_accettato as volume, r.peso as tonnellate, null::numeric as mq,
                 coalesce(r.importo, 0) / 100.0 as importo
          from collaudo_righe r join collaudi co on co.id = r.collaudo_id join blocchi b on b.id = r.blocco_id join clienti cl on cl.id = co.cliente_id
          where co.company_id = ${companyId} and co.stato = 'confermato' and r.esito in ('accettato', 'accettato_con_riserva') and co.data between ${p.dal} and ${p.al}
          union all
          select cl.ragione_sociale, coalesce(p.materiale_id, lo.materiale_id), case when mv.lotto_id is null then 'Lastre' else 'Pavimenti' end, -mv.pezzi, null, null, -mv.mq,
                 coalesce(mv.prezzo, 0) * (case when mv.unita_prezzo = 'mq' then -mv.mq else -mv.pezzi end)
          from movimenti mv left join pacchi p on p.id = mv.pacco_id left join lotti lo on lo.id = mv.lotto_id join clienti cl on cl.id = mv.cliente_id
          where mv.company_id = ${companyId} and mv.tipo = 'scarico' and mv.cliente_id is not null and ${romeDay(sql`mv.created_at`)} between ${p.dal} and ${p.al}
          union all
          select d.name || ' (gruppo)', coalesce(b.materiale_id, p.materiale_id, lo.materiale_id),
                 case t.tipo when 'blocco' then 'Blocchi' when 'pacco' then 'Lastre' else 'Pavimenti' end, t.pezzi,
                 b.volume_netto, ${pesoBlocco}, case when t.tipo = 'blocco' then null else t.mq end, t.prezzo
          from trasferimenti_righe t join trasferimenti tr on tr.id = t.trasferimento_id join companies d on d.id = tr.destinazione_company_id
            left join blocchi b on t.tipo = 'blocco' and b.id = t.origine_id
            left join pacchi p on t.tipo = 'pacco' and p.id = t.origine_id
            left join lotti lo on t.tipo = 'lotto' and lo.id = t.origine_id
          where tr.company_id = ${companyId} and ${romeDay(sql`tr.created_at`)} between ${p.dal} and ${p.al}
        ) v join materiali m on m.id = v.materiale_id
        group by v.cliente, m.nome, v.tipo
        order by v.cliente, m.nome, v.tipo`,
  );
}

export interface ResaRow {
  tipo: string;
  codice: string;
  data: string;
  materiale: string;
  ingresso: number;
  uscita: number;
  /** A bancata's informi, t: its informe blocks by weight and the loose ones typed on it. */
  informi: number | null;
  resa: number | null;
  resaTeorica: number | null;
  unita: string;
}

/**
 * Yields of the period: bancate closed (the squared blocks' net m³ over the bancata's gross m³, %, as
 * frozen at closing; informi by weight in their own column, never in the m³) and sawings completed
 * (m² per m³).
 */
export function rese(db: DbOrTx, companyId: string, p: Periodo) {
  return all<ResaRow>(
    db,
    sql`select * from (
          select 'Bancata' as tipo, ba.codice, ba.data_taglio::text as data, m.nome as materiale, ba.volume_lordo::float8 as ingresso,
                 coalesce((select sum(b.volume_netto) from blocchi b where b.bancata_id = ba.id and b.categoria <> 'informe'), 0)::float8 as uscita,
                 (coalesce((select sum(${pesoBlocco}) from blocchi b where b.bancata_id = ba.id and b.categoria = 'informe'), 0) + coalesce(ba.informi_t, 0))::float8 as informi,
                 ba.resa_chiusura::float8 as resa,
                 null::float8 as "resaTeorica", '% m³ netti su m³ lordi' as unita
          from bancate ba join materiali m on m.id = ba.materiale_id
          where ba.company_id = ${companyId} and ${bancataChiusa(ba)} and ba.data_taglio between ${p.dal} and ${p.al}
          union all
          select 'Segagione', s.codice, s.data_fine::text, m.nome, b.volume_netto::float8, s.mq_totali::float8, null, s.resa::float8, s.resa_teorica::float8, 'm² per m³'
          from lavorazioni_lastre s join blocchi b on b.id = s.blocco_id join materiali m on m.id = b.materiale_id
          where s.company_id = ${companyId} and s.stato = 'completata' and s.data_fine between ${p.dal} and ${p.al}
        ) x order by tipo, data, codice`,
  );
}

export interface BloccoRow {
  codice: string;
  origine: string;
  data: string;
  provenienza: string | null;
  materiale: string;
  scelta: string;
  categoria: string;
  lunghezza: number;
  altezza: number;
  profondita: number;
  volume: number;
  peso: number;
  stato: string;
  tracciabilita: string | null;
  ubicazione: string | null;
}

/**
 * Registered in the period, in Italy's calendar, as a range of `created_at` itself: the same rows as
 * `romeDay(created_at) between dal and al`, but the planner reads the column's statistics for it, so
 * it knows a long period matches most of the company's blocks and walks `blocchi_codice_unique` in
 * order (docs/performance.md "Reports page by the index").
 */
const registratoNelPeriodo = (p: Periodo) =>
  sql`b.created_at >= (${p.dal}::date)::timestamp at time zone 'Europe/Rome'
      and b.created_at < (${p.al}::date + 1)::timestamp at time zone 'Europe/Rome'`;

/**
 * Every block (own and bought-in) registered in the period, with its traceability code: one page in
 * code order, the blocks after `after` (a code; null for the first page). Keyset pages read only
 * their own rows from the index, so each costs the same at the start and at the end of the list.
 */
export async function blocchi(
  db: DbOrTx,
  companyId: string,
  p: Periodo,
  page: { limit: number; after: string | null },
) {
  // One JSON value for the page: the embedded database hands each field of each row to JavaScript
  // one at a time, a JSON text is parsed natively (docs/performance.md, as the blocchi list does).
  const [row] = await all<{ items: BloccoRow[] }>(
    db,
    sql`select ${jsonArrayOf(blocchiPage(companyId, p, page), sql`t.codice`)} as items`,
  );
  return row?.items ?? [];
}

/** The statement of one page of `blocchi` (the benchmark explains it). */
export const blocchiPage = (
  companyId: string,
  p: Periodo,
  page: { limit: number; after: string | null },
) =>
  sql`select b.codice, b.origine, ${romeDay(sql`b.created_at`)}::text as data, coalesce(c.nome, f.ragione_sociale) as provenienza, m.nome as materiale,
               b.scelta, b.categoria, b.lunghezza_netta as lunghezza, b.altezza_netta as altezza, b.profondita_netta as profondita,
               b.volume_netto::float8 as volume, ${pesoBloccoSql(b, sql`m.densita`)}::float8 as peso,
               ${statoEffettivoOf(b)} as stato,
               b.codice_tracciabilita as tracciabilita, u.nome as ubicazione
        from blocchi b join materiali m on m.id = b.materiale_id left join cave c on c.id = b.cava_id
             left join fornitori f on f.id = b.fornitore_id left join ubicazioni u on u.id = b.ubicazione_id
        where b.company_id = ${companyId} and ${registratoNelPeriodo(p)}${page.after === null ? sql`` : sql` and b.codice > ${page.after}`}
        order by b.codice limit ${page.limit}`;

export async function blocchiCount(db: DbOrTx, companyId: string, p: Periodo) {
  const [row] = await all<{ n: number }>(
    db,
    sql`select count(*)::int as n from blocchi b where b.company_id = ${companyId} and ${registratoNelPeriodo(p)}`,
  );
  return row?.n ?? 0;
}

/** The names a report's text columns may print, so the PDF sizes those columns to the longest. */
export interface LookupNames {
  cava: string[];
  concessione: string[];
  materiale: string[];
  ubicazione: string[];
  /** a block's origin: its cava or the fornitore it was bought from */
  provenienza: string[];
  cliente: string[];
}

export async function lookupNames(db: DbOrTx, companyId: string): Promise<LookupNames> {
  const [row] = await all<Record<keyof LookupNames, string[] | null>>(
    db,
    sql`select
      (select array_agg(nome) from cave where company_id = ${companyId}) as cava,
      (select array_agg(concessione) from cave where company_id = ${companyId} and concessione is not null) as concessione,
      (select array_agg(nome) from materiali where company_id = ${companyId}) as materiale,
      (select array_agg(nome) from ubicazioni where company_id = ${companyId}) as ubicazione,
      (select array_agg(distinct f.ragione_sociale) from fornitori f join blocchi bl on bl.fornitore_id = f.id
        where f.company_id = ${companyId}) as provenienza,
      (select array_agg(ragione_sociale) from clienti where company_id = ${companyId}) as cliente`,
  );
  const of = (k: keyof LookupNames) => row?.[k] ?? [];
  return {
    cava: of('cava'),
    concessione: of('concessione'),
    materiale: of('materiale'),
    ubicazione: [...of('ubicazione'), 'Senza ubicazione'],
    provenienza: [...of('cava'), ...of('provenienza')],
    cliente: of('cliente'),
  };
}
