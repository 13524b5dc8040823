import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { blocchi as blocchiTable } from '../../db/schema/index.js';
import { statoEffettivoOf } from '../../lib/blocco-stato.js';
import { pesoBloccoSql, valoreBloccoSql } from '../../lib/peso-blocco.js';
import { rowsOf } from '../../lib/pagination.js';

// The reports' rows, each one SQL statement (grouped, or paged for the long lists), always inside the
// company. Dates of creation count in Italy's calendar, as everywhere else (lib/dates.ts).

export interface Periodo {
  dal: string;
  al: string;
}

const romeDay = (column: SQL) => sql`(${column} at time zone 'Europe/Rome')::date`;
/** The blocks of these queries are `b`: their weight and value by the one rule (lib/peso-blocco.ts). */
const b = alias(blocchiTable, 'b');
const pesoBlocco = pesoBloccoSql(b);

async function all<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

export interface RegistroRow {
  data: string;
  bancata: string;
  cava: string;
  materiale: string;
  blocco: string;
  lunghezza: number;
  altezza: number;
  profondita: number;
  /** null for an informe: informi count by weight, not in the squared m³ (DESIGN §4) */
  volume: number | null;
  /** a squared block's tonnes; an informe's are `pesoInformi` */
  peso: number | null;
  pesoInformi: number | null;
  scelta: string;
  categoria: string;
  tracciabilita: string | null;
}

/** Own blocks squared in the period (by their production date, `data_riquadratura`) with their bancata, in order of day and code. */
export function registroProduzione(
  db: DbOrTx,
  companyId: string,
  p: Periodo,
  page: { limit: number; offset: number },
) {
  return all<RegistroRow>(
    db,
    sql`select b.data_riquadratura::text as data, ba.codice as bancata, c.nome as cava, m.nome as materiale, b.codice as blocco,
               b.lunghezza_netta as lunghezza, b.altezza_netta as altezza, b.profondita_netta as profondita,
               case when b.categoria = 'informe' then null else b.volume_netto::float8 end as volume,
               case when b.categoria = 'informe' then null else ${pesoBlocco}::float8 end as peso,
               case when b.categoria = 'informe' then ${pesoBlocco}::float8 end as "pesoInformi",
               b.scelta, b.categoria, b.codice_tracciabilita as tracciabilita
        from blocchi b join bancate ba on ba.id = b.bancata_id join cave c on c.id = b.cava_id join materiali m on m.id = b.materiale_id
        where b.company_id = ${companyId} and b.origine = 'interno' and b.data_riquadratura between ${p.dal} and ${p.al}
        order by b.data_riquadratura, b.codice limit ${page.limit} offset ${page.offset}`,
  );
}

export async function registroCount(db: DbOrTx, companyId: string, p: Periodo) {
  const [row] = await all<{ n: number }>(
    db,
    sql`select count(*)::int as n from blocchi b where b.company_id = ${companyId} and b.origine = 'interno' and b.data_riquadratura between ${p.dal} and ${p.al}`,
  );
  return row?.n ?? 0;
}

export interface EstrazioneRow {
  cava: string;
  materiale: string;
  voce: string;
  scelta: string | null;
  categoria: string | null;
  blocchi: number | null;
  volume: number | null;
  tonnellate: number;
  /** `pesate`, `teoriche` or `in parte pesate`. */
  fonte: string;
}

/**
 * What left each cava in the period: blocks by material, grade and category (the weighbridge's tonnes
 * where there is one, else the theoretical ones, said per row), then the by-products of the bancate cut
 * in the period (informi, scaglie, terre). The basis of the contributo di estrazione (docs/reportistica.md).
 */
export function estrazione(db: DbOrTx, companyId: string, p: Periodo) {
  return all<EstrazioneRow>(
    db,
    sql`select * from (
          select c.nome as cava, m.nome as materiale, 'Blocchi' as voce, b.scelta, b.categoria, count(*)::int as blocchi,
                 sum(b.volume_netto)::float8 as volume, sum(${pesoBlocco})::float8 as tonnellate,
                 case when count(b.peso_pesa) = count(*) then 'pesate' when count(b.peso_pesa) = 0 then 'teoriche' else 'in parte pesate' end as fonte
          from blocchi b join cave c on c.id = b.cava_id join materiali m on m.id = b.materiale_id
          where b.company_id = ${companyId} and b.origine = 'interno' and ${romeDay(sql`b.created_at`)} between ${p.dal} and ${p.al}
          group by c.nome, m.nome, b.scelta, b.categoria
          union all
          select c.nome, m.nome, v.voce, null, null, null, null, sum(v.t)::float8, 'pesate'
          from bancate ba join cave c on c.id = ba.cava_id join materiali m on m.id = ba.materiale_id
          cross join lateral (values ('Informi', ba.informi_t), ('Scaglie', ba.scaglie_t), ('Terre', ba.terre_t)) as v(voce, t)
          where ba.company_id = ${companyId} and ba.data_taglio between ${p.dal} and ${p.al} and v.t is not null
          group by c.nome, m.nome, v.voce
        ) x order by cava, materiale, voce <> 'Blocchi', voce, scelta, categoria`,
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
                 sum(round(l.mq * p.spessore_mm / 1000.0 * m.densita, 2))::float8, sum(round(l.mq * coalesce(p.prezzo_listino, 0), 2))::float8, count(*) filter (where p.prezzo_listino is null)::int
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

/** Sales of the period by cliente and material: blocks through confirmed collaudi, slabs and tiles through the ledger. */
export function vendite(db: DbOrTx, companyId: string, p: Periodo) {
  return all<VenditaRow>(
    db,
    sql`select cl.ragione_sociale as cliente, m.nome as materiale, v.tipo, sum(v.pezzi)::int as pezzi, sum(v.volume)::float8 as volume,
               sum(v.tonnellate)::float8 as tonnellate, sum(v.mq)::float8 as mq, sum(v.importo)::float8 as importo
        from (
          select co.cliente_id, b.materiale_id, 'Blocchi' as tipo, 1 as pezzi, r.volume_netto_accettato as volume, r.peso as tonnellate, null::numeric as mq,
                 coalesce(r.importo, 0) / 100.0 as importo
          from collaudo_righe r join collaudi co on co.id = r.collaudo_id join blocchi b on b.id = r.blocco_id
          where co.company_id = ${companyId} and co.stato = 'confermato' and r.esito in ('accettato', 'accettato_con_riserva') and co.data between ${p.dal} and ${p.al}
          union all
          select mv.cliente_id, coalesce(p.materiale_id, lo.materiale_id), case when mv.lotto_id is null then 'Lastre' else 'Pavimenti' end, -mv.pezzi, null, null, -mv.mq,
                 coalesce(mv.prezzo, 0) * (case when mv.unita_prezzo = 'mq' then -mv.mq else -mv.pezzi end)
          from movimenti mv left join pacchi p on p.id = mv.pacco_id left join lotti lo on lo.id = mv.lotto_id
          where mv.company_id = ${companyId} and mv.tipo = 'scarico' and mv.cliente_id is not null and ${romeDay(sql`mv.created_at`)} between ${p.dal} and ${p.al}
        ) v join clienti cl on cl.id = v.cliente_id join materiali m on m.id = v.materiale_id
        group by cl.ragione_sociale, m.nome, v.tipo
        order by cl.ragione_sociale, m.nome, v.tipo`,
  );
}

export interface ResaRow {
  tipo: string;
  codice: string;
  data: string;
  materiale: string;
  ingresso: number;
  uscita: number;
  resa: number | null;
  resaTeorica: number | null;
  unita: string;
}

/** Yields of the period: bancate closed (net block m³ over gross m³, %) and sawings completed (m² per m³). */
export function rese(db: DbOrTx, companyId: string, p: Periodo) {
  return all<ResaRow>(
    db,
    sql`select * from (
          select 'Bancata' as tipo, ba.codice, ba.data_taglio::text as data, m.nome as materiale, ba.volume_lordo::float8 as ingresso,
                 coalesce((select sum(b.volume_netto) from blocchi b where b.bancata_id = ba.id), 0)::float8 as uscita, ba.resa_chiusura::float8 as resa,
                 null::float8 as "resaTeorica", '% m³ netti su m³ lordi' as unita
          from bancate ba join materiali m on m.id = ba.materiale_id
          where ba.company_id = ${companyId} and ba.stato = 'chiusa' and ba.data_taglio between ${p.dal} and ${p.al}
          union all
          select 'Segagione', s.codice, s.data_fine::text, m.nome, b.volume_netto::float8, s.mq_totali::float8, s.resa::float8, s.resa_teorica::float8, 'm² per m³'
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

/** Every block (own and bought-in) registered in the period, with its traceability code. */
export function blocchi(
  db: DbOrTx,
  companyId: string,
  p: Periodo,
  page: { limit: number; offset: number },
) {
  return all<BloccoRow>(
    db,
    sql`select b.codice, b.origine, ${romeDay(sql`b.created_at`)}::text as data, coalesce(c.nome, f.ragione_sociale) as provenienza, m.nome as materiale,
               b.scelta, b.categoria, b.lunghezza_netta as lunghezza, b.altezza_netta as altezza, b.profondita_netta as profondita,
               b.volume_netto::float8 as volume, ${pesoBlocco}::float8 as peso,
               ${statoEffettivoOf(b)} as stato,
               b.codice_tracciabilita as tracciabilita, u.nome as ubicazione
        from blocchi b join materiali m on m.id = b.materiale_id left join cave c on c.id = b.cava_id
             left join fornitori f on f.id = b.fornitore_id left join ubicazioni u on u.id = b.ubicazione_id
        where b.company_id = ${companyId} and ${romeDay(sql`b.created_at`)} between ${p.dal} and ${p.al}
        order by b.codice limit ${page.limit} offset ${page.offset}`,
  );
}

export async function blocchiCount(db: DbOrTx, companyId: string, p: Periodo) {
  const [row] = await all<{ n: number }>(
    db,
    sql`select count(*)::int as n from blocchi b where b.company_id = ${companyId} and ${romeDay(sql`b.created_at`)} between ${p.dal} and ${p.al}`,
  );
  return row?.n ?? 0;
}
