import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bancataTagliata } from '../../lib/bancata-stato.js';
import { pesoBaseSql } from '../../lib/peso-blocco.js';
import { all, b, ba, pesoBlocco, type Periodo } from './reportistica.sql.js';

// The registro di produzione: bancate and blocks of the period, one row each, paged in order.

export interface RegistroRow {
  data: string;
  tipo: 'Bancata' | 'Blocco';
  bancata: string;
  cava: string;
  materiale: string;
  blocco: string | null;
  lordo: string;
  /** A bancata's gross m³ cut. */
  volumeBancata: number | null;
  /** A block's gross and net m³ (null for an informe: informi count by weight). */
  volumeLordo: number | null;
  netto: string | null;
  volumeNetto: number | null;
  peso: number | null;
  /** `pesato` or `teorico` (lib/peso-blocco.ts). */
  base: string | null;
  informi: number | null;
  /** Scaglie bianche, t. */
  scaglie: number | null;
  scaglieScure: number | null;
  scogliere: number | null;
  terre: number | null;
  scelta: string | null;
  categoria: string | null;
  tracciabilita: string | null;
  /** The day a shipped block left: its DDT's date (else, shipped by hand, its move to `spedito`). */
  uscita: string | null;
  /** The emitted DDT it left with, `numero/anno`. */
  ddt: string | null;
}

/** A block's production date (docs/api.md): the registro's date basis for blocks. */
const registroData = sql`b.data_riquadratura`;

/**
 * The registro's rows: the bancate cut in the period (gross m³ and the by-products typed on them) and
 * the own blocks squared in it (gross and net measures, t pesato or teorico, the day a shipped block left).
 */
const registroRows = (companyId: string, p: Periodo) => sql`
  select ba.data_taglio::text as data, 'Bancata' as tipo, ba.codice as bancata, c.nome as cava, m.nome as materiale, null::text as blocco,
         ba.lunghezza || '×' || ba.altezza || '×' || ba.profondita as lordo, ba.volume_lordo::float8 as "volumeBancata",
         null::float8 as "volumeLordo", null::text as netto, null::float8 as "volumeNetto", null::float8 as peso, null::text as base,
         ba.informi_t::float8 as informi, ba.scaglie_t::float8 as scaglie, ba.scaglie_scure_t::float8 as "scaglieScure",
         ba.scogliere_t::float8 as scogliere, ba.terre_t::float8 as terre,
         null::text as scelta, null::text as categoria, null::text as tracciabilita, null::text as uscita, null::text as ddt
  from bancate ba join cave c on c.id = ba.cava_id join materiali m on m.id = ba.materiale_id
  where ba.company_id = ${companyId} and ${bancataTagliata(ba)} and ba.data_taglio between ${p.dal} and ${p.al}
  union all
  select ${registroData}::text, 'Blocco', ba.codice, c.nome, m.nome, b.codice,
         b.lunghezza || '×' || b.altezza || '×' || b.profondita, null,
         case when b.categoria <> 'informe' then b.volume_lordo::float8 end,
         b.lunghezza_netta || '×' || b.altezza_netta || '×' || b.profondita_netta,
         case when b.categoria <> 'informe' then b.volume_netto::float8 end,
         case when b.categoria <> 'informe' then ${pesoBlocco}::float8 end, ${pesoBaseSql(b)},
         -- an informe counts by weight, in the informi column (docs/api.md)
         case when b.categoria = 'informe' then ${pesoBlocco}::float8 end, null, null, null, null, b.scelta, b.categoria, b.codice_tracciabilita,
         case when b.stato = 'spedito' then coalesce(sp.data::text, (
           select (max(a.at) at time zone 'Europe/Rome')::date::text from audit_log a
           where a.company_id = b.company_id and a.entity_type = 'blocco' and a.entity_id = b.id and a.action = 'stato' and a.changes->'stato'->>'to' = 'spedito'
         )) end,
         case when b.stato = 'spedito' then sp.numero || '/' || sp.anno end
  from blocchi b join bancate ba on ba.id = b.bancata_id join cave c on c.id = b.cava_id join materiali m on m.id = b.materiale_id
    -- the emitted DDT the block left with (a cancelled one returned it to sold)
    left join lateral (
      select d.numero, d.anno, d.data from ddt_righe dr join ddt d on d.id = dr.ddt_id
      where dr.entity_type = 'blocco' and dr.entity_id = b.id and d.company_id = b.company_id and d.stato = 'emesso'
      order by d.emesso_at desc limit 1
    ) sp on true
  where b.company_id = ${companyId} and b.origine = 'interno' and ${registroData} between ${p.dal} and ${p.al}`;

/** Where a page of the registro ends: its last row's place in the order (blocco null for a bancata). */
export type RegistroCursor = Pick<RegistroRow, 'data' | 'tipo' | 'bancata' | 'blocco'>;

/**
 * In order of day, bancate before their day's blocks, then code: one page, the rows after `after`
 * (null for the first page). A row's place is unique (a bancata once a day, a block once), so
 * each row is on exactly one page, whatever the page size.
 */
export function registroProduzione(
  db: DbOrTx,
  companyId: string,
  p: Periodo,
  page: { limit: number; after: RegistroCursor | null },
) {
  const a = page.after;
  // a bancata's row has no block: '' sorts before every code, as `nulls first` did
  const after = a
    ? sql`where (r.data, r.tipo, r.bancata, coalesce(r.blocco, '')) > (${a.data}, ${a.tipo}, ${a.bancata}, ${a.blocco ?? ''})`
    : sql``;
  return all<RegistroRow>(
    db,
    sql`select * from (${registroRows(companyId, p)}) r ${after} order by r.data, r.tipo, r.bancata, coalesce(r.blocco, '') limit ${page.limit}`,
  );
}

/** The rows and the months they fall in (one subtotal each). */
export async function registroCount(db: DbOrTx, companyId: string, p: Periodo) {
  const [row] = await all<{ n: number; mesi: number }>(
    db,
    sql`select count(*)::int as n, count(distinct left(data, 7))::int as mesi from (${registroRows(companyId, p)}) r`,
  );
  return { rows: row?.n ?? 0, groups: row?.mesi ?? 0 };
}
