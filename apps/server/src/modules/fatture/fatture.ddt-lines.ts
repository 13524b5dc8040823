import {
  latin1,
  prezzoTotaleRiga,
  roundTo,
  type DaFatturareDdt,
  type DdtRigaTipo,
} from '@gestcava/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { fattureDdtRighe } from '../../db/schema/fatture.js';
import { rowsOf } from '../../lib/pagination.js';
import { listinoBloccoSql } from '../blocchi/blocchi.reads.js';
import { venditaACollaudoSql } from '../collaudi/collaudi.reads.js';
import { righeEmesseSql } from '../ddt/ddt.reads.js';
import {
  prezzoTrasferimentoBloccoSql,
  venditaLastreSql,
  venditaLottoSql,
} from '../magazzino/stock.reads.js';
import { prezzoTrasferimentoPaccoSql } from '../trasferimenti/trasferimenti.reads.js';

// The DDT lines an invoice takes and the quantity and price each was sold at (docs/fatture.md
// "Righe dai DDT"): a block through its collaudo row (unit, accepted quantity, price after a price
// abbuono, a percentage abbuono as the line's discount), a transfer at its agreed price, slabs and
// bundles by m² or pieces, tiles by m² or pieces, each at the price of its sale.

interface PricedRow {
  riga_id: string;
  ddt_id: string;
  numero: number;
  anno: number;
  data: string;
  posizione: number;
  entity_type: DdtRigaTipo;
  entity_id: string;
  codice: string;
  descrizione: string;
  materiale: string;
  scelta: string | null;
  misure: string;
  pezzi: number;
  mq: number | null;
  m3: number | null;
  peso_kg: number;
  collaudo: string | null;
  c_unita: 'm3' | 't' | null;
  c_m3: number | null;
  c_t: number | null;
  c_prezzo: number | null;
  c_abbuono_tipo: string | null;
  c_abbuono_valore: number | null;
  t_prezzo: number | null;
  s_prezzo: number | null;
  s_unita: string | null;
  s_n: number | null;
  s_mq: number | null;
  l_prezzo: number | null;
  l_unita: string | null;
  l_venduti: number | null;
  b_prezzo: number | null;
  b_unita: string | null;
}

/** The line's item id when it is of one of `tipi`, else null: a lateral read of another kind finds nothing. */
const idSe = (tipi: readonly DdtRigaTipo[], id = sql`r.entity_id`): SQL =>
  sql`case when r.entity_type in (${sql.join(
    tipi.map((t) => sql`${t}`),
    sql`, `,
  )}) then ${id} end`;

/**
 * The emitted DDTs' lines to this cliente not yet invoiced, with their sale figures; `ddtIds` narrows
 * them to some DDTs. Each figure is read through its owner's fragment (docs/architecture.md "Reading
 * another module's rows"), bounded by the company.
 */
export async function righeDdtDaFatturare(
  db: DbOrTx,
  companyId: string,
  clienteId: string,
  opts: { ddtIds?: readonly string[] } = {},
): Promise<PricedRow[]> {
  const cliente = sql`r.cliente_id`;
  const blocco = idSe(['blocco']);
  const result = await db.execute(sql`
    select r.id as riga_id, r.ddt_id, r.numero, r.anno, r.data::text as data, r.posizione,
      r.entity_type, r.entity_id, r.codice, r.descrizione, r.materiale, r.scelta, r.misure, r.pezzi,
      r.mq::float8 as mq, r.m3::float8 as m3, r.peso_kg,
      cr.codice as collaudo, cr.unita_prezzo as c_unita, cr.volume_netto_accettato::float8 as c_m3,
      cr.peso::float8 as c_t, cr.prezzo::float8 as c_prezzo, cr.abbuono_tipo as c_abbuono_tipo,
      cr.abbuono_valore::float8 as c_abbuono_valore,
      coalesce(tb.prezzo, tp.prezzo)::float8 as t_prezzo,
      ls.prezzo::float8 as s_prezzo, ls.unita as s_unita, ls.n::int as s_n, ls.mq::float8 as s_mq,
      lv.prezzo::float8 as l_prezzo, lv.unita_prezzo as l_unita, lv.venduti::int as l_venduti,
      b.prezzo_listino::float8 as b_prezzo, b.unita_prezzo as b_unita
    from ${righeEmesseSql(companyId, clienteId, opts.ddtIds)} r
    left join lateral (${venditaACollaudoSql(companyId, blocco, cliente)}) cr on true
    left join lateral (${prezzoTrasferimentoBloccoSql(companyId, blocco, cliente)}) tb on true
    left join lateral (${prezzoTrasferimentoPaccoSql(companyId, idSe(['pacco']))}) tp on true
    left join lateral (${venditaLastreSql(companyId, idSe(['pacco', 'lastra'], sql`r.lastra_ids`), cliente)}) ls on true
    left join lateral (${venditaLottoSql(companyId, idSe(['lotto']))}) lv on true
    left join lateral (${listinoBloccoSql(companyId, blocco)}) b on true
    where not exists (select 1 from ${fattureDdtRighe} f where f.ddt_riga_id = r.id)
    order by r.anno, r.numero, r.posizione`);
  return rowsOf<PricedRow>(result);
}

export interface RigaDaDdt {
  ddtId: string;
  ddtRigaId: string;
  entityType: DdtRigaTipo;
  entityId: string;
  codice: string;
  descrizione: string;
  quantita: number | null;
  unitaMisura: string | null;
  prezzoUnitario: number;
  scontoPercentuale: number | null;
  prezzoTotale: number;
}

const UNITA = { m3: 'm3', t: 't', q: 'q', mq: 'm2', lastra: 'lastre', pezzo: 'pz' } as const;

type Venduto = Pick<RigaDaDdt, 'quantita' | 'unitaMisura' | 'prezzoUnitario' | 'scontoPercentuale'>;
const NESSUNO = { quantita: null, unitaMisura: null, scontoPercentuale: null };

/** A block through its collaudo row: unit, accepted quantity, price after a price abbuono, a percentage abbuono as discount. */
function vendutoACollaudo(r: PricedRow & { c_unita: 'm3' | 't' }): Venduto {
  const tipo = r.c_abbuono_tipo;
  const valore = r.c_abbuono_valore ?? 0;
  const prezzo = r.c_prezzo ?? 0;
  return {
    quantita: r.c_unita === 'm3' ? r.c_m3 : r.c_t,
    unitaMisura: UNITA[r.c_unita],
    prezzoUnitario: tipo === 'prezzo' ? Math.max(0, roundTo(prezzo - valore, 2)) : prezzo,
    scontoPercentuale:
      tipo === 'percentuale' && valore > 0 ? roundTo(Math.min(valore, 100), 2) : null,
  };
}

/** A block sold without a collaudo: its list price, by m³ or by weight. */
function vendutoAListino(r: PricedRow): Venduto {
  const unita = (r.b_unita ?? 'm3') as 'm3' | 't' | 'q';
  const quantita =
    unita === 'm3'
      ? (r.m3 ?? 0)
      : unita === 't'
        ? roundTo(r.peso_kg / 1000, 2)
        : roundTo(r.peso_kg / 100, 2);
  return { ...NESSUNO, quantita, unitaMisura: UNITA[unita], prezzoUnitario: r.b_prezzo ?? 0 };
}

/** Tiles at the price of their sale: by piece, the whole sale's share, or by m². */
function vendutoLotto(r: PricedRow): Venduto {
  const prezzo = r.l_prezzo ?? 0;
  if (r.l_unita === 'pezzo')
    return { ...NESSUNO, quantita: r.pezzi, unitaMisura: 'pz', prezzoUnitario: prezzo };
  if (r.l_unita === 'totale')
    return {
      ...NESSUNO,
      quantita: 1,
      unitaMisura: 'nr',
      prezzoUnitario: roundTo((prezzo * r.pezzi) / (r.l_venduti || r.pezzi), 2),
    };
  return { ...NESSUNO, quantita: r.mq ?? 0, unitaMisura: 'm2', prezzoUnitario: prezzo };
}

/** Slabs and bundles at the price of their sale, by slab or by m². */
function vendutoLastre(r: PricedRow): Venduto {
  const prezzo = r.s_prezzo ?? 0;
  if (r.s_unita === 'lastra')
    return {
      ...NESSUNO,
      quantita: r.s_n ?? r.pezzi,
      unitaMisura: 'lastre',
      prezzoUnitario: prezzo,
    };
  return {
    ...NESSUNO,
    quantita: roundTo(r.s_mq ?? r.mq ?? 0, 2),
    unitaMisura: 'm2',
    prezzoUnitario: prezzo,
  };
}

/** Quantity, unit, price and discount of one line as it was sold. */
function venduto(r: PricedRow): Venduto {
  if (r.entity_type === 'blocco' && r.c_unita)
    return vendutoACollaudo(r as PricedRow & { c_unita: 'm3' | 't' });
  if (r.t_prezzo != null)
    return { ...NESSUNO, quantita: 1, unitaMisura: 'nr', prezzoUnitario: r.t_prezzo };
  if (r.entity_type === 'blocco') return vendutoAListino(r);
  if (r.entity_type === 'lotto') return vendutoLotto(r);
  return vendutoLastre(r);
}

const NOMI = { blocco: 'Blocco', pacco: 'Pacco', lastra: 'Lastra', lotto: 'Pavimento' } as const;

export function rigaDaDdt(r: PricedRow): RigaDaDdt {
  const v = venduto(r);
  const parti = [
    `${NOMI[r.entity_type]} ${r.codice}`,
    r.materiale,
    r.scelta ? `scelta ${r.scelta}` : null,
    r.misure,
    r.entity_type === 'pacco' ? `${r.pezzi} lastre` : null,
    r.collaudo ? `collaudo ${r.collaudo}` : null,
  ].filter(Boolean);
  return {
    ddtId: r.ddt_id,
    ddtRigaId: r.riga_id,
    entityType: r.entity_type,
    entityId: r.entity_id,
    codice: r.codice,
    descrizione: latin1(parti.join(' - ')).slice(0, 1000),
    ...v,
    prezzoTotale: prezzoTotaleRiga(v),
  };
}

/** The lines grouped by DDT, as `da-fatturare` answers them. */
export function perDdt(rows: readonly PricedRow[]): DaFatturareDdt[] {
  const out = new Map<string, DaFatturareDdt>();
  for (const r of rows) {
    const d = out.get(r.ddt_id) ?? {
      _id: r.ddt_id,
      numero: r.numero,
      anno: r.anno,
      numeroDocumento: `${r.numero}/${r.anno}`,
      data: r.data,
      righe: [],
      importo: 0,
    };
    const riga = rigaDaDdt(r);
    d.righe.push({
      ddtId: riga.ddtId,
      ddtRigaId: riga.ddtRigaId,
      entityType: riga.entityType,
      entityId: riga.entityId,
      codice: riga.codice,
      descrizione: riga.descrizione,
      quantita: riga.quantita,
      unitaMisura: riga.unitaMisura,
      prezzoUnitario: riga.prezzoUnitario,
      scontoPercentuale: riga.scontoPercentuale,
      prezzoTotale: riga.prezzoTotale,
    });
    d.importo = roundTo(d.importo + riga.prezzoTotale, 2);
    out.set(r.ddt_id, d);
  }
  return [...out.values()];
}
