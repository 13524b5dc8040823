import {
  bolloDovuto,
  casoIvaCliente,
  latin1,
  numeroDdt,
  prezzoTotaleRiga,
  riepiloghi,
  scadenzaDa,
  sumRounded,
  totaliFattura,
  type Cessionario,
  type FatturaCreate,
  type FatturaPagamento,
  type FatturaRigaInput,
  type NaturaIva,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict } from '../../lib/app-error.js';
import { findCompanyRow } from '../../lib/companies.js';
import { italianDate, todayInRome } from '../../lib/dates.js';
import { righeDdtDaFatturare, rigaDaDdt } from './fatture.ddt-lines.js';
import * as repo from './fatture.repository.js';
import { ddtDocsOf } from '../ddt/ddt.reads.js';

// A draft from its body (docs/fatture.md): the cliente's VAT case, the DDT lines as sold, the free
// lines, the stamp duty, the summaries and the payment, all computed here and stored as they are.

const field = (path: string, message: string) => badRequest(message, [{ path, message }]);
const BOLLO_DESCRIZIONE = 'Imposta di bollo assolta in modo virtuale (art. 15 D.P.R. 633/1972)';
const DEFAULT_PAGAMENTO = { modalita: 'MP05', giorni: 30, fineMese: false } as const;

export type ClienteRow = NonNullable<Awaited<ReturnType<typeof repo.clienteOf>>>;

export function cessionarioOf(c: ClienteRow): Cessionario {
  return {
    ragioneSociale: c.ragioneSociale,
    partitaIva: c.partitaIva,
    codiceFiscale: c.codiceFiscale,
    indirizzo: c.indirizzo,
    cap: c.cap,
    comune: c.comune,
    provincia: c.provincia,
    nazione: c.nazione,
    codiceSdi: c.codiceSdi,
    pec: c.pec,
  };
}

/** The DDTs of a TD24: emitted to this cliente, with lines to invoice, of one month, none after the invoice's date. */
async function righeDaDdt(tx: DbOrTx, companyId: string, body: FatturaCreate) {
  const ddtIds = body.ddtIds ?? [];
  if (!ddtIds.length) return [];
  const rows = await righeDdtDaFatturare(tx, companyId, body.clienteId, { ddtIds });
  const docs = await ddtDocsOf(tx, companyId, ddtIds);
  for (const id of ddtIds) {
    const d = docs.find((x) => x.id === id.toLowerCase());
    if (!d || d.clienteId !== body.clienteId || d.stato !== 'emesso')
      throw field('ddtIds', 'DDT non valido: indica DDT emessi a questo cliente');
    if (!rows.some((r) => r.ddt_id === d.id))
      throw conflict(`Il DDT ${numeroDdt(d.numero!, d.anno!)} è già fatturato`);
  }
  const mesi = new Set(docs.map((d) => d.data!.slice(0, 7)));
  if (mesi.size > 1) throw field('ddtIds', 'I DDT di una fattura differita sono dello stesso mese');
  const ultimo = docs.reduce((a, d) => (d.data! > a.data! ? d : a));
  if (body.data < ultimo.data!)
    throw field(
      'data',
      `La data della fattura non può precedere il DDT ${numeroDdt(ultimo.numero!, ultimo.anno!)} del ${italianDate(ultimo.data!)}`,
    );
  return rows.map(rigaDaDdt);
}

function casoRiga(
  r: FatturaRigaInput,
  base: { aliquotaIva: number; natura: NaturaIva | null },
): Caso {
  if (r.natura) return { aliquotaIva: 0, natura: r.natura };
  if (r.aliquotaIva != null) return { aliquotaIva: r.aliquotaIva, natura: null };
  return base;
}

function pagamentoOf(
  body: FatturaCreate,
  cliente: ClienteRow,
  iban: string | null,
  totale: number,
): FatturaPagamento | null {
  if (body.tipoDocumento === 'TD04' && !body.pagamento) return null;
  const terms = cliente.pagamento ?? DEFAULT_PAGAMENTO;
  const modalita = body.pagamento?.modalita ?? terms.modalita;
  const given = body.pagamento?.scadenze;
  const scadenze = given?.length
    ? given
    : [{ data: scadenzaDa(body.data, terms.giorni, terms.fineMese), importo: totale }];
  const condizioni = body.pagamento?.condizioni ?? (scadenze.length > 1 ? 'TP01' : 'TP02');
  if (condizioni === 'TP02' && scadenze.length > 1)
    throw field('pagamento', 'Con il pagamento completo (TP02) indica una sola scadenza');
  const somma = sumRounded(
    scadenze.map((s) => s.importo),
    2,
  );
  if (somma !== totale)
    throw field(
      'pagamento',
      `Le scadenze sommano ${somma.toFixed(2).replace('.', ',')} €, il totale è ${totale.toFixed(2).replace('.', ',')} €`,
    );
  if (scadenze.some((s) => s.data < body.data))
    throw field('pagamento', 'Una scadenza non può precedere la data della fattura');
  return {
    condizioni,
    modalita,
    iban,
    scadenze: scadenze.map((s) => ({ data: s.data, importo: s.importo })),
  };
}

/** The emitted invoice a note of credit corrects: the same cliente's, not after the note's date. */
async function collegataOf(
  tx: DbOrTx,
  companyId: string,
  body: FatturaCreate,
  cliente: ClienteRow,
): Promise<repo.FatturaRow | undefined> {
  if (!body.fatturaCollegataId) return undefined;
  const collegata = await repo.rows.find(tx, companyId, body.fatturaCollegataId);
  if (!collegata || collegata.stato !== 'emessa' || collegata.clienteId !== cliente.id)
    throw field(
      'fatturaCollegataId',
      'La fattura collegata è una fattura emessa dello stesso cliente',
    );
  if (body.data < collegata.data)
    throw field('data', 'Una nota di credito non precede la fattura che corregge');
  return collegata;
}

type Caso = { aliquotaIva: number; natura: NaturaIva | null };

/** The body's free lines, each with its VAT case (the cliente's unless the line says otherwise). */
function righeLibere(body: FatturaCreate, caso: Caso) {
  return (body.righe ?? []).map((r) => {
    const v = {
      quantita: r.quantita ?? null,
      prezzoUnitario: r.prezzoUnitario,
      scontoPercentuale: r.scontoPercentuale ?? null,
    };
    return {
      ...SENZA_DDT,
      descrizione: latin1(r.descrizione),
      unitaMisura: r.unitaMisura ? latin1(r.unitaMisura) : null,
      ...v,
      prezzoTotale: prezzoTotaleRiga(v),
      ...casoRiga(r, caso),
    };
  });
}

const SENZA_DDT = { ddtId: null, ddtRigaId: null, entityType: null, entityId: null, codice: null };

/** The stamp duty charged to the cliente, as a line out of VAT's field (N1). */
const rigaBollo = (bollo: number) => ({
  ...SENZA_DDT,
  descrizione: BOLLO_DESCRIZIONE,
  unitaMisura: null,
  quantita: null,
  prezzoUnitario: bollo,
  scontoPercentuale: null,
  prezzoTotale: bollo,
  aliquotaIva: 0,
  natura: 'N1' as NaturaIva,
});

/** The stored draft of a body: its row values and its lines (numbered from 1). */
export async function buildDraft(tx: DbOrTx, companyId: string, body: FatturaCreate) {
  const cliente = await repo.clienteOf(tx, companyId, body.clienteId);
  if (!cliente) throw field('clienteId', 'Cliente non valido');
  if (body.data > todayInRome()) throw field('data', 'La data della fattura non può essere futura');
  const collegata = await collegataOf(tx, companyId, body, cliente);
  const caso = casoIvaCliente(cliente);
  const daDdt = (await righeDaDdt(tx, companyId, body)).map((r) => ({ ...r, ...caso }));
  const righe = [...daDdt, ...righeLibere(body, caso)];
  const bollo = bolloDovuto(righe);
  if (bollo && body.addebitaBollo) righe.push(rigaBollo(bollo));
  const riepilogo = riepiloghi(righe);
  const totali = totaliFattura(riepilogo);
  if (totali.totale < 0) throw field('righe', 'Il totale della fattura non può essere negativo');
  const company = (await findCompanyRow(tx, companyId))!;
  const row = {
    tipoDocumento: body.tipoDocumento,
    data: body.data,
    clienteId: cliente.id,
    cessionario: cessionarioOf(cliente),
    fatturaCollegataId: collegata?.id ?? null,
    causale: body.causale ? latin1(body.causale) : null,
    note: body.note,
    addebitaBollo: body.addebitaBollo ?? false,
    bollo,
    pagamento: pagamentoOf(body, cliente, company.iban, totali.totale),
    riepilogo,
    ...totali,
  };
  return { row, righe: righe.map((r, i) => ({ ...r, numeroLinea: i + 1 })) };
}
