import {
  DDT_STATO_LABELS,
  totaliDdt,
  numeroDdt,
  type Ddt,
  controllaInizioTrasporto,
  type DdtCausale,
  type DdtCreate,
  type DdtDaSpedire,
  type DdtElemento,
  type DdtExportQuery,
  type DdtFilter,
  type DdtIndirizzo,
  type DdtListItem,
  type DdtListQuery,
  type DdtSummary,
  type DdtRigaInput,
  type DdtStato,
  type GenealogyNode,
  type Page,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { DdtDestinatarioSnapshot } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.js';
import { listHistory, recordAudit, type HistoryItem } from '../../lib/audit.js';
import { findCompanyRow, otherCompanies } from '../../lib/companies.js';
import { todayInRome } from '../../lib/dates.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { streamExport } from '../../lib/export.js';
import { pageOfRows } from '../../lib/pagination.js';
import type { FaultPoints } from '../../lib/faults.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { BlocchiService } from '../blocchi/blocchi.service.js';
import type { StockService } from '../magazzino/stock.service.js';
import { registerDdtEntity } from './ddt.entity.js';
import { ddtExportColumns } from './ddt.export.js';
import {
  daSpedireLotto,
  elementoBlocco,
  elementoLastra,
  elementoLotto,
  elementoPacco,
  toDdtDto,
  toListItem,
  toNewRiga,
} from './ddt.mapper.js';
import * as repo from './ddt.repository.js';

const NOT_FOUND = 'DDT non trovato';
const righeText = (n: number) => (n === 1 ? '1 riga' : `${n} righe`);
const EXPORT_BATCH = 200;
const LABEL = {
  blocco: 'Il blocco',
  pacco: 'Il pacco',
  lastra: 'La lastra',
  lotto: 'Il lotto',
} as const;
const MISSING = {
  blocco: 'Blocco non trovato',
  pacco: 'Pacco non trovato',
  lastra: 'Lastra non trovata',
  lotto: 'Vendita di pavimenti non trovata',
} as const;

export type DdtService = ReturnType<typeof createDdtService>;

/** A check run before a DDT is cancelled; it throws (a 409) to refuse. */
export type AnnullaCheck = (tx: DbOrTx, companyId: string, ddtId: string) => Promise<void>;

/** Whom the lines go to, the causale (a transfer's item is "trasferito"), and the DDT being written if saved. */
interface ElementiParty {
  clienteId: string;
  nome: string;
  causale: DdtCausale;
  ddtId?: string;
}

/** The header's stored totals (the net weight is the lines' sum, read from them). */
function totaliTestata(righe: DdtElemento[]) {
  const { colli, pesoKg, mq, m3 } = totaliDdt(righe);
  return { colli, pesoKg, mq, m3 };
}

interface Party {
  clienteId: string;
  destinazioneCompanyId: string | null;
  destinatario: DdtDestinatarioSnapshot;
}

/**
 * The documento di trasporto (docs/domain.md "Spedizione (DDT)"). A draft names what is sold to one party
 * and not yet shipped; emitting numbers it and ships every item in one transaction (guarded updates
 * through the blocchi and stock services); cancelling gives the items back to sold and keeps the number.
 */
export function createDdtService(deps: {
  db: Db;
  clienti: AnagraficaService;
  blocchi: BlocchiService;
  stock: StockService;
  entities: EntityRegistry;
  faults: FaultPoints;
}) {
  const { db, clienti, blocchi, stock, entities, faults } = deps;
  /**
   * Rules of modules listed after this one on cancelling a DDT (an invoiced DDT is corrected with a
   * note of credit, docs/fatture.md): each runs in the cancel's transaction, after the DDT's lock.
   */
  const annullaChecks: AnnullaCheck[] = [];
  registerDdtEntity(entities);

  /** The receiver: a cliente, or a group company through its cliente record here (as a transfer sells to it). */
  type PartyQuery = { clienteId?: string; destinazioneCompanyId?: string };

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
    if (body.clienteId) {
      const c = await clienti.find(companyId, body.clienteId, tx);
      if (!c)
        throw badRequest('Cliente non valido', [
          { path: 'clienteId', message: 'Cliente non valido' },
        ]);
      return {
        clienteId: c.id,
        destinazioneCompanyId: null,
        destinatario: {
          ragioneSociale: c.ragioneSociale,
          partitaIva: c.partitaIva,
          indirizzo: c.indirizzo,
          cap: c.cap,
          comune: c.comune,
          provincia: c.provincia,
          nazione: c.nazione,
        },
      };
    }
    const ditta =
      body.destinazioneCompanyId && body.destinazioneCompanyId !== companyId
        ? await findCompanyRow(tx, body.destinazioneCompanyId)
        : undefined;
    if (!ditta)
      throw badRequest('Ditta di destinazione non valida', [
        { path: 'destinazioneCompanyId', message: 'Scegli un’altra ditta di questa installazione' },
      ]);
    const cliente = create
      ? await clienti.ensureForDitta(tx, companyId, ditta)
      : await clienti.findForDitta(tx, companyId, ditta);
    if (!cliente) return null;
    return {
      clienteId: cliente.id,
      destinazioneCompanyId: ditta.id,
      destinatario: {
        ragioneSociale: ditta.name,
        partitaIva: ditta.partitaIva,
        indirizzo: ditta.indirizzo,
        cap: ditta.cap,
        comune: ditta.comune,
        provincia: ditta.provincia,
        nazione: ditta.nazione,
      },
    };
  }

  /**
   * Why a line cannot ship: 404 when the item is not in the company, else a 409 that names it and,
   * when it already left, the DDT it left with.
   */
  async function refusal(
    tx: DbOrTx,
    companyId: string,
    riga: DdtRigaInput,
    party: ElementiParty,
  ): Promise<never> {
    const codice = await repo.codiceOf(tx, companyId, riga.entityType, riga.id);
    if (!codice) throw notFound(MISSING[riga.entityType]);
    const partito = (await repo.ddtOfItem(tx, companyId, riga.id))
      .filter((d) => d.stato === 'emesso' && d.id !== party.ddtId)
      .at(-1);
    const femminile = riga.entityType === 'lastra';
    const spedito = femminile ? 'spedita' : 'spedito';
    if (partito?.numero && partito.anno) {
      const con = `con il DDT ${numeroDdt(partito.numero, partito.anno)}`;
      throw conflict(
        riga.entityType === 'lotto'
          ? `La vendita del lotto ${codice} a ${party.nome} è già spedita ${con}: toglila dal DDT`
          : `${LABEL[riga.entityType]} ${codice} è già ${spedito} ${con}: toglilo dal DDT`,
      );
    }
    const venduto =
      party.causale === 'trasferimento'
        ? femminile
          ? 'trasferita'
          : 'trasferito'
        : femminile
          ? 'venduta'
          : 'venduto';
    const what =
      riga.entityType === 'lotto'
        ? `La vendita del lotto ${codice} a ${party.nome} non ha pezzi da spedire`
        : `${LABEL[riga.entityType]} ${codice} non è ${venduto} a ${party.nome} o è già ${spedito}`;
    throw conflict(`${what}: toglilo dal DDT`);
  }

  /** The lines as they stand now: each item sold to the party and not shipped, or 404/409 naming it. */
  async function elementi(
    tx: DbOrTx,
    companyId: string,
    party: ElementiParty,
    righe: readonly DdtRigaInput[],
  ): Promise<DdtElemento[]> {
    const ids = (t: DdtRigaInput['entityType']) =>
      righe.filter((r) => r.entityType === t).map((r) => r.id);
    const [bs, slabs, packs, sales] = [
      await repo.blocchiVenduti(tx, companyId, party.clienteId, ids('blocco')),
      await repo.lastreVendute(tx, companyId, party.clienteId, { ids: ids('lastra') }),
      await repo.lastreVendute(tx, companyId, party.clienteId, { paccoIds: ids('pacco') }),
      await repo.venditeLotti(tx, companyId, party.clienteId, ids('lotto')),
    ];
    const out: DdtElemento[] = [];
    for (const r of righe) {
      const same = (id: string) => id === r.id.toLowerCase();
      if (r.entityType === 'blocco') {
        const b = bs.find((x) => same(x.id));
        out.push(b ? elementoBlocco(b) : await refusal(tx, companyId, r, party));
      } else if (r.entityType === 'lastra') {
        const l = slabs.find((x) => same(x.id));
        if (l && ids('pacco').some((p) => p.toLowerCase() === l.paccoId))
          throw badRequest(`La lastra ${l.codice} è già nel DDT con il suo pacco ${l.paccoCodice}`);
        out.push(l ? elementoLastra(l) : await refusal(tx, companyId, r, party));
      } else if (r.entityType === 'pacco') {
        const mine = packs.filter((x) => same(x.paccoId));
        if (mine.length === 0) await refusal(tx, companyId, r, party);
        if (mine.some((x) => x.altre > 0))
          throw conflict(
            `Il pacco ${mine[0]!.paccoCodice} non è venduto per intero a ${party.nome}: spedisci le sue lastre vendute una per una`,
          );
        out.push(elementoPacco(mine));
      } else {
        const v = sales.find((x) => same(x.id));
        if (!v) await refusal(tx, companyId, r, party);
        const restano = v!.venduti - v!.spediti;
        if ((r.pezzi ?? restano) > restano)
          throw conflict(
            `La vendita del lotto ${v!.codice} ha ${restano} pezzi da spedire, non ${r.pezzi}`,
          );
        out.push(elementoLotto(v!, r.pezzi ?? restano));
      }
    }
    return out;
  }

  /**
   * A plate without a carrier's name: the truck is the sender's (one of its automezzi) or the
   * receiver's, as the transport says; the contract asks a vettore for its name.
   */
  async function carrierName(
    tx: DbOrTx,
    companyId: string,
    body: DdtCreate,
    destinatario: string,
  ): Promise<string> {
    if (body.trasportoACura === 'destinatario') return destinatario;
    return (await findCompanyRow(tx, companyId))!.name;
  }

  /** Where the goods leave from unless the draft says otherwise: the sender's seat (its yard or sawmill). */
  async function partenzaDefault(tx: DbOrTx, companyId: string): Promise<DdtIndirizzo | null> {
    const c = (await findCompanyRow(tx, companyId))!;
    return c.indirizzo && c.comune
      ? {
          indirizzo: c.indirizzo,
          cap: c.cap,
          comune: c.comune,
          provincia: c.provincia,
          nazione: c.nazione,
        }
      : null;
  }

  /** The header of a draft from its body: party, destination (default the party's address), transport. */
  async function header(tx: DbOrTx, companyId: string, body: DdtCreate) {
    // a draft is emitted today at the earliest, so its transport cannot start before today
    inizioNonPrima(body.inizioTrasporto, todayInRome());
    const party = await partyOf(tx, companyId, body);
    const d = party.destinatario;
    const destinazione =
      body.destinazione ??
      (d.indirizzo && d.comune
        ? {
            indirizzo: d.indirizzo,
            cap: d.cap,
            comune: d.comune,
            provincia: d.provincia,
            nazione: d.nazione,
          }
        : null);
    if (!destinazione)
      throw badRequest('Indica il luogo di destinazione', [
        {
          path: 'destinazione',
          message: 'Il destinatario non ha un indirizzo: indica la destinazione',
        },
      ]);
    const partenza = body.luogoPartenza ?? (await partenzaDefault(tx, companyId));
    const vettore = body.vettore && {
      ...body.vettore,
      ragioneSociale:
        body.vettore.ragioneSociale ?? (await carrierName(tx, companyId, body, d.ragioneSociale)),
    };
    const row = {
      causale: body.causale,
      clienteId: party.clienteId,
      destinazioneCompanyId: party.destinazioneCompanyId,
      destinatario: d,
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
      trasportoACura: body.trasportoACura,
      vettoreRagioneSociale: vettore?.ragioneSociale ?? null,
      vettorePartitaIva: vettore?.partitaIva ?? null,
      vettoreIndirizzo: vettore?.indirizzo ?? null,
      vettoreTarga: vettore?.targa ?? null,
      porto: body.porto,
      aspetto: body.aspetto,
      inizioTrasporto: body.inizioTrasporto ? new Date(body.inizioTrasporto) : null,
      note: body.note,
    };
    const righe = await elementi(
      tx,
      companyId,
      { clienteId: party.clienteId, nome: d.ragioneSociale, causale: body.causale },
      body.righe,
    );
    return { row: { ...row, ...totaliTestata(righe) }, righe };
  }

  /** 400 when the transport would start before the DDT's date (docs/spedizioni.md "Inizio del trasporto"). */
  function inizioNonPrima(inizio: string | Date | null | undefined, data: string): void {
    const { errore } = controllaInizioTrasporto(inizio, data);
    if (errore) throw badRequest(errore, [{ path: 'inizioTrasporto', message: errore }]);
  }

  /** What a draft's reader should know before emitting it: items gone meanwhile, a late start. */
  async function avvisiBozza(tx: DbOrTx, companyId: string, d: repo.DdtRow, righe: DdtRigaInput[]) {
    const avvisi: string[] = [];
    const party = {
      clienteId: d.clienteId,
      nome: d.destinatario.ragioneSociale,
      causale: d.causale as DdtCausale,
      ddtId: d.id,
    };
    const refused = async (lines: DdtRigaInput[]) => {
      try {
        await elementi(tx, companyId, party, lines);
        return false;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (lines.length === 1) avvisi.push(error.message);
        return true;
      }
    };
    // all the lines in one read; line by line only when one of them no longer ships
    if ((await refused(righe)) && righe.length > 1) for (const riga of righe) await refused([riga]);
    const { errore, avviso } = controllaInizioTrasporto(d.inizioTrasporto, todayInRome());
    if (errore ?? avviso) avvisi.push((errore ?? avviso)!);
    return avvisi;
  }

  async function lockIn(tx: DbOrTx, companyId: string, id: string, stato: DdtStato, what: string) {
    const d = await repo.lockDdt(tx, companyId, id);
    if (!d) throw notFound(NOT_FOUND);
    if (d.stato !== stato)
      throw conflict(`Il DDT è «${DDT_STATO_LABELS[d.stato as DdtStato]}»: ${what}`);
    return d;
  }

  async function get(companyId: string, id: string, tx: DbOrTx = db): Promise<Ddt> {
    const row = await repo.findDdt(tx, companyId, id);
    if (!row) throw notFound(NOT_FOUND);
    const ditta = row.ddt.destinazioneCompanyId
      ? await findCompanyRow(tx, row.ddt.destinazioneCompanyId)
      : undefined;
    const righe = await repo.righeOf(tx, id);
    const avvisi =
      row.ddt.stato === 'bozza'
        ? await avvisiBozza(
            tx,
            companyId,
            row.ddt,
            righe.map((r) => ({
              entityType: r.entityType,
              id: r.entityId,
              pezzi: r.entityType === 'lotto' ? r.pezzi : undefined,
            })),
          )
        : [];
    return toDdtDto(row, righe, ditta ? { _id: ditta.id, name: ditta.name } : null, avvisi);
  }

  /** Ships one line of an emitting DDT; the slabs it shipped (for a cancellation to give back). */
  async function spedisci(
    tx: DbOrTx,
    actor: Actor,
    d: repo.DdtRow,
    e: DdtElemento,
    ref: { id: string; documento: string },
  ): Promise<string[]> {
    const nome = d.destinatario.ragioneSociale;
    if (e.entityType === 'blocco') {
      await moveBlocco(tx, actor, e, 'spedito', `Spedito a ${nome} con ${ref.documento}`);
      await stock.movimenti(tx, [
        {
          companyId: actor.companyId,
          userId: actor.userId,
          tipo: 'spedizione',
          pezzi: 0,
          mq: 0,
          bloccoId: e._id,
          clienteId: d.clienteId,
          documento: ref.documento,
          ddtId: ref.id,
          causale: `Spedito a ${nome} con ${ref.documento}`,
        },
      ]);
      return [];
    }
    if (e.entityType === 'lotto') {
      await stock.spedisciVenditaLotto(tx, actor, e._id, d.clienteId, e.pezzi, ref, e.codice);
      return [];
    }
    const moved = await stock.spedisciLastre(
      tx,
      actor,
      e.entityType === 'pacco' ? { paccoId: e._id } : { ids: [e._id] },
      d.clienteId,
      ref,
    );
    if (moved.length !== e.pezzi)
      throw conflict(
        `${LABEL[e.entityType]} ${e.codice} è cambiato mentre il DDT veniva emesso: ricarica e riprova`,
      );
    return moved.map((l) => l.id);
  }

  async function moveBlocco(
    tx: DbOrTx,
    actor: Actor,
    e: { _id: string; codice: string },
    to: 'spedito' | 'venduto',
    note: string,
  ) {
    try {
      await blocchi.transition(tx, {
        companyId: actor.companyId,
        origine: null,
        id: e._id,
        to,
        by: 'system',
        userId: actor.userId,
        note,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'CONFLICT')
        throw conflict(`Il blocco ${e.codice}: ${error.message}`);
      throw error;
    }
  }

  return {
    get,

    async create(actor: Actor, body: DdtCreate): Promise<Ddt> {
      const id = await db.transaction(async (tx) => {
        const { row, righe } = await header(tx, actor.companyId, body);
        const created = await repo.insertDdt(tx, {
          ...row,
          companyId: actor.companyId,
          createdBy: actor.userId,
        });
        await repo.replaceRighe(tx, created.id, righe.map(toNewRiga));
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'ddt',
          entityId: created.id,
          action: 'create',
          userId: actor.userId,
          note: `Bozza per ${row.destinatario.ragioneSociale}, ${righeText(righe.length)}`,
        });
        return created.id;
      });
      return get(actor.companyId, id);
    },

    /** The whole draft again (PUT): its lines re-read from what is sold now. */
    async update(actor: Actor, id: string, body: DdtCreate): Promise<Ddt> {
      await db.transaction(async (tx) => {
        await lockIn(tx, actor.companyId, id, 'bozza', 'si modifica solo una bozza');
        const { row, righe } = await header(tx, actor.companyId, body);
        await repo.updateDdt(tx, actor.companyId, id, row, 'bozza');
        await repo.replaceRighe(tx, id, righe.map(toNewRiga));
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'ddt',
          entityId: id,
          action: 'update',
          userId: actor.userId,
          note: righeText(righe.length),
        });
      });
      return get(actor.companyId, id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockIn(
          tx,
          actor.companyId,
          id,
          'bozza',
          'si elimina solo una bozza (un DDT emesso si annulla)',
        );
        if (!(await repo.deleteBozza(tx, actor.companyId, id)))
          throw conflict('Il DDT è cambiato nel frattempo: ricarica e riprova');
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'ddt',
          entityId: id,
          action: 'delete',
          userId: actor.userId,
        });
      });
    },

    /**
     * Numbers the draft and ships its items, all or nothing: the counter row is taken first (so the
     * company's emissions queue on it), then each line is re-read and moved by a guarded update. Any
     * item sold elsewhere, shipped or changed meanwhile is a 409, and the rollback gives the number back.
     */
    async emetti(actor: Actor, id: string, seed?: { data: string; at: Date }): Promise<Ddt> {
      await db.transaction(async (tx) => {
        const d = await lockIn(tx, actor.companyId, id, 'bozza', 'è già stato emesso');
        // `seed`: the demo's year of DDTs, emitted in date order on their own days; the API always emits today
        const data = seed?.data ?? todayInRome();
        inizioNonPrima(d.inizioTrasporto, data);
        const anno = Number(data.slice(0, 4));
        const numero = await repo.nextNumero(tx, actor.companyId, anno);
        await faults.afterDdtNumero?.();
        const ref = { id, documento: `DDT ${numeroDdt(numero, anno)}` };
        const stored = await repo.righeOf(tx, id);
        const righe = await elementi(
          tx,
          actor.companyId,
          {
            clienteId: d.clienteId,
            nome: d.destinatario.ragioneSociale,
            causale: d.causale as DdtCausale,
            ddtId: id,
          },
          stored.map((r) => ({
            entityType: r.entityType,
            id: r.entityId,
            pezzi: r.entityType === 'lotto' ? r.pezzi : undefined,
          })),
        );
        const shipped: string[][] = [];
        for (const e of righe) shipped.push(await spedisci(tx, actor, d, e, ref));
        await repo.replaceRighe(
          tx,
          id,
          righe.map((e, i) => ({ ...toNewRiga(e), lastraIds: shipped[i]! })),
        );
        const now = seed?.at ?? new Date();
        const done = await repo.updateDdt(
          tx,
          actor.companyId,
          id,
          {
            stato: 'emesso',
            numero,
            anno,
            data,
            emessoAt: now,
            inizioTrasporto: d.inizioTrasporto ?? now,
            ...totaliTestata(righe),
          },
          'bozza',
        );
        if (!done) throw conflict('Il DDT è cambiato nel frattempo: ricarica e riprova');
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'ddt',
          entityId: id,
          action: 'stato',
          userId: actor.userId,
          changes: { stato: { from: 'bozza', to: 'emesso' } },
          note: ref.documento,
        });
      });
      return get(actor.companyId, id);
    },

    /** A rule another module adds to cancelling (the invoice module: an invoiced DDT stays). */
    onAnnulla(check: AnnullaCheck): void {
      annullaChecks.push(check);
    },

    /** Cancels an emitted DDT: its number stays used, its items go back to sold to the same party. */
    async annulla(actor: Actor, id: string, motivo: string, at = new Date()): Promise<Ddt> {
      await db.transaction(async (tx) => {
        const d = await lockIn(
          tx,
          actor.companyId,
          id,
          'emesso',
          'si annulla solo un DDT emesso (una bozza si elimina)',
        );
        for (const check of annullaChecks) await check(tx, actor.companyId, id);
        const ref = { id, documento: `DDT ${numeroDdt(d.numero!, d.anno!)}` };
        const note = `${ref.documento} annullato: ${motivo}`;
        for (const r of await repo.righeOf(tx, id)) {
          if (r.entityType === 'blocco') {
            await moveBlocco(tx, actor, { _id: r.entityId, codice: r.codice }, 'venduto', note);
            await stock.movimenti(tx, [
              {
                companyId: actor.companyId,
                userId: actor.userId,
                tipo: 'spedizione',
                pezzi: 0,
                mq: 0,
                bloccoId: r.entityId,
                clienteId: d.clienteId,
                documento: ref.documento,
                ddtId: id,
                causale: note,
              },
            ]);
          } else if (r.entityType === 'lotto') {
            await stock.rientraVenditaLotto(tx, actor, r.entityId, r.pezzi, ref, motivo, r.codice);
          } else {
            const moved = await stock.rientraLastre(tx, actor, r.lastraIds, ref, motivo);
            if (moved.length !== r.lastraIds.length)
              throw conflict(
                `${LABEL[r.entityType]} ${r.codice} non risulta più spedito con questo DDT: ricarica e riprova`,
              );
          }
        }
        await repo.updateDdt(
          tx,
          actor.companyId,
          id,
          { stato: 'annullato', annullatoMotivo: motivo, annullatoAt: at },
          'emesso',
        );
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'ddt',
          entityId: id,
          action: 'stato',
          userId: actor.userId,
          changes: { stato: { from: 'emesso', to: 'annullato' } },
          note,
        });
      });
      return get(actor.companyId, id);
    },

    /**
     * What is sold to the party and not shipped. A group company is reached through its cliente record,
     * only looked up here (a GET writes nothing): without one nothing was ever sold to it.
     */
    /** The new DDT's pickers under spedizioni (docs/api.md "Shape of the API"): the clienti by name, and the group's other companies. */
    pickClienti: (companyId: string, q: string | undefined) => clienti.pick(companyId, q),
    async ditte(companyId: string) {
      return (await otherCompanies(db, companyId)).map((c) => ({ _id: c.id, name: c.name }));
    },

    async daSpedire(
      companyId: string,
      query: { clienteId?: string; destinazioneCompanyId?: string },
    ): Promise<DdtDaSpedire> {
      const party = await partyOf(db, companyId, query, false);
      const luogoPartenza = await partenzaDefault(db, companyId);
      if (!party)
        return {
          destinatario: null,
          blocchi: [],
          pacchi: [],
          lastre: [],
          lotti: [],
          luogoPartenza,
        };
      const [bs, slabs, sales] = await Promise.all([
        repo.blocchiVenduti(db, companyId, party.clienteId),
        repo.lastreVendute(db, companyId, party.clienteId),
        repo.venditeLotti(db, companyId, party.clienteId),
      ]);
      const whole = new Map<string, repo.LastraVenduta[]>();
      for (const l of slabs.filter((x) => x.altre === 0))
        whole.set(l.paccoId, [...(whole.get(l.paccoId) ?? []), l]);
      return {
        destinatario: party.destinatario,
        blocchi: bs.map(elementoBlocco),
        pacchi: [...whole.values()].map(elementoPacco),
        lastre: slabs.filter((x) => x.altre > 0).map(elementoLastra),
        lotti: sales.map(daSpedireLotto),
        luogoPartenza,
      };
    },

    list(companyId: string, query: DdtListQuery): Promise<Page<DdtListItem>> {
      return pageOfRows(repo.page(db, companyId, query), toListItem, query);
    },

    summary(companyId: string, filter: DdtFilter): Promise<DdtSummary> {
      return repo.summary(db, companyId, filter);
    },

    exportList(companyId: string, query: DdtExportQuery, onError: (e: unknown) => void) {
      const { format, ...filter } = query;
      async function* batches() {
        let after: { createdAt: Date; id: string } | null = null;
        for (;;) {
          const rows = await repo.exportBatch(db, companyId, filter, after, EXPORT_BATCH);
          if (rows.length) yield rows.map(toListItem);
          if (rows.length < EXPORT_BATCH) return;
          const last = rows[rows.length - 1]!.ddt;
          after = { createdAt: last.createdAt, id: last.id };
        }
      }
      return streamExport({
        format,
        sheet: 'DDT',
        baseName: 'ddt',
        columns: ddtExportColumns,
        batches: batches(),
        onError,
      });
    },

    async history(companyId: string, id: string): Promise<HistoryItem[]> {
      await get(companyId, id);
      return listHistory(db, companyId, 'ddt', id);
    },

    /** What it carried and to whom (the items' own genealogies name the DDT back). */
    async genealogy(companyId: string, id: string): Promise<GenealogyNode[]> {
      await get(companyId, id);
      return entities.genealogyOf(db, 'ddt', companyId, id);
    },
  };
}
