import {
  BLOCCO_STATO_LABELS,
  can,
  sumRounded,
  type BloccoStato,
  type Page,
  type PageKey,
  type PermissionSubject,
  type Trasferimento,
  type TrasferimentoCreate,
  type TrasferimentoListQuery,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { constraintError } from '../../lib/db-errors.js';
import { findCompanyRow } from '../../lib/companies.js';
import { toPage } from '../../lib/pagination.js';
import type { Actor } from '../../lib/actor.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { BlocchiService } from '../blocchi/blocchi.service.js';
import { ensureMateriale } from '../lookups/lookups.service.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import type { MagazzinoService } from '../magazzino/magazzino.service.js';
import type { StockService } from '../magazzino/stock.service.js';
import * as repo from './trasferimenti.repository.js';

export type TrasferimentiService = ReturnType<typeof createTrasferimentiService>;

/** The page whose write access moves each kind of item out of the company (docs/api.md "Shape of the API"). */
const PAGE_OF = {
  interno: 'blocchi',
  esterno: 'blocchi-esterni',
  pacco: 'magazzino-lastre',
  lotto: 'magazzino-pavimenti',
} as const satisfies Record<string, PageKey>;

/**
 * Transfers between group companies (docs/domain.md "Ditte del gruppo"): a sale between two legal
 * entities of the installation, in one transaction. The source items become `venduto` to the
 * receiving company (its cliente record here, created if missing) and stay in the source's
 * history and figures; the destination gets its own rows with the same codes — a block as bought-in
 * from the source company (its fornitore record there), bundles and lots with a `carico` — each
 * linked to its source row.
 */
export function createTrasferimentiService(deps: {
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
}) {
  const { db, clienti, fornitori, materiali, blocchi, magazzino, stock } = deps;

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

  function allowed(user: PermissionSubject, page: PageKey) {
    if (!can(user, page, 'write'))
      throw forbidden('Non hai il permesso di trasferire questi elementi');
  }

  /** The destination's materiale named as the source's (created there if missing). */
  async function materialeIn(
    tx: DbOrTx,
    sourceCompanyId: string,
    destinationCompanyId: string,
    materialeId: string,
  ) {
    const m = await materiali.find(sourceCompanyId, materialeId, tx);
    if (!m) throw notFound('Materiale non trovato');
    return ensureMateriale(tx, destinationCompanyId, {
      nome: m.nome,
      tipo: m.tipo,
      densita: m.densita,
    });
  }

  return {
    /** The group companies a transfer may go to. */
    async destinazioni(companyId: string) {
      return (await repo.otherCompanies(db, companyId)).map((c) => ({ _id: c.id, name: c.name }));
    },

    async create(
      actor: Actor,
      user: PermissionSubject,
      body: TrasferimentoCreate,
    ): Promise<Trasferimento> {
      if (body.destinazioneCompanyId === actor.companyId)
        throw badRequest('La ditta di destinazione è questa stessa ditta', [
          { path: 'destinazioneCompanyId', message: 'Scegli un’altra ditta del gruppo' },
        ]);
      if (body.pacchi.length) allowed(user, PAGE_OF.pacco);
      if (body.lotti.length) allowed(user, PAGE_OF.lotto);
      // each lot's sale (its movimento): the `lotto` line of the DDT that ships the transfer
      const vendite = new Map<string, string>();
      const id = await db.transaction(async (tx) => {
        const [source, destination] = await Promise.all([
          findCompanyRow(tx, actor.companyId),
          findCompanyRow(tx, body.destinazioneCompanyId),
        ]);
        if (!destination)
          throw badRequest('Ditta di destinazione non valida', [
            { path: 'destinazioneCompanyId', message: 'Non è una ditta di questa installazione' },
          ]);
        const D = destination.id;
        const ubicazioneId = await repo.ubicazioneArrivo(tx, D, body.ubicazioneId);
        if (ubicazioneId === undefined)
          throw badRequest('Ubicazione non valida', [
            { path: 'ubicazioneId', message: 'Non è un’ubicazione della ditta di destinazione' },
          ]);
        const cliente = await clienti.ensureForDitta(tx, actor.companyId, ditta(destination));
        const fornitore = body.blocchi.length
          ? await fornitori.ensureForDitta(tx, D, ditta(source!))
          : null;
        // Everything it moves, locked up front, each kind in id order (PostgreSQL's uuid order is that of
        // the lowercase text): blocks, then bundles, then lots. Two transfers of the same items wait in line.
        for (const id of body.blocchi.map((b) => b.id.toLowerCase()).sort())
          await blocchi.lockForLavorazione(tx, actor.companyId, id);
        await stock.lockForTransfer(tx, actor.companyId, {
          pacchi: body.pacchi.map((p) => p.id),
          lotti: body.lotti.map((l) => l.id),
        });
        const header = await repo.insertTrasferimento(tx, {
          companyId: actor.companyId,
          destinazioneCompanyId: D,
          documento: body.documento,
          note: body.note,
          userId: actor.userId,
        });
        const riferimento = body.documento ? `, ${body.documento}` : '';
        const causale = `Trasferimento a ${destination.name}${riferimento}`;
        const received = `Trasferito da ${source!.name}${riferimento}`;
        // The receiver's rows name no user of the sender (docs/domain.md): the system's, with the sender in the causale.
        const destMeta = {
          companyId: D,
          userId: null,
          causale: received,
          documento: body.documento,
        };
        const righe: Array<Parameters<typeof repo.insertRighe>[1][number]> = [];

        for (const item of body.blocchi) {
          const locked = await blocchi.lockForLavorazione(tx, actor.companyId, item.id);
          if (!locked) throw notFound('Blocco non trovato');
          allowed(user, PAGE_OF[locked.blocco.origine]);
          if (locked.statoEffettivo !== 'disponibile') {
            throw conflict(
              `Il blocco ${locked.blocco.codice} è «${BLOCCO_STATO_LABELS[locked.statoEffettivo as BloccoStato]}»: si trasferiscono solo blocchi disponibili`,
            );
          }
          await blocchi.assertSenzaLavorazioni(tx, actor.companyId, locked.blocco, 'trasferirlo');
          await blocchi.transition(tx, {
            companyId: actor.companyId,
            origine: null,
            id: item.id,
            to: 'venduto',
            by: 'system',
            userId: actor.userId,
            note: causale,
            set: { clienteId: cliente.id },
          });
          const materialeId = await materialeIn(tx, actor.companyId, D, locked.blocco.materialeId);
          const created = await blocchi.receiveFromGroup(tx, {
            companyId: D,
            source: locked.blocco,
            fornitoreId: fornitore!.id,
            materialeId,
            ubicazioneId,
            prezzo: item.prezzo,
            note: received,
          });
          await stock.movimenti(tx, [
            {
              companyId: actor.companyId,
              userId: actor.userId,
              tipo: 'trasferimento',
              pezzi: -1,
              mq: 0,
              bloccoId: item.id,
              clienteId: cliente.id,
              prezzo: item.prezzo,
              unitaPrezzo: 'totale',
              documento: body.documento,
              causale,
            },
            {
              companyId: D,
              userId: null,
              tipo: 'carico',
              pezzi: 1,
              mq: 0,
              bloccoId: created.id,
              documento: body.documento,
              causale: received,
            },
          ]);
          righe.push({
            trasferimentoId: header.id,
            tipo: 'blocco',
            codice: locked.blocco.codice,
            codiceDestinazione: locked.blocco.codice,
            origineId: item.id,
            destinazioneId: created.id,
            pezzi: 1,
            mq: 0,
            prezzo: item.prezzo,
          });
        }

        for (const item of body.pacchi) {
          const pacco = await stock.lockPacco(tx, actor.companyId, item.id);
          if (!pacco) throw notFound('Pacco non trovato');
          const moved = await stock.cediPacco(tx, actor, item.id, {
            clienteId: cliente.id,
            documento: body.documento,
            causale,
          });
          const slabs = await stock.lastreRows(
            tx,
            actor.companyId,
            moved.map((m) => m.id),
          );
          // the receiver's own copy of the block, if it has one; the sawing stays the sender's alone
          const bloccoId = await repo.bloccoInDestinazione(tx, D, pacco.bloccoId);
          const materialeId = await materialeIn(tx, actor.companyId, D, pacco.materialeId);
          const created = await magazzino
            .caricaPacco(
              tx,
              destMeta,
              {
                companyId: D,
                codice: pacco.codice,
                lavorazioneId: null,
                bloccoId,
                materialeId,
                spessoreMm: pacco.spessoreMm,
                finitura: pacco.finitura,
                resinatura: pacco.resinatura,
                scelta: pacco.scelta,
                ubicazioneId,
                prezzoListino: null,
                trasferitoDaId: pacco.id,
              },
              slabs.map((l) => ({
                companyId: D,
                codice: l.codice,
                bloccoId,
                progressivo: l.progressivo,
                lunghezzaMm: l.lunghezzaMm,
                altezzaMm: l.altezzaMm,
                mq: l.mq,
                scelta: l.scelta,
                difetti: l.difetti,
              })),
            )
            .catch((error: unknown) => {
              throw (
                constraintError(error, {
                  unique: `Il pacco ${pacco.codice} o una sua lastra esiste già nella ditta di destinazione`,
                }) ?? error
              );
            });
          await recordAudit(tx, {
            companyId: D,
            entityType: 'pacco',
            entityId: created.id,
            action: 'create',
            userId: null,
            note: received,
          });
          righe.push({
            trasferimentoId: header.id,
            tipo: 'pacco',
            codice: pacco.codice,
            codiceDestinazione: pacco.codice,
            origineId: pacco.id,
            destinazioneId: created.id,
            pezzi: created.nLastre,
            mq: created.mq,
            prezzo: item.prezzo,
          });
        }

        for (const item of body.lotti) {
          const { lotto, mqTaken, venditaId } = await stock.cediLotto(
            tx,
            actor,
            item.id,
            item.pezzi,
            { clienteId: cliente.id, prezzo: item.prezzo, documento: body.documento, causale },
          );
          // a lot sent in parts keeps its code with a suffix for the later parts (one tone, one code)
          const codice = (await stock.codiceLottoTaken(tx, D, lotto.codice))
            ? await stock.nextSplitCodice(tx, D, lotto.codice)
            : lotto.codice;
          const materialeId = await materialeIn(tx, actor.companyId, D, lotto.materialeId);
          const {
            id: _id,
            companyId: _c,
            createdAt: _ca,
            updatedAt: _u,
            pezziRiservati: _r,
            ...copy
          } = lotto;
          const created = await magazzino.caricaLotto(tx, destMeta, {
            ...copy,
            companyId: D,
            codice,
            lavorazioneId: null,
            bloccoId: await repo.bloccoInDestinazione(tx, D, lotto.bloccoId),
            materialeId,
            pezzi: item.pezzi,
            mq: mqTaken,
            casse: Math.ceil(item.pezzi / lotto.pezziPerCassa),
            ubicazioneId,
            prezzoListino: null,
            note: null,
            trasferitoDaId: lotto.id,
          });
          await recordAudit(tx, {
            companyId: D,
            entityType: 'lotto',
            entityId: created.id,
            action: 'create',
            userId: null,
            note: received,
          });
          vendite.set(lotto.id, venditaId);
          righe.push({
            trasferimentoId: header.id,
            tipo: 'lotto',
            codice: lotto.codice,
            codiceDestinazione: codice,
            origineId: lotto.id,
            destinazioneId: created.id,
            pezzi: item.pezzi,
            mq: mqTaken,
            prezzo: item.prezzo,
          });
        }

        await repo.insertRighe(tx, righe);
        return header.id;
      });
      const created = await get(actor.companyId, id);
      return {
        ...created,
        righe: created.righe.map((r) =>
          r.tipo === 'lotto' ? { ...r, venditaId: vendite.get(r.itemId) } : r,
        ),
      };
    },

    list,
    get,
  };

  async function get(
    companyId: string,
    id: string,
    mayRead: MayRead = () => true,
  ): Promise<Trasferimento> {
    const [found] = (await list(companyId, { page: 1, limit: 1, id }, mayRead)).items;
    if (!found) throw notFound('Trasferimento non trovato');
    return found;
  }

  /**
   * Transfers the company is part of. Each row shows only the kinds of item the user's pages let them
   * read (a slabs-only clerk does not see the lots and their prices), and the total is of those rows.
   */
  async function list(
    companyId: string,
    query: TrasferimentoListQuery | { page: number; limit: number; id: string },
    mayRead: MayRead = () => true,
  ): Promise<Page<Trasferimento>> {
    const readable = (Object.keys(PAGE_OF) as Array<keyof typeof PAGE_OF>).filter((kind) =>
      mayRead(PAGE_OF[kind]),
    );
    const { items, counted } = await repo.page(db, companyId, query, readable);
    const righe = await repo.righeOf(
      db,
      items.map((i) => i.trasferimento.id),
    );
    return toPage(
      items.map(({ trasferimento: t, origineNome, destinazioneNome, utente }) => {
        const uscita = t.companyId === companyId;
        const own = righe.filter((r) => r.riga.trasferimentoId === t.id);
        const visible = own.filter((r) => mayRead(pageOfRiga(r, uscita)));
        return {
          _id: t.id,
          direzione: uscita ? 'uscita' : 'entrata',
          origine: { _id: t.companyId, name: origineNome },
          destinazione: { _id: t.destinazioneCompanyId, name: destinazioneNome },
          documento: t.documento,
          note: t.note,
          // each side sees its own row of every item: the other company's rows stay its own
          righe: visible.map(({ riga: r, origineBlocco, destinazioneBlocco }) => {
            const origine = uscita ? origineBlocco : destinazioneBlocco;
            return {
              tipo: r.tipo,
              kind:
                r.tipo === 'blocco'
                  ? origine === 'interno'
                    ? 'blocco'
                    : 'blocco-esterno'
                  : r.tipo,
              codice: uscita ? r.codice : r.codiceDestinazione,
              itemId: uscita ? r.origineId : r.destinazioneId,
              pezzi: r.pezzi,
              mq: r.mq,
              prezzo: r.prezzo,
            };
          }),
          totale: sumRounded(
            visible.map((r) => r.riga.prezzo),
            2,
          ),
          // who sent it is the sender's business: the receiver sees the company only
          utente: uscita && t.userId && utente ? { _id: t.userId, name: utente } : null,
          createdAt: t.createdAt.toISOString(),
        } satisfies Trasferimento;
      }),
      counted,
      query.page,
      query.limit,
    );
  }
}

/** Whether the user may read a page (`can(user, page, 'read')`). */
export type MayRead = (page: PageKey) => boolean;

/** The page an item of a transfer belongs to, on the caller's side (a block is own or bought-in there). */
function pageOfRiga(
  r: { riga: { tipo: string }; origineBlocco: string | null; destinazioneBlocco: string | null },
  uscita: boolean,
): PageKey {
  if (r.riga.tipo === 'pacco' || r.riga.tipo === 'lotto') return PAGE_OF[r.riga.tipo];
  return (uscita ? r.origineBlocco : r.destinazioneBlocco) === 'interno'
    ? PAGE_OF.interno
    : PAGE_OF.esterno;
}
