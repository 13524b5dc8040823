import type { DdtCreate, DdtIndirizzo } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { DdtDestinatarioSnapshot } from '../../db/schema/index.js';
import { badRequest } from '../../lib/app-error.js';
import { findCompanyRow } from '../../lib/companies.js';
import { todayInRome } from '../../lib/dates.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import { inizioNonPrima, totaliTestata } from './ddt.common.js';
import { elementi } from './ddt.elementi.js';

// Whom a DDT goes to and how: the receiver (a cliente, or a group company through its cliente record
// here, as a transfer sells to it), the places of departure and destination, the carrier.

export interface Party {
  clienteId: string;
  destinazioneCompanyId: string | null;
  destinatario: DdtDestinatarioSnapshot;
}

/** The receiver as asked: a cliente, or a group company. */
export type PartyQuery = { clienteId?: string; destinazioneCompanyId?: string };

type Address = Record<'indirizzo' | 'cap' | 'comune' | 'provincia' | 'nazione', string | null>;
const indirizzoOf = (a: Address) =>
  a.indirizzo && a.comune
    ? {
        indirizzo: a.indirizzo,
        cap: a.cap,
        comune: a.comune,
        provincia: a.provincia,
        nazione: a.nazione,
      }
    : null;

async function clientePartyOf(
  clienti: AnagraficaService,
  tx: DbOrTx,
  companyId: string,
  clienteId: string,
): Promise<Party> {
  const c = await clienti.find(companyId, clienteId, tx);
  if (!c)
    throw badRequest('Cliente non valido', [{ path: 'clienteId', message: 'Cliente non valido' }]);
  const { ragioneSociale, partitaIva, indirizzo, cap, comune, provincia, nazione } = c;
  return {
    clienteId: c.id,
    destinazioneCompanyId: null,
    destinatario: { ragioneSociale, partitaIva, indirizzo, cap, comune, provincia, nazione },
  };
}

/** A group company as the receiver, through its cliente record (created when `create`, else looked up). */
async function dittaPartyOf(
  clienti: AnagraficaService,
  tx: DbOrTx,
  companyId: string,
  destinazioneCompanyId: string | undefined,
  create: boolean,
): Promise<Party | null> {
  const ditta =
    destinazioneCompanyId && destinazioneCompanyId !== companyId
      ? await findCompanyRow(tx, destinazioneCompanyId)
      : undefined;
  if (!ditta)
    throw badRequest('Ditta di destinazione non valida', [
      { path: 'destinazioneCompanyId', message: 'Scegli un’altra ditta di questa installazione' },
    ]);
  const cliente = create
    ? await clienti.ensureForDitta(tx, companyId, ditta)
    : await clienti.findForDitta(tx, companyId, ditta);
  if (!cliente) return null;
  const { name: ragioneSociale, partitaIva, indirizzo, cap, comune, provincia, nazione } = ditta;
  return {
    clienteId: cliente.id,
    destinazioneCompanyId: ditta.id,
    destinatario: { ragioneSociale, partitaIva, indirizzo, cap, comune, provincia, nazione },
  };
}

export function createDdtParty(clienti: AnagraficaService) {
  /** The party of a DDT; a group company through its cliente record, created when `create` (a write) and else only looked up. */
  async function partyOf(tx: DbOrTx, companyId: string, body: PartyQuery): Promise<Party>;
  async function partyOf(
    tx: DbOrTx,
    companyId: string,
    body: PartyQuery,
    create: false,
  ): Promise<Party | null>;
  async function partyOf(
    tx: DbOrTx,
    companyId: string,
    body: PartyQuery,
    create = true,
  ): Promise<Party | null> {
    if (body.clienteId) return clientePartyOf(clienti, tx, companyId, body.clienteId);
    return dittaPartyOf(clienti, tx, companyId, body.destinazioneCompanyId, create);
  }

  return {
    partyOf,
    header: (tx: DbOrTx, companyId: string, body: DdtCreate) =>
      header(tx, companyId, body, partyOf),
  };
}

/** Where the goods leave from unless the draft says otherwise: the sender's seat (its yard or sawmill). */
export async function partenzaDefault(tx: DbOrTx, companyId: string): Promise<DdtIndirizzo | null> {
  return indirizzoOf((await findCompanyRow(tx, companyId))!);
}

/**
 * The carrier as the draft names it; a plate without a carrier's name is the sender's truck (one of its
 * automezzi) or the receiver's, as the transport says (the contract asks a vettore for its name).
 */
async function vettoreOf(tx: DbOrTx, companyId: string, body: DdtCreate, destinatario: string) {
  if (!body.vettore) return null;
  const ragioneSociale =
    body.vettore.ragioneSociale ??
    (body.trasportoACura === 'destinatario'
      ? destinatario
      : (await findCompanyRow(tx, companyId))!.name);
  return { ...body.vettore, ragioneSociale };
}

/** Where the goods go: as the draft says, else the party's address; 400 when neither is known. */
function destinazioneOf(body: DdtCreate, destinatario: DdtDestinatarioSnapshot) {
  const destinazione = body.destinazione ?? indirizzoOf(destinatario);
  if (!destinazione)
    throw badRequest('Indica il luogo di destinazione', [
      {
        path: 'destinazione',
        message: 'Il destinatario non ha un indirizzo: indica la destinazione',
      },
    ]);
  return destinazione;
}

/** The header's columns of the places of destination and departure. */
function luoghiColumns(destinazione: DdtIndirizzo, partenza: DdtIndirizzo | null) {
  return {
    destinazioneIndirizzo: destinazione.indirizzo,
    destinazioneCap: destinazione.cap,
    destinazioneComune: destinazione.comune,
    destinazioneProvincia: destinazione.provincia,
    destinazioneNazione: destinazione.nazione,
    luogoPartenzaIndirizzo: partenza?.indirizzo ?? null,
    luogoPartenzaCap: partenza?.cap ?? null,
    luogoPartenzaComune: partenza?.comune ?? null,
    luogoPartenzaProvincia: partenza?.provincia ?? null,
    luogoPartenzaNazione: partenza?.nazione ?? null,
  };
}

/** The header's columns of the carrier (none when the draft names none). */
function vettoreColumns(vettore: Awaited<ReturnType<typeof vettoreOf>>) {
  return {
    vettoreRagioneSociale: vettore?.ragioneSociale ?? null,
    vettorePartitaIva: vettore?.partitaIva ?? null,
    vettoreIndirizzo: vettore?.indirizzo ?? null,
    vettoreTarga: vettore?.targa ?? null,
  };
}

/** The header of a draft from its body: party, destination (default the party's address), transport. */
async function header(
  tx: DbOrTx,
  companyId: string,
  body: DdtCreate,
  partyOf: (tx: DbOrTx, companyId: string, body: PartyQuery) => Promise<Party>,
) {
  // a draft is emitted today at the earliest, so its transport cannot start before today
  inizioNonPrima(body.inizioTrasporto, todayInRome());
  const party = await partyOf(tx, companyId, body);
  const d = party.destinatario;
  const destinazione = destinazioneOf(body, d);
  const partenza = body.luogoPartenza ?? (await partenzaDefault(tx, companyId));
  const vettore = await vettoreOf(tx, companyId, body, d.ragioneSociale);
  const righe = await elementi(
    tx,
    companyId,
    { clienteId: party.clienteId, nome: d.ragioneSociale, causale: body.causale },
    body.righe,
  );
  const row = {
    causale: body.causale,
    clienteId: party.clienteId,
    destinazioneCompanyId: party.destinazioneCompanyId,
    destinatario: d,
    ...luoghiColumns(destinazione, partenza),
    trasportoACura: body.trasportoACura,
    ...vettoreColumns(vettore),
    porto: body.porto,
    aspetto: body.aspetto,
    inizioTrasporto: body.inizioTrasporto ? new Date(body.inizioTrasporto) : null,
    note: body.note,
    ...totaliTestata(righe),
  };
  return { row, righe };
}
