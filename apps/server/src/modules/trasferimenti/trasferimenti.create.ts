import {
  type PermissionSubject,
  type Trasferimento,
  type TrasferimentoCreate,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';
import { findCompanyRow } from '../../lib/companies.js';
import type { Actor } from '../../lib/actor.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { BlocchiService } from '../blocchi/blocchi.service.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import type { MagazzinoService } from '../magazzino/magazzino.service.js';
import type { StockService } from '../magazzino/stock.service.js';
import * as repo from './trasferimenti.repository.js';

import {
  allowed,
  createTrasferimentiItems,
  PAGE_OF,
  type TransferContext,
} from './trasferimenti.items.js';
import type { TrasferimentiQueries } from './trasferimenti.queries.js';

export type TrasferimentiDeps = {
  db: Db;
  clienti: Pick<AnagraficaService, 'ensureForDitta'>;
  fornitori: Pick<AnagraficaService, 'ensureForDitta'>;
  materiali: Pick<LookupsService<'materiali'>, 'find'>;
  blocchi: Pick<
    BlocchiService,
    'assertSenzaLavorazioni' | 'lockForLavorazione' | 'receiveFromGroup' | 'transition'
  >;
  magazzino: Pick<MagazzinoService, 'caricaLotto' | 'caricaPacco'>;
  stock: Pick<
    StockService,
    | 'cediLotto'
    | 'cediPacco'
    | 'codiceLottoTaken'
    | 'lastreRows'
    | 'lockForTransfer'
    | 'lockPacco'
    | 'movimenti'
    | 'nextSplitCodice'
  >;
};

function ditta(row: NonNullable<Awaited<ReturnType<typeof findCompanyRow>>>) {
  return {
    name: row.name,
    partitaIva: row.partitaIva,
    codiceFiscale: row.codiceFiscale,
    indirizzo: row.indirizzo,
    cap: row.cap,
    comune: row.comune,
    provincia: row.provincia,
    nazione: row.nazione,
    email: row.email,
    pec: row.pec,
  };
}

/** The request's own checks, before any read: another company, and the pages of the kinds it moves. */
function assertRichiesta(actor: Actor, user: PermissionSubject, body: TrasferimentoCreate) {
  if (body.destinazioneCompanyId === actor.companyId)
    throw badRequest('La ditta di destinazione è questa stessa ditta', [
      { path: 'destinazioneCompanyId', message: 'Scegli un’altra ditta del gruppo' },
    ]);
  if (body.pacchi.length) allowed(user, PAGE_OF.pacco);
  if (body.lotti.length) allowed(user, PAGE_OF.lotto);
}

/** The receiver's rows name no user of the sender (docs/domain.md): the system's, with the sender in the causale. */
function destMetaOf(D: string, received: string, documento: string | null) {
  return { companyId: D, userId: null, causale: received, documento };
}

/** The two companies, where the items arrive, and each one's record in the other's anagrafica. */
async function partiesOf(
  { clienti, fornitori }: TrasferimentiDeps,
  tx: DbOrTx,
  actor: Actor,
  body: TrasferimentoCreate,
) {
  const [source, destination] = await Promise.all([
    findCompanyRow(tx, actor.companyId),
    findCompanyRow(tx, body.destinazioneCompanyId),
  ]);
  if (!destination)
    throw badRequest('Ditta di destinazione non valida', [
      { path: 'destinazioneCompanyId', message: 'Non è una ditta di questa installazione' },
    ]);
  const ubicazioneId = await repo.ubicazioneArrivo(tx, destination.id, body.ubicazioneId);
  if (ubicazioneId === undefined)
    throw badRequest('Ubicazione non valida', [
      { path: 'ubicazioneId', message: 'Non è un’ubicazione della ditta di destinazione' },
    ]);
  const cliente = await clienti.ensureForDitta(tx, actor.companyId, ditta(destination));
  const fornitore = body.blocchi.length
    ? await fornitori.ensureForDitta(tx, destination.id, ditta(source!))
    : null;
  return { source: source!, destination, ubicazioneId, cliente, fornitore };
}

/**
 * Everything it moves, locked up front, each kind in id order (PostgreSQL's uuid order is that of
 * the lowercase text): blocks, then bundles, then lots. Two transfers of the same items wait in line.
 */
async function lockItems(
  { blocchi, stock }: TrasferimentiDeps,
  tx: DbOrTx,
  actor: Actor,
  body: TrasferimentoCreate,
) {
  for (const id of body.blocchi.map((b) => b.id.toLowerCase()).sort())
    await blocchi.lockForLavorazione(tx, actor.companyId, id);
  await stock.lockForTransfer(tx, actor.companyId, {
    pacchi: body.pacchi.map((p) => p.id),
    lotti: body.lotti.map((l) => l.id),
  });
}

/** The transfer's header, and what each item's move needs to know of it. */
async function openTransfer(
  tx: DbOrTx,
  actor: Actor,
  user: PermissionSubject,
  body: TrasferimentoCreate,
  parties: Awaited<ReturnType<typeof partiesOf>>,
): Promise<TransferContext> {
  const { source, destination, ubicazioneId, cliente, fornitore } = parties;
  const D = destination.id;
  const header = await repo.insertTrasferimento(tx, {
    companyId: actor.companyId,
    destinazioneCompanyId: D,
    documento: body.documento,
    note: body.note,
    userId: actor.userId,
  });
  const riferimento = body.documento ? `, ${body.documento}` : '';
  const received = `Trasferito da ${source.name}${riferimento}`;
  return {
    actor,
    user,
    D,
    headerId: header.id,
    clienteId: cliente.id,
    fornitoreId: fornitore?.id ?? null,
    ubicazioneId,
    documento: body.documento,
    causale: `Trasferimento a ${destination.name}${riferimento}`,
    received,
    destMeta: destMetaOf(D, received, body.documento),
  };
}

/** Each item out of the sender and into the receiver, then the transfer's lines; each lot's sale into `vendite`. */
async function moveItems(
  items: ReturnType<typeof createTrasferimentiItems>,
  tx: DbOrTx,
  t: TransferContext,
  body: TrasferimentoCreate,
  vendite: Map<string, string>,
) {
  const righe: Array<Parameters<typeof repo.insertRighe>[1][number]> = [];
  for (const item of body.blocchi) righe.push(await items.trasferisciBlocco(tx, t, item));
  for (const item of body.pacchi) righe.push(await items.trasferisciPacco(tx, t, item));
  for (const item of body.lotti) {
    const { venditaId, riga } = await items.trasferisciLotto(tx, t, item);
    vendite.set(riga.origineId, venditaId);
    righe.push(riga);
  }
  await repo.insertRighe(tx, righe);
}

/**
 * A transfer, in one transaction: the items locked up front, then each moved out of the sender and
 * into the receiver, then its lines; the answer names each lot's sale (`venditaId`) for its DDT.
 */
export function createTrasferimento(
  deps: TrasferimentiDeps,
  { get }: Pick<TrasferimentiQueries, 'get'>,
) {
  const { db } = deps;
  const items = createTrasferimentiItems(deps);
  return {
    async create(
      actor: Actor,
      user: PermissionSubject,
      body: TrasferimentoCreate,
    ): Promise<Trasferimento> {
      assertRichiesta(actor, user, body);
      // each lot's sale (its movimento): the `lotto` line of the DDT that ships the transfer
      const vendite = new Map<string, string>();
      const id = await db.transaction(async (tx) => {
        const parties = await partiesOf(deps, tx, actor, body);
        await lockItems(deps, tx, actor, body);
        const t = await openTransfer(tx, actor, user, body, parties);
        await moveItems(items, tx, t, body, vendite);
        return t.headerId;
      });
      const created = await get(actor.companyId, id);
      return {
        ...created,
        righe: created.righe.map((r) =>
          r.tipo === 'lotto' ? { ...r, venditaId: vendite.get(r.itemId) } : r,
        ),
      };
    },
  };
}
