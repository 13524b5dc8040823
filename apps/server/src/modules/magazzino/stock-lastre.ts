import type {
  Lastra,
  LastraUpdateInput,
  PaccoOperazione,
  RiservaLastraInput,
  StockItemUpdateInput,
  VendiLastraInput,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { lastre, pacchi } from '../../db/schema/index.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { diffChanges, recordAudit, recordAuditMany, type AuditEntry } from '../../lib/audit.js';
import { italianDate } from '../../lib/dates.js';
import { assertUnchanged, STALE_MESSAGES, versionIn } from '../../lib/preconditions.js';
import type { Actor } from '../../lib/actor.js';
import { lockPacchi, lowerPacchi } from './ledger.repository.js';
import type { MagazzinoService } from './magazzino.service.js';
import type { StockChecks } from './stock.checks.js';
import * as repo from './stock.repository.js';
import {
  lastraGuard,
  type LastraTarget,
  type LedgerRow,
  type MovedLastra,
} from './stock.repository.js';
import type { FaultPoints } from '../../lib/faults.js';

const LASTRA_STATO_MESSAGE: Record<string, string> = {
  venduta: 'La lastra è già stata venduta',
  spedita: 'La lastra è già stata spedita',
  rotta: 'La lastra è segnata come rotta',
  in_lavorazione: 'La lastra è destinata a una lavorazione di pavimenti',
  disponibile: 'La lastra non è riservata',
};

/**
 * Slabs and bundles in stock (docs/domain.md "Magazzino lastre"): reserve, release, sell, ship, break,
 * move, re-grade, and a bundle's free slabs leaving for a group company. Part of the stock service.
 */
export function createLastreStock(deps: {
  db: Db;
  magazzino: MagazzinoService;
  checks: StockChecks;
  faults: FaultPoints;
}) {
  const { db, magazzino, checks, faults } = deps;

  const updateLastre = repo.lastreUpdater(faults);

  /** Releases the target's expired slab reservations, with the system's movimento and history. */
  async function expireLastre(tx: DbOrTx, companyId: string, target: LastraTarget) {
    const freed = await repo.expireLastre(tx, { companyId, target });
    await recordExpiredLastre(tx, freed);
  }
  async function recordExpiredLastre(
    tx: DbOrTx,
    freed: Awaited<ReturnType<typeof repo.expireLastre>>,
  ) {
    await repo.insertMovimenti(
      tx,
      freed.map((l) => ({
        companyId: l.companyId,
        userId: null,
        tipo: 'rilascio',
        pezzi: 0,
        mq: 0,
        bloccoId: l.bloccoId,
        paccoId: l.paccoId,
        lastraId: l.id,
        causale: 'Riserva scaduta',
      })),
    );
    await recordAuditMany(
      tx,
      freed.map((l) => ({
        companyId: l.companyId,
        entityType: 'lastra',
        entityId: l.id,
        action: 'stato',
        userId: null,
        changes: { stato: { from: 'riservata', to: 'disponibile' } },
        note: 'Riserva scaduta',
      })),
    );
  }

  /** Why one slab did not move: 404 when it is not in the company, else a 409 that says its state. */
  async function refusal(tx: DbOrTx, companyId: string, id: string, op: string): Promise<never> {
    const now = await repo.lastraState(tx, companyId, id);
    if (!now) throw notFound('Lastra non trovata');
    if (now.stato === 'riservata')
      throw conflict(
        `La lastra è riservata a ${now.cliente ?? 'un altro cliente'}: ${op} non è possibile finché la riserva non viene rilasciata o scade`,
      );
    throw conflict(
      `${LASTRA_STATO_MESSAGE[now.stato] ?? 'La lastra ha cambiato stato'}: ${op} non è possibile`,
    );
  }

  interface SlabOp {
    guard: ReturnType<typeof lastraGuard.vendibileA>;
    set: Parameters<typeof repo.updateLastre>[4];
    /** Leaves stock: a `scarico` of one slab and its m², the bundle lowered. */
    scarico?: boolean;
    tipo: LedgerRow['tipo'];
    ledger?: Partial<LedgerRow>;
    audit: {
      action: AuditEntry['action'];
      changes: (l: MovedLastra) => AuditEntry['changes'];
      note?: string | null;
    };
    /** For the 409 of a single slab: what was attempted. */
    what: string;
  }

  /** One operation on slabs (one, a selection, or a bundle's): the moved ones, with ledger and history. */
  async function onLastre(
    tx: DbOrTx,
    actor: Actor,
    target: LastraTarget,
    op: SlabOp,
  ): Promise<MovedLastra[]> {
    await lockPacchi(
      tx,
      actor.companyId,
      'ids' in target ? { lastraIds: target.ids } : { paccoIds: [target.paccoId] },
    );
    await expireLastre(tx, actor.companyId, target);
    const moved = await updateLastre(tx, actor.companyId, target, op.guard, op.set);
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
      moved.map((l) => ({
        companyId: actor.companyId,
        entityType: 'lastra',
        entityId: l.id,
        action: op.audit.action,
        userId: actor.userId,
        changes: op.audit.changes(l),
        note: op.audit.note ?? null,
      })),
    );
    return moved;
  }

  const ops = {
    riserva: async (tx: DbOrTx, actor: Actor, target: LastraTarget, body: RiservaLastraInput) => {
      checks.scadenza(body.scadenza);
      const cliente = await checks.cliente(tx, actor.companyId, body.clienteId);
      return onLastre(tx, actor, target, {
        guard: lastraGuard.libera,
        set: { stato: 'riservata', clienteId: body.clienteId, scadenzaRiserva: body.scadenza },
        tipo: 'riserva',
        ledger: {
          clienteId: body.clienteId,
          causale: `Riservata a ${cliente.ragioneSociale} fino al ${italianDate(body.scadenza)}`,
        },
        audit: {
          action: 'stato',
          changes: () => ({
            stato: { from: 'disponibile', to: 'riservata' },
            cliente: { from: null, to: cliente.ragioneSociale },
            scadenza: { from: null, to: body.scadenza },
          }),
        },
        what: 'riservarla',
      });
    },
    rilascia: (tx: DbOrTx, actor: Actor, target: LastraTarget, nota: string | null) =>
      onLastre(tx, actor, target, {
        guard: lastraGuard.riservata,
        set: { stato: 'disponibile', clienteId: null, scadenzaRiserva: null },
        tipo: 'rilascio',
        ledger: { causale: nota ?? 'Riserva rilasciata' },
        audit: {
          action: 'stato',
          changes: () => ({ stato: { from: 'riservata', to: 'disponibile' } }),
          note: nota,
        },
        what: 'rilasciarla',
      }),
    vendi: async (tx: DbOrTx, actor: Actor, target: LastraTarget, body: VendiLastraInput) => {
      const cliente = await checks.cliente(tx, actor.companyId, body.clienteId);
      return onLastre(tx, actor, target, {
        guard: lastraGuard.vendibileA(body.clienteId),
        set: { stato: 'venduta', clienteId: body.clienteId, scadenzaRiserva: null },
        scarico: true,
        tipo: 'scarico',
        ledger: {
          clienteId: body.clienteId,
          prezzo: body.prezzo,
          unitaPrezzo: body.unita,
          documento: body.documento,
          causale: `Vendita a ${cliente.ragioneSociale}`,
        },
        audit: {
          action: 'stato',
          changes: (l) => ({
            stato: { from: l.statoPrima, to: 'venduta' },
            ...(l.statoPrima === 'riservata'
              ? {}
              : { cliente: { from: null, to: cliente.ragioneSociale } }),
          }),
          note: body.documento ? `Documento ${body.documento}` : null,
        },
        what: `venderla a ${cliente.ragioneSociale}`,
      });
    },
    sposta: async (
      tx: DbOrTx,
      actor: Actor,
      target: LastraTarget,
      ubicazioneId: string,
      own: boolean,
    ) => {
      const ubicazione = await checks.ubicazione(tx, actor.companyId, ubicazioneId);
      return onLastre(tx, actor, target, {
        guard: lastraGuard.inGiacenza,
        // a slab moved alone has its own place; a bundle's move takes its slabs along
        set: { ubicazioneId: own ? ubicazioneId : null },
        tipo: 'trasferimento',
        ledger: { causale: `Spostamento in ${ubicazione.nome}` },
        audit: {
          action: 'sposta',
          changes: () => ({ ubicazione: { from: null, to: ubicazione.nome } }),
        },
        what: 'spostarla',
      });
    },
  };

  async function slabDto(companyId: string, id: string): Promise<Lastra> {
    return magazzino.lastra(companyId, id);
  }
  async function paccoResult(
    companyId: string,
    paccoId: string,
    moved: MovedLastra[],
  ): Promise<PaccoOperazione> {
    return { pacco: await magazzino.pacco(companyId, paccoId), lastre: moved.length };
  }
  async function onPacco(
    actor: Actor,
    paccoId: string,
    run: (tx: DbOrTx, target: LastraTarget) => Promise<MovedLastra[]>,
    empty: string,
    after?: (tx: DbOrTx) => Promise<void>,
  ): Promise<PaccoOperazione> {
    const moved = await db.transaction(async (tx) => {
      if (!(await repo.paccoExists(tx, actor.companyId, paccoId)))
        throw notFound('Pacco non trovato');
      const done = await run(tx, { paccoId });
      if (done.length === 0) throw conflict(empty);
      await after?.(tx);
      await recordAudit(tx, {
        companyId: actor.companyId,
        entityType: 'pacco',
        entityId: paccoId,
        action: 'operazione',
        userId: actor.userId,
        changes: { lastre: { from: null, to: done.map((l) => l.codice).join(', ') } },
      });
      return done;
    });
    return paccoResult(actor.companyId, paccoId, moved);
  }

  return {
    recordExpiredLastre,
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
        const moved = await updateLastre(tx, actor.companyId, { ids: [id] }, lastraGuard.venduta, {
          stato: 'spedita',
        });
        if (!moved.length) await refusal(tx, actor.companyId, id, 'spedirla');
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'lastra',
          entityId: id,
          action: 'stato',
          userId: actor.userId,
          changes: { stato: { from: 'venduta', to: 'spedita' } },
          note: `Documento ${documento}`,
        });
      });
      return slabDto(actor.companyId, id);
    },
    async rottaLastra(actor: Actor, id: string, nota: string): Promise<Lastra> {
      await db.transaction((tx) =>
        onLastre(
          tx,
          actor,
          { ids: [id] },
          {
            guard: lastraGuard.inGiacenza,
            set: { stato: 'rotta', clienteId: null, scadenzaRiserva: null },
            scarico: true,
            tipo: 'scarico',
            ledger: { causale: `Rotta: ${nota}` },
            audit: {
              action: 'stato',
              changes: (l) => ({ stato: { from: l.statoPrima, to: 'rotta' } }),
              note: nota,
            },
            what: 'segnarla come rotta',
          },
        ),
      );
      return slabDto(actor.companyId, id);
    },
    /** `ifMatch`: the slab's `updatedAt` the client saw; another since is a 409 and nothing moves. */
    async spostaLastra(
      actor: Actor,
      id: string,
      ubicazioneId: string,
      ifMatch?: Date,
    ): Promise<Lastra> {
      await db.transaction(async (tx) => {
        // the bundle first, as every slab operation locks them (no deadlock with a bundle's sale)
        await lockPacchi(tx, actor.companyId, { lastraIds: [id] });
        await assertUnchanged(
          tx,
          versionIn(lastre, actor.companyId, id),
          ifMatch,
          STALE_MESSAGES.lastra,
        );
        return ops.sposta(tx, actor, { ids: [id] }, ubicazioneId, true);
      });
      return slabDto(actor.companyId, id);
    },
    /** Re-grading one slab (scelta, difetti); `ifMatch` as for a move. */
    async updateLastra(
      actor: Actor,
      id: string,
      body: LastraUpdateInput,
      ifMatch?: Date,
    ): Promise<Lastra> {
      await db.transaction(async (tx) => {
        await lockPacchi(tx, actor.companyId, { lastraIds: [id] });
        await assertUnchanged(
          tx,
          versionIn(lastre, actor.companyId, id),
          ifMatch,
          STALE_MESSAGES.lastra,
        );
        const before = await repo.lockLastra(tx, actor.companyId, id);
        if (!before) throw notFound('Lastra non trovata');
        const after = { scelta: body.scelta, difetti: body.difetti ?? before.difetti };
        const changes = diffChanges({ scelta: before.scelta, difetti: before.difetti }, after, [
          'scelta',
          'difetti',
        ]);
        if (!Object.keys(changes).length) return;
        // a slab no longer in stock keeps its grade: a 409 that says why, and no history of a change not made
        const moved = await updateLastre(
          tx,
          actor.companyId,
          { ids: [id] },
          lastraGuard.inGiacenza,
          after,
        );
        if (!moved.length)
          await refusal(tx, actor.companyId, id, 'cambiarne la scelta o i difetti');
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'lastra',
          entityId: id,
          action: 'update',
          userId: actor.userId,
          changes,
        });
      });
      return slabDto(actor.companyId, id);
    },

    /* -------------------------------------------------------- a bundle's available slabs */
    riservaPacco: (actor: Actor, id: string, body: RiservaLastraInput) =>
      onPacco(
        actor,
        id,
        (tx, target) => ops.riserva(tx, actor, target, body),
        'Nessuna lastra del pacco è disponibile da riservare',
      ),
    rilasciaPacco: (actor: Actor, id: string, nota: string | null) =>
      onPacco(
        actor,
        id,
        (tx, target) => ops.rilascia(tx, actor, target, nota),
        'Nessuna lastra del pacco è riservata',
      ),
    vendiPacco: (actor: Actor, id: string, body: VendiLastraInput) =>
      onPacco(
        actor,
        id,
        (tx, target) => ops.vendi(tx, actor, target, body),
        'Nessuna lastra del pacco si può vendere a questo cliente',
      ),
    spostaPacco: (actor: Actor, id: string, ubicazioneId: string, ifMatch?: Date) =>
      onPacco(
        actor,
        id,
        async (tx, target) => {
          await assertUnchanged(
            tx,
            versionIn(pacchi, actor.companyId, id),
            ifMatch,
            STALE_MESSAGES.pacco,
          );
          return ops.sposta(tx, actor, target, ubicazioneId, false);
        },
        'Il pacco non ha lastre in magazzino da spostare',
        async (tx) => void (await repo.updatePacco(tx, actor.companyId, id, { ubicazioneId })),
      ),

    /** Edits a bundle's list price, scelta and note; the scelta also re-grades its slabs in stock. */
    async updatePacco(actor: Actor, id: string, body: StockItemUpdateInput) {
      await db.transaction(async (tx) => {
        const before = await repo.lockPacco(tx, actor.companyId, id);
        if (!before) throw notFound('Pacco non trovato');
        const changes = diffChanges(before, { ...before, ...body }, [
          'prezzoListino',
          'scelta',
          'note',
        ]);
        if (!Object.keys(changes).length) return;
        await repo.updatePacco(tx, actor.companyId, id, body);
        if (changes.scelta)
          await updateLastre(tx, actor.companyId, { paccoId: id }, lastraGuard.inGiacenza, {
            scelta: body.scelta,
          });
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'pacco',
          entityId: id,
          action: 'update',
          userId: actor.userId,
          changes,
        });
      });
      return magazzino.pacco(actor.companyId, id);
    },

    /* -------------------------------------------------------- transfers to a group company */
    lockPacco: (tx: DbOrTx, companyId: string, id: string) => repo.lockPacco(tx, companyId, id),
    lastreRows: (tx: DbOrTx, companyId: string, ids: readonly string[]) =>
      repo.lastreRows(tx, companyId, ids),
    /**
     * A bundle's slabs free for the receiving company leave stock, in the caller's transaction: each
     * becomes `venduta` to it with a `trasferimento` row; the moved slabs, or 409 when there are none.
     */
    async cediPacco(
      tx: DbOrTx,
      actor: Actor,
      paccoId: string,
      sale: { clienteId: string; documento: string | null; causale: string },
    ): Promise<MovedLastra[]> {
      const moved = await onLastre(
        tx,
        actor,
        { paccoId },
        {
          guard: lastraGuard.vendibileA(sale.clienteId),
          set: { stato: 'venduta', clienteId: sale.clienteId, scadenzaRiserva: null },
          scarico: true,
          tipo: 'trasferimento',
          // the transfer's price is the bundle's total: it stays on the transfer's row, not on each slab
          ledger: { clienteId: sale.clienteId, documento: sale.documento, causale: sale.causale },
          audit: {
            action: 'stato',
            changes: (l) => ({ stato: { from: l.statoPrima, to: 'venduta' } }),
            note: sale.causale,
          },
          what: 'trasferirla',
        },
      );
      if (moved.length === 0) throw conflict('Il pacco non ha lastre disponibili da trasferire');
      return moved;
    },
  };
}
