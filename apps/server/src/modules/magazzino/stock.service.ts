import {
  mqPavimenti,
  pezziOf,
  RISERVA_IN_SCADENZA_GIORNI,
  RISERVA_MAX_GIORNI,
  pesoLastraT,
  type Giacenze,
  type Lastra,
  type LastraUpdateInput,
  type LottoOperazione,
  type PaccoOperazione,
  type Riserva,
  type RiservaLastraInput,
  type RiservaLottoInput,
  type StockItemUpdateInput,
  type VendiLastraInput,
  type VendiLottoInput,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { diffChanges, recordAudit, recordAuditMany, type AuditEntry } from '../../lib/audit.js';
import { addDays, italianDate, todayInRome } from '../../lib/dates.js';
import { constraintError } from '../../lib/db-errors.js';
import type { Actor } from '../../plugins/auth.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import { caricaLotto, lowerPacchi } from './ledger.repository.js';
import type { MagazzinoService } from './magazzino.service.js';
import * as repo from './stock.repository.js';
import { lastraGuard, type LastraTarget, type LedgerRow, type MovedLastra } from './stock.repository.js';

export type StockService = ReturnType<typeof createStockService>;

const LASTRA_STATO_MESSAGE: Record<string, string> = {
  venduta: 'La lastra è già stata venduta',
  spedita: 'La lastra è già stata spedita',
  rotta: 'La lastra è segnata come rotta',
  in_lavorazione: 'La lastra è destinata a una lavorazione di pavimenti',
  disponibile: 'La lastra non è riservata',
};

/**
 * Operations on stock (DESIGN §4): reserve, release, sell, ship, break, move and adjust slabs,
 * bundles and tile lots. Each runs in one transaction: expired reservations of the target are
 * released first (a system movimento), then one guarded update, its movimenti and history rows.
 */
export function createStockService(deps: { db: Db; magazzino: MagazzinoService; clienti: AnagraficaService; ubicazioni: LookupsService<'ubicazioni'> }) {
  const { db, magazzino, clienti, ubicazioni } = deps;

  async function checkCliente(tx: DbOrTx, companyId: string, id: string) {
    const row = await clienti.find(companyId, id, tx);
    if (!row || !row.attivo) throw badRequest('Cliente non valido', [{ path: 'clienteId', message: 'Cliente non valido o non attivo' }]);
    return row;
  }
  async function checkUbicazione(tx: DbOrTx, companyId: string, id: string) {
    const row = await ubicazioni.find(companyId, id, tx);
    if (!row || !row.attiva) throw badRequest('Ubicazione non valida', [{ path: 'ubicazioneId', message: 'Ubicazione non valida' }]);
    return row;
  }
  function checkScadenza(scadenza: string) {
    const today = todayInRome();
    if (scadenza < today) throw badRequest('La scadenza è già passata', [{ path: 'scadenza', message: `La scadenza non può essere prima di oggi (${italianDate(today)})` }]);
    const max = addDays(today, RISERVA_MAX_GIORNI);
    if (scadenza > max) throw badRequest('Scadenza troppo lontana', [{ path: 'scadenza', message: `Al massimo un anno: entro il ${italianDate(max)}` }]);
  }

  /** Releases the target's expired slab reservations, with the system's movimento and history. */
  async function expireLastre(tx: DbOrTx, companyId: string, target: LastraTarget) {
    const freed = await repo.expireLastre(tx, { companyId, target });
    await recordExpiredLastre(tx, freed);
  }
  async function recordExpiredLastre(tx: DbOrTx, freed: Awaited<ReturnType<typeof repo.expireLastre>>) {
    await repo.insertMovimenti(
      tx,
      freed.map((l) => ({ companyId: l.companyId, userId: null, tipo: 'rilascio', pezzi: 0, mq: 0, bloccoId: l.bloccoId, paccoId: l.paccoId, lastraId: l.id, causale: 'Riserva scaduta' })),
    );
    await recordAuditMany(
      tx,
      freed.map((l) => ({ companyId: l.companyId, entityType: 'lastra', entityId: l.id, action: 'stato', userId: null, changes: { stato: { from: 'riservata', to: 'disponibile' } }, note: 'Riserva scaduta' })),
    );
  }

  /** Why one slab did not move: 404 when it is not in the company, else a 409 that says its state. */
  async function refusal(tx: DbOrTx, companyId: string, id: string, op: string): Promise<never> {
    const now = await repo.lastraState(tx, companyId, id);
    if (!now) throw notFound('Lastra non trovata');
    if (now.stato === 'riservata') throw conflict(`La lastra è riservata a ${now.cliente ?? 'un altro cliente'}: ${op} non è possibile finché la riserva non viene rilasciata o scade`);
    throw conflict(`${LASTRA_STATO_MESSAGE[now.stato] ?? 'La lastra ha cambiato stato'}: ${op} non è possibile`);
  }

  interface SlabOp {
    guard: ReturnType<typeof lastraGuard.vendibileA>;
    set: Parameters<typeof repo.updateLastre>[4];
    /** Leaves stock: a `scarico` of one slab and its m², the bundle lowered. */
    scarico?: boolean;
    tipo: LedgerRow['tipo'];
    ledger?: Partial<LedgerRow>;
    audit: { action: string; changes: (l: MovedLastra) => AuditEntry['changes']; note?: string | null };
    /** For the 409 of a single slab: what was attempted. */
    what: string;
  }

  /** One operation on slabs (one, a selection, or a bundle's): the moved ones, with ledger and history. */
  async function onLastre(tx: DbOrTx, actor: Actor, target: LastraTarget, op: SlabOp): Promise<MovedLastra[]> {
    await expireLastre(tx, actor.companyId, target);
    const moved = await repo.updateLastre(tx, actor.companyId, target, op.guard, op.set);
    if ('ids' in target && moved.length !== target.ids.length) {
      const missing = target.ids.find((id) => !moved.some((m) => m.id === id))!;
      await refusal(tx, actor.companyId, missing, op.what);
    }
    await repo.insertMovimenti(
      tx,
      moved.map((l) => ({
        companyId: actor.companyId,
        userId: actor.userId,
        tipo: op.tipo,
        pezzi: op.scarico ? -1 : 0,
        mq: op.scarico ? -l.mq : 0,
        bloccoId: l.bloccoId,
        paccoId: l.paccoId,
        lastraId: l.id,
        ...op.ledger,
      })),
    );
    if (op.scarico) await lowerPacchi(tx, actor.companyId, moved);
    await recordAuditMany(
      tx,
      moved.map((l) => ({ companyId: actor.companyId, entityType: 'lastra', entityId: l.id, action: op.audit.action, userId: actor.userId, changes: op.audit.changes(l), note: op.audit.note ?? null })),
    );
    return moved;
  }

  const ops = {
    riserva: async (tx: DbOrTx, actor: Actor, target: LastraTarget, body: RiservaLastraInput) => {
      checkScadenza(body.scadenza);
      const cliente = await checkCliente(tx, actor.companyId, body.clienteId);
      return onLastre(tx, actor, target, {
        guard: lastraGuard.libera,
        set: { stato: 'riservata', clienteId: body.clienteId, scadenzaRiserva: body.scadenza },
        tipo: 'riserva',
        ledger: { clienteId: body.clienteId, causale: `Riservata a ${cliente.ragioneSociale} fino al ${italianDate(body.scadenza)}` },
        audit: { action: 'stato', changes: () => ({ stato: { from: 'disponibile', to: 'riservata' }, cliente: { from: null, to: cliente.ragioneSociale }, scadenza: { from: null, to: body.scadenza } }) },
        what: 'riservarla',
      });
    },
    rilascia: (tx: DbOrTx, actor: Actor, target: LastraTarget, nota: string | null) =>
      onLastre(tx, actor, target, {
        guard: lastraGuard.riservata,
        set: { stato: 'disponibile', clienteId: null, scadenzaRiserva: null },
        tipo: 'rilascio',
        ledger: { causale: nota ?? 'Riserva rilasciata' },
        audit: { action: 'stato', changes: () => ({ stato: { from: 'riservata', to: 'disponibile' } }), note: nota },
        what: 'rilasciarla',
      }),
    vendi: async (tx: DbOrTx, actor: Actor, target: LastraTarget, body: VendiLastraInput) => {
      const cliente = await checkCliente(tx, actor.companyId, body.clienteId);
      return onLastre(tx, actor, target, {
        guard: lastraGuard.vendibileA(body.clienteId),
        set: { stato: 'venduta', clienteId: body.clienteId, scadenzaRiserva: null },
        scarico: true,
        tipo: 'scarico',
        ledger: { clienteId: body.clienteId, prezzo: body.prezzo, unitaPrezzo: body.unita, documento: body.documento, causale: `Vendita a ${cliente.ragioneSociale}` },
        audit: { action: 'stato', changes: () => ({ stato: { from: 'disponibile', to: 'venduta' }, cliente: { from: null, to: cliente.ragioneSociale } }), note: `Documento ${body.documento}` },
        what: `venderla a ${cliente.ragioneSociale}`,
      });
    },
    sposta: async (tx: DbOrTx, actor: Actor, target: LastraTarget, ubicazioneId: string, own: boolean) => {
      const ubicazione = await checkUbicazione(tx, actor.companyId, ubicazioneId);
      return onLastre(tx, actor, target, {
        guard: lastraGuard.inGiacenza,
        // a slab moved alone has its own place; a bundle's move takes its slabs along
        set: { ubicazioneId: own ? ubicazioneId : null },
        tipo: 'trasferimento',
        ledger: { causale: `Spostamento in ${ubicazione.nome}` },
        audit: { action: 'sposta', changes: () => ({ ubicazione: { from: null, to: ubicazione.nome } }) },
        what: 'spostarla',
      });
    },
  };

  async function slabDto(companyId: string, id: string): Promise<Lastra> {
    return magazzino.lastra(companyId, id);
  }
  async function paccoResult(companyId: string, paccoId: string, moved: MovedLastra[]): Promise<PaccoOperazione> {
    return { pacco: await magazzino.pacco(companyId, paccoId), lastre: moved.length };
  }
  async function onPacco(actor: Actor, paccoId: string, run: (tx: DbOrTx, target: LastraTarget) => Promise<MovedLastra[]>, empty: string, after?: (tx: DbOrTx) => Promise<void>): Promise<PaccoOperazione> {
    const moved = await db.transaction(async (tx) => {
      if (!(await repo.paccoExists(tx, actor.companyId, paccoId))) throw notFound('Pacco non trovato');
      const done = await run(tx, { paccoId });
      if (done.length === 0) throw conflict(empty);
      await after?.(tx);
      await recordAudit(tx, { companyId: actor.companyId, entityType: 'pacco', entityId: paccoId, action: 'operazione', userId: actor.userId, changes: { lastre: { from: null, to: done.map((l) => l.codice).join(', ') } } });
      return done;
    });
    return paccoResult(actor.companyId, paccoId, moved);
  }

  /* ------------------------------------------------------------ lotti */

  async function lottoOrThrow(tx: DbOrTx, companyId: string, id: string) {
    const row = await repo.lockLotto(tx, companyId, id);
    if (!row) throw notFound('Lotto non trovato');
    return row;
  }
  const pezziWord = (n: number) => (n === 1 ? '1 pezzo' : `${n} pezzi`);

  function toRiserva(r: Awaited<ReturnType<typeof repo.riserveAttive>>[number], lotto: { lunghezzaMm: number; larghezzaMm: number }): Riserva {
    return {
      _id: r.riserva.id,
      cliente: { _id: r.riserva.clienteId, ragioneSociale: r.cliente },
      pezzi: r.riserva.pezzi,
      mq: mqPavimenti(r.riserva.pezzi, lotto.lunghezzaMm, lotto.larghezzaMm),
      scadenza: r.riserva.scadenza,
      stato: r.riserva.stato as Riserva['stato'],
      utente: r.riserva.userId && r.utente ? { _id: r.riserva.userId, name: r.utente } : null,
      createdAt: r.riserva.createdAt.toISOString(),
    };
  }

  /** Releases the lot's expired reservations with the system's movimento and history. */
  async function expireLotto(tx: DbOrTx, companyId: string, lottoId: string) {
    await recordExpiredRiserve(tx, await repo.expireRiserveLotti(tx, { companyId, lottoId }));
  }
  async function recordExpiredRiserve(tx: DbOrTx, expired: Awaited<ReturnType<typeof repo.expireRiserveLotti>>) {
    await repo.insertMovimenti(
      tx,
      expired.map((r) => ({ companyId: r.companyId, userId: null, tipo: 'rilascio', pezzi: 0, mq: 0, lottoId: r.lottoId, clienteId: r.clienteId, causale: `Riserva scaduta (${pezziWord(r.pezzi)})` })),
    );
    await recordAuditMany(
      tx,
      expired.map((r) => ({ companyId: r.companyId, entityType: 'lotto', entityId: r.lottoId, action: 'rilascio', userId: null, changes: { riservati: { from: r.pezzi, to: 0 } }, note: 'Riserva scaduta' })),
    );
  }

  /** Takes `n` pieces out of a lot (sale, split): pieces, boxes and m² lowered, the m² it took. */
  async function take(tx: DbOrTx, companyId: string, lotto: { id: string; mq: number; lunghezzaMm: number; larghezzaMm: number }, n: number, message: string) {
    const after = await repo.takePezzi(tx, companyId, lotto.id, n);
    if (!after) throw conflict(message);
    const mq = mqPavimenti(after.pezzi, lotto.lunghezzaMm, lotto.larghezzaMm);
    await repo.setLottoMq(tx, lotto.id, mq);
    // after.mq is still the m² before (only the pieces changed in that update)
    return { after, mqTaken: Math.round((after.mq - mq) * 100) / 100 };
  }

  async function lottoResult(companyId: string, id: string, extra: Omit<LottoOperazione, 'lotto'>): Promise<LottoOperazione> {
    return { lotto: await magazzino.lotto(companyId, id), ...extra };
  }

  return {
    /* -------------------------------------------------------- one slab */
    async riservaLastra(actor: Actor, id: string, body: RiservaLastraInput): Promise<Lastra> {
      await db.transaction((tx) => ops.riserva(tx, actor, { ids: [id] }, body));
      return slabDto(actor.companyId, id);
    },
    async rilasciaLastra(actor: Actor, id: string, nota: string | null): Promise<Lastra> {
      await db.transaction((tx) => ops.rilascia(tx, actor, { ids: [id] }, nota));
      return slabDto(actor.companyId, id);
    },
    async vendiLastra(actor: Actor, id: string, body: VendiLastraInput): Promise<Lastra> {
      await db.transaction((tx) => ops.vendi(tx, actor, { ids: [id] }, body));
      return slabDto(actor.companyId, id);
    },
    async spedisciLastra(actor: Actor, id: string, documento: string): Promise<Lastra> {
      await db.transaction(async (tx) => {
        // Shipping moves no quantity (the sale took the slab out of stock): a history row with the document.
        const moved = await repo.updateLastre(tx, actor.companyId, { ids: [id] }, lastraGuard.venduta, { stato: 'spedita' });
        if (!moved.length) await refusal(tx, actor.companyId, id, 'spedirla');
        await recordAudit(tx, { companyId: actor.companyId, entityType: 'lastra', entityId: id, action: 'stato', userId: actor.userId, changes: { stato: { from: 'venduta', to: 'spedita' } }, note: `Documento ${documento}` });
      });
      return slabDto(actor.companyId, id);
    },
    async rottaLastra(actor: Actor, id: string, nota: string): Promise<Lastra> {
      await db.transaction((tx) =>
        onLastre(tx, actor, { ids: [id] }, {
          guard: lastraGuard.inGiacenza,
          set: { stato: 'rotta', clienteId: null, scadenzaRiserva: null },
          scarico: true,
          tipo: 'scarico',
          ledger: { causale: `Rotta: ${nota}` },
          audit: { action: 'stato', changes: () => ({ stato: { from: 'disponibile', to: 'rotta' } }), note: nota },
          what: 'segnarla come rotta',
        }),
      );
      return slabDto(actor.companyId, id);
    },
    async spostaLastra(actor: Actor, id: string, ubicazioneId: string): Promise<Lastra> {
      await db.transaction((tx) => ops.sposta(tx, actor, { ids: [id] }, ubicazioneId, true));
      return slabDto(actor.companyId, id);
    },
    /** Re-grading one slab (scelta, difetti). */
    async updateLastra(actor: Actor, id: string, body: LastraUpdateInput): Promise<Lastra> {
      await db.transaction(async (tx) => {
        const before = await repo.lockLastra(tx, actor.companyId, id);
        if (!before) throw notFound('Lastra non trovata');
        const after = { scelta: body.scelta, difetti: body.difetti ?? before.difetti };
        const changes = diffChanges({ scelta: before.scelta, difetti: before.difetti }, after, ['scelta', 'difetti']);
        if (!Object.keys(changes).length) return;
        await repo.updateLastre(tx, actor.companyId, { ids: [id] }, lastraGuard.inGiacenza, after);
        await recordAudit(tx, { companyId: actor.companyId, entityType: 'lastra', entityId: id, action: 'update', userId: actor.userId, changes });
      });
      return slabDto(actor.companyId, id);
    },

    /* -------------------------------------------------------- a bundle's available slabs */
    riservaPacco: (actor: Actor, id: string, body: RiservaLastraInput) =>
      onPacco(actor, id, (tx, target) => ops.riserva(tx, actor, target, body), 'Nessuna lastra del pacco è disponibile da riservare'),
    rilasciaPacco: (actor: Actor, id: string, nota: string | null) => onPacco(actor, id, (tx, target) => ops.rilascia(tx, actor, target, nota), 'Nessuna lastra del pacco è riservata'),
    vendiPacco: (actor: Actor, id: string, body: VendiLastraInput) => onPacco(actor, id, (tx, target) => ops.vendi(tx, actor, target, body), 'Nessuna lastra del pacco si può vendere a questo cliente'),
    spostaPacco: (actor: Actor, id: string, ubicazioneId: string) =>
      onPacco(
        actor,
        id,
        (tx, target) => ops.sposta(tx, actor, target, ubicazioneId, false),
        'Il pacco non ha lastre in magazzino da spostare',
        async (tx) => void (await repo.updatePacco(tx, actor.companyId, id, { ubicazioneId })),
      ),

    /** Edits a bundle's list price, scelta and note; the scelta also re-grades its slabs in stock. */
    async updatePacco(actor: Actor, id: string, body: StockItemUpdateInput) {
      await db.transaction(async (tx) => {
        const before = await repo.lockPacco(tx, actor.companyId, id);
        if (!before) throw notFound('Pacco non trovato');
        const changes = diffChanges(before, { ...before, ...body }, ['prezzoListino', 'scelta', 'note']);
        if (!Object.keys(changes).length) return;
        await repo.updatePacco(tx, actor.companyId, id, body);
        if (changes.scelta) await repo.updateLastre(tx, actor.companyId, { paccoId: id }, lastraGuard.inGiacenza, { scelta: body.scelta });
        await recordAudit(tx, { companyId: actor.companyId, entityType: 'pacco', entityId: id, action: 'update', userId: actor.userId, changes });
      });
      return magazzino.pacco(actor.companyId, id);
    },

    /* -------------------------------------------------------- tile lots */
    async riservaLotto(actor: Actor, id: string, body: RiservaLottoInput): Promise<LottoOperazione> {
      checkScadenza(body.scadenza);
      const riserva = await db.transaction(async (tx) => {
        const cliente = await checkCliente(tx, actor.companyId, body.clienteId);
        await expireLotto(tx, actor.companyId, id);
        const lotto = await repo.lockLotto(tx, actor.companyId, id);
        if (!lotto) throw notFound('Lotto non trovato');
        const n = pezziOf(body, lotto);
        const after = await repo.reservePezzi(tx, actor.companyId, id, n);
        if (!after) throw conflict(`Non ci sono ${pezziWord(n)} liberi nel lotto: ricarica e riprova`);
        const row = await repo.insertRiserva(tx, { companyId: actor.companyId, lottoId: id, clienteId: body.clienteId, pezzi: n, scadenza: body.scadenza, userId: actor.userId });
        await repo.insertMovimenti(tx, [{ companyId: actor.companyId, userId: actor.userId, tipo: 'riserva', pezzi: 0, mq: 0, lottoId: id, clienteId: body.clienteId, causale: `Riservati ${pezziWord(n)} a ${cliente.ragioneSociale} fino al ${italianDate(body.scadenza)}` }]);
        await recordAudit(tx, { companyId: actor.companyId, entityType: 'lotto', entityId: id, action: 'riserva', userId: actor.userId, changes: { riservati: { from: after.pezziRiservati - n, to: after.pezziRiservati } }, note: `${cliente.ragioneSociale}, fino al ${italianDate(body.scadenza)}` });
        return { row, cliente, lotto };
      });
      const riservaDto = toRiserva({ riserva: riserva.row, cliente: riserva.cliente.ragioneSociale, utente: null }, riserva.lotto);
      return lottoResult(actor.companyId, id, { pezzi: riserva.row.pezzi, mq: riservaDto.mq, riserva: riservaDto });
    },

    async rilasciaLotto(actor: Actor, id: string, riservaId: string | undefined): Promise<LottoOperazione> {
      const pezzi = await db.transaction(async (tx) => {
        await expireLotto(tx, actor.companyId, id);
        const ended = await repo.endRiserve(tx, actor.companyId, id, 'rilasciata', { riservaId });
        if (!ended.length) {
          await lottoOrThrow(tx, actor.companyId, id);
          throw conflict(riservaId ? 'La riserva non è più attiva: ricarica e riprova' : 'Il lotto non ha riserve attive');
        }
        const n = ended.reduce((a, r) => a + r.pezzi, 0);
        await repo.insertMovimenti(
          tx,
          ended.map((r) => ({ companyId: actor.companyId, userId: actor.userId, tipo: 'rilascio' as const, pezzi: 0, mq: 0, lottoId: id, clienteId: r.clienteId, causale: `Rilasciati ${pezziWord(r.pezzi)}` })),
        );
        await recordAudit(tx, { companyId: actor.companyId, entityType: 'lotto', entityId: id, action: 'rilascio', userId: actor.userId, changes: { riservati: { from: n, to: 0 } } });
        return n;
      });
      const lotto = await magazzino.lotto(actor.companyId, id);
      return { lotto, pezzi, mq: mqPavimenti(pezzi, lotto.lunghezzaMm, lotto.larghezzaMm) };
    },

    async vendiLotto(actor: Actor, id: string, body: VendiLottoInput): Promise<LottoOperazione> {
      const taken = await db.transaction(async (tx) => {
        const cliente = await checkCliente(tx, actor.companyId, body.clienteId);
        await expireLotto(tx, actor.companyId, id);
        const lotto = await lottoOrThrow(tx, actor.companyId, id);
        const n = pezziOf(body, lotto);
        // The buyer's own reservations are consumed first (ended, so their pieces count as free for
        // this sale); whatever part of them the sale does not take stays reserved, with the same expiry.
        const riserve = await repo.endRiserve(tx, actor.companyId, id, 'evasa', { clienteId: body.clienteId });
        const riservati = riserve.reduce((a, r) => a + r.pezzi, 0);
        const { mqTaken } = await take(tx, actor.companyId, lotto, n, `Non ci sono ${pezziWord(n)} liberi nel lotto: ricarica e riprova`);
        if (riservati > n) {
          const last = riserve.reduce((a, r) => (r.scadenza > a.scadenza ? r : a));
          if (!(await repo.reservePezzi(tx, actor.companyId, id, riservati - n))) throw conflict('Il lotto è cambiato nel frattempo: ricarica e riprova');
          await repo.insertRiserva(tx, { companyId: actor.companyId, lottoId: id, clienteId: body.clienteId, pezzi: riservati - n, scadenza: last.scadenza, userId: actor.userId });
        }
        await repo.insertMovimenti(tx, [
          {
            companyId: actor.companyId,
            userId: actor.userId,
            tipo: 'scarico',
            pezzi: -n,
            mq: -mqTaken,
            lottoId: id,
            bloccoId: lotto.bloccoId,
            clienteId: body.clienteId,
            prezzo: body.prezzo,
            unitaPrezzo: body.unita,
            documento: body.documento,
            causale: `Vendita a ${cliente.ragioneSociale}`,
          },
        ]);
        await recordAudit(tx, { companyId: actor.companyId, entityType: 'lotto', entityId: id, action: 'vendita', userId: actor.userId, changes: { pezzi: { from: lotto.pezzi, to: lotto.pezzi - n } }, note: `${cliente.ragioneSociale}, documento ${body.documento}` });
        return { n, mqTaken };
      });
      return lottoResult(actor.companyId, id, { pezzi: taken.n, mq: taken.mqTaken });
    },

    async rettificaLotto(actor: Actor, id: string, body: { pezzi: number; motivo: string }): Promise<LottoOperazione> {
      const diff = await db.transaction(async (tx) => {
        await expireLotto(tx, actor.companyId, id);
        const lotto = await lottoOrThrow(tx, actor.companyId, id);
        if (body.pezzi < lotto.pezziRiservati) {
          throw conflict(`Nel lotto sono riservati ${pezziWord(lotto.pezziRiservati)}: rilascia prima le riserve che i pezzi contati non coprono`);
        }
        const after = await repo.setPezzi(tx, actor.companyId, id, lotto.pezzi, body.pezzi);
        if (!after) throw conflict('Il lotto è cambiato nel frattempo: ricarica e riprova');
        const mq = mqPavimenti(body.pezzi, lotto.lunghezzaMm, lotto.larghezzaMm);
        await repo.setLottoMq(tx, id, mq);
        const d = { pezzi: body.pezzi - lotto.pezzi, mq: Math.round((mq - lotto.mq) * 100) / 100 };
        await repo.insertMovimenti(tx, [{ companyId: actor.companyId, userId: actor.userId, tipo: 'rettifica', pezzi: d.pezzi, mq: d.mq, lottoId: id, bloccoId: lotto.bloccoId, causale: body.motivo }]);
        await recordAudit(tx, { companyId: actor.companyId, entityType: 'lotto', entityId: id, action: 'rettifica', userId: actor.userId, changes: { pezzi: { from: lotto.pezzi, to: body.pezzi } }, note: body.motivo });
        return d;
      });
      return lottoResult(actor.companyId, id, diff);
    },

    /** Moves a lot, or part of it (split off under the same code with a suffix, so its tone stays traceable). */
    async spostaLotto(actor: Actor, id: string, body: { ubicazioneId: string; pezzi?: number }): Promise<LottoOperazione> {
      const result = await db.transaction(async (tx) => {
        const ubicazione = await checkUbicazione(tx, actor.companyId, body.ubicazioneId);
        await expireLotto(tx, actor.companyId, id);
        const lotto = await lottoOrThrow(tx, actor.companyId, id);
        if (lotto.pezzi === 0) throw conflict('Il lotto è esaurito: non c’è niente da spostare');
        const causale = `Spostamento in ${ubicazione.nome}`;
        if (body.pezzi === undefined || body.pezzi === lotto.pezzi) {
          await repo.updateLotto(tx, actor.companyId, id, { ubicazioneId: body.ubicazioneId });
          await repo.insertMovimenti(tx, [{ companyId: actor.companyId, userId: actor.userId, tipo: 'trasferimento', pezzi: 0, mq: 0, lottoId: id, causale }]);
          await recordAudit(tx, { companyId: actor.companyId, entityType: 'lotto', entityId: id, action: 'sposta', userId: actor.userId, changes: { ubicazione: { from: null, to: ubicazione.nome } } });
          return { pezzi: lotto.pezzi, mq: lotto.mq, nuovoLottoId: undefined };
        }
        // the lot may have changed since the user read it: a conflict, not a wrong input
        if (body.pezzi > lotto.pezzi) throw conflict(`Il lotto ha ${pezziWord(lotto.pezzi)}: non se ne possono spostare ${body.pezzi}`);
        const codice = await repo.nextSplitCodice(tx, actor.companyId, lotto.codice);
        const { mqTaken } = await take(tx, actor.companyId, lotto, body.pezzi, `Non ci sono ${pezziWord(body.pezzi)} liberi da spostare: gli altri sono riservati`);
        const { id: _id, createdAt: _c, updatedAt: _u, pezziRiservati: _r, ...copy } = lotto;
        const nuovo = await caricaLotto(
          tx,
          { companyId: actor.companyId, userId: actor.userId, causale: `Diviso dal lotto ${lotto.codice}, ${causale}` },
          { ...copy, codice, pezzi: body.pezzi, mq: mqTaken, casse: Math.ceil(body.pezzi / lotto.pezziPerCassa), ubicazioneId: body.ubicazioneId },
        ).catch((error: unknown) => {
          throw constraintError(error, { unique: 'Un altro spostamento ha appena diviso il lotto: riprova' }) ?? error;
        });
        await repo.insertMovimenti(tx, [{ companyId: actor.companyId, userId: actor.userId, tipo: 'trasferimento', pezzi: -body.pezzi, mq: -mqTaken, lottoId: id, bloccoId: lotto.bloccoId, causale: `${causale} come lotto ${codice}` }]);
        await recordAuditMany(tx, [
          { companyId: actor.companyId, entityType: 'lotto', entityId: id, action: 'divisione', userId: actor.userId, changes: { pezzi: { from: lotto.pezzi, to: lotto.pezzi - body.pezzi } }, note: `${pezziWord(body.pezzi)} in ${ubicazione.nome} come lotto ${codice}` },
          { companyId: actor.companyId, entityType: 'lotto', entityId: nuovo.id, action: 'create', userId: actor.userId, note: `Diviso dal lotto ${lotto.codice}` },
        ]);
        return { pezzi: body.pezzi, mq: mqTaken, nuovoLottoId: nuovo.id };
      });
      return lottoResult(actor.companyId, id, {
        pezzi: result.pezzi,
        mq: result.mq,
        ...(result.nuovoLottoId ? { nuovoLotto: await magazzino.lotto(actor.companyId, result.nuovoLottoId) } : {}),
      });
    },

    async updateLotto(actor: Actor, id: string, body: StockItemUpdateInput) {
      await db.transaction(async (tx) => {
        const before = await lottoOrThrow(tx, actor.companyId, id);
        const changes = diffChanges(before, { ...before, ...body }, ['prezzoListino', 'scelta', 'note']);
        if (!Object.keys(changes).length) return;
        await repo.updateLotto(tx, actor.companyId, id, body);
        await recordAudit(tx, { companyId: actor.companyId, entityType: 'lotto', entityId: id, action: 'update', userId: actor.userId, changes });
      });
      return magazzino.lotto(actor.companyId, id);
    },

    async riserveLotto(companyId: string, id: string): Promise<Riserva[]> {
      const lotto = await magazzino.lotto(companyId, id);
      return (await repo.riserveAttive(db, companyId, id)).map((r) => toRiserva(r, lotto));
    },

    /* -------------------------------------------------------- transfers to a group company */
    lockPacco: (tx: DbOrTx, companyId: string, id: string) => repo.lockPacco(tx, companyId, id),
    movimenti: (tx: DbOrTx, rows: LedgerRow[]) => repo.insertMovimenti(tx, rows),
    lastreRows: (tx: DbOrTx, companyId: string, ids: readonly string[]) => repo.lastreRows(tx, companyId, ids),
    nextSplitCodice: (tx: DbOrTx, companyId: string, codice: string) => repo.nextSplitCodice(tx, companyId, codice),
    codiceLottoTaken: (tx: DbOrTx, companyId: string, codice: string) => repo.lottoCodiceTaken(tx, companyId, codice),
    /**
     * A bundle's slabs free for the receiving company leave stock, in the caller's transaction: each
     * becomes `venduta` to it with a `trasferimento` row; the moved slabs, or 409 when there are none.
     */
    async cediPacco(tx: DbOrTx, actor: Actor, paccoId: string, sale: { clienteId: string; documento: string; causale: string }): Promise<MovedLastra[]> {
      const moved = await onLastre(tx, actor, { paccoId }, {
        guard: lastraGuard.vendibileA(sale.clienteId),
        set: { stato: 'venduta', clienteId: sale.clienteId, scadenzaRiserva: null },
        scarico: true,
        tipo: 'trasferimento',
        // the transfer's price is the bundle's total: it stays on the transfer's row, not on each slab
        ledger: { clienteId: sale.clienteId, documento: sale.documento, causale: sale.causale },
        audit: { action: 'stato', changes: () => ({ stato: { from: 'disponibile', to: 'venduta' } }), note: sale.causale },
        what: 'trasferirla',
      });
      if (moved.length === 0) throw conflict('Il pacco non ha lastre disponibili da trasferire');
      return moved;
    },
    /** `n` free pieces of a lot leave stock for the receiving company, in the caller's transaction. */
    async cediLotto(tx: DbOrTx, actor: Actor, lottoId: string, n: number, sale: { clienteId: string; prezzo: number; documento: string; causale: string }) {
      await expireLotto(tx, actor.companyId, lottoId);
      const lotto = await lottoOrThrow(tx, actor.companyId, lottoId);
      const { mqTaken } = await take(tx, actor.companyId, lotto, n, `Il lotto ${lotto.codice} non ha ${pezziWord(n)} liberi da trasferire`);
      await repo.insertMovimenti(tx, [
        { companyId: actor.companyId, userId: actor.userId, tipo: 'trasferimento', pezzi: -n, mq: -mqTaken, lottoId, bloccoId: lotto.bloccoId, clienteId: sale.clienteId, prezzo: sale.prezzo, unitaPrezzo: 'totale', documento: sale.documento, causale: sale.causale },
      ]);
      await recordAudit(tx, { companyId: actor.companyId, entityType: 'lotto', entityId: lottoId, action: 'trasferimento', userId: actor.userId, changes: { pezzi: { from: lotto.pezzi, to: lotto.pezzi - n } }, note: sale.causale });
      return { lotto, mqTaken };
    },

    /* -------------------------------------------------------- reads and the sweep */
    async giacenze(companyId: string): Promise<Giacenze> {
      const [righe, inScadenza] = await Promise.all([repo.giacenze(db, companyId), repo.riserveInScadenza(db, companyId, RISERVA_IN_SCADENZA_GIORNI)]);
      return {
        righe: righe.map((r) => ({
          tipo: r.tipo,
          materiale: { _id: r.materiale_id, nome: r.materiale_nome },
          spessoreMm: r.spessore_mm,
          finitura: r.finitura,
          scelta: r.scelta,
          ubicazione: r.ubicazione_id && r.ubicazione_nome ? { _id: r.ubicazione_id, nome: r.ubicazione_nome } : null,
          pezzi: r.pezzi,
          mq: Math.round(r.mq * 100) / 100,
          pesoT: pesoLastraT(r.mq, r.spessore_mm, r.densita),
          valore: Math.round(r.valore * 100) / 100,
          senzaPrezzo: r.senza_prezzo,
        })),
        inScadenza: inScadenza.map((r) => ({ tipo: r.tipo, item: { _id: r.id, codice: r.codice }, cliente: { _id: r.cliente_id, ragioneSociale: r.ragione_sociale }, pezzi: r.pezzi, scadenza: String(r.scadenza).slice(0, 10) })),
      };
    },

    /**
     * Writes expired reservations (slabs and lots, every company) as released, with a movimento and
     * a history row by the system. One instance at a time (advisory lock); reads and guarded updates
     * already treat them as released meanwhile.
     */
    async sweepExpiredReservations(): Promise<number> {
      return db.transaction(async (tx) => {
        if (!(await repo.trySweepLock(tx))) return 0;
        const slabs = await repo.expireLastre(tx, null);
        await recordExpiredLastre(tx, slabs);
        const riserve = await repo.expireRiserveLotti(tx, null);
        await recordExpiredRiserve(tx, riserve);
        return slabs.length + riserve.length;
      });
    },
  };
}
