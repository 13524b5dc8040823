import {
  controllaInizioTrasporto,
  DDT_STATO_LABELS,
  totaliDdt,
  type Ddt,
  type DdtCausale,
  type DdtElemento,
  type DdtRigaInput,
  type DdtStato,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { findCompanyRow } from '../../lib/companies.js';
import type { EntityRegistry } from '../../lib/entities.js';
import type { FaultPoints } from '../../lib/faults.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { BlocchiService } from '../blocchi/blocchi.service.js';
import type { StockService } from '../magazzino/stock.service.js';
import { toDdtDto } from './ddt.mapper.js';
import * as repo from './ddt.repository.js';

// What the DDT's operation files share: the factory's dependencies, the messages that name an item,
// and the few steps every change of a DDT takes (its lock, its lines as input, its answer).

export interface DdtDeps {
  db: Db;
  clienti: AnagraficaService;
  blocchi: BlocchiService;
  stock: StockService;
  entities: EntityRegistry;
  faults: FaultPoints;
}

export const NOT_FOUND = 'DDT non trovato';
export const CHANGED = 'Il DDT è cambiato nel frattempo: ricarica e riprova';
export const righeText = (n: number) => (n === 1 ? '1 riga' : `${n} righe`);
export const LABEL = {
  blocco: 'Il blocco',
  pacco: 'Il pacco',
  lastra: 'La lastra',
  lotto: 'Il lotto',
} as const;

/** Whom the lines go to, the causale (a transfer's item is "trasferito"), and the DDT being written if saved. */
export interface ElementiParty {
  clienteId: string;
  nome: string;
  causale: DdtCausale;
  ddtId?: string;
}

/** The party of a stored DDT, as its lines are checked against. */
export const elementiPartyOf = (d: repo.DdtRow): ElementiParty => ({
  clienteId: d.clienteId,
  nome: d.destinatario.ragioneSociale,
  causale: d.causale as DdtCausale,
  ddtId: d.id,
});

/** A stored DDT's lines as the input they were made from (a lot's sale with its pieces). */
export const righeInputOf = (righe: repo.RigaRow[]): DdtRigaInput[] =>
  righe.map((r) => ({
    entityType: r.entityType,
    id: r.entityId,
    pezzi: r.entityType === 'lotto' ? r.pezzi : undefined,
  }));

/** The header's stored totals (the net weight is the lines' sum, read from them). */
export function totaliTestata(righe: DdtElemento[]) {
  const { colli, pesoKg, mq, m3 } = totaliDdt(righe);
  return { colli, pesoKg, mq, m3 };
}

/** 400 when the transport would start before the DDT's date (docs/spedizioni.md "Inizio del trasporto"). */
export function inizioNonPrima(inizio: string | Date | null | undefined, data: string): void {
  const { errore } = controllaInizioTrasporto(inizio, data);
  if (errore) throw badRequest(errore, [{ path: 'inizioTrasporto', message: errore }]);
}

/** The DDT locked, with its names, when it is in `stato`; else 404 or a 409 saying `what`. */
export async function lockIn(
  tx: DbOrTx,
  companyId: string,
  id: string,
  stato: DdtStato,
  what: string,
): Promise<repo.DdtWithNames> {
  const row = await repo.lockDdt(tx, companyId, id);
  if (!row) throw notFound(NOT_FOUND);
  if (row.ddt.stato !== stato)
    throw conflict(`Il DDT è «${DDT_STATO_LABELS[row.ddt.stato as DdtStato]}»: ${what}`);
  return row;
}

/** The DDT's answer from rows already read (its group company, if any, is the one read left). */
export async function ddtDto(
  tx: DbOrTx,
  row: repo.DdtWithNames,
  righe: repo.RigaRow[],
  avvisi: string[] = [],
): Promise<Ddt> {
  const ditta = row.ddt.destinazioneCompanyId
    ? await findCompanyRow(tx, row.ddt.destinazioneCompanyId)
    : undefined;
  return toDdtDto(row, righe, ditta ? { _id: ditta.id, name: ditta.name } : null, avvisi);
}
