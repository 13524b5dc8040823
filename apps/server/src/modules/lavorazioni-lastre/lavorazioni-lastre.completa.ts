import {
  LAVORAZIONE_LASTRE_STATO_LABELS,
  SCELTE,
  areaM2,
  lastraCodice,
  mqLastre,
  resaSegagione,
  verificaSegagione,
  type LavorazioneLastre,
  type LavorazioneLastreCompleta,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { recordAuditMany, type AuditEntry } from '../../lib/audit.js';
import { nextCode } from '../../lib/codes.js';
import { todayInRome } from '../../lib/dates.js';
import { changeState } from '../../lib/state-change.js';
import type { Actor } from '../../lib/actor.js';
import type { NewLastra } from '../magazzino/magazzino.service.js';
import type { LavorazioneLastreRow } from './lavorazioni-lastre.mapper.js';
import * as repo from './lavorazioni-lastre.repository.js';
import {
  type LavorazioniLastreCore,
  type LavorazioniLastreDeps,
} from './lavorazioni-lastre.core.js';

const { notFound: NOT_FOUND } = repo.LAVORAZIONE_LASTRE_STATES.manual.messages;

type Scelta = (typeof SCELTE)[number];
/** The block as the completion reads it, locked. */
type BloccoRow = NonNullable<
  Awaited<ReturnType<LavorazioniLastreDeps['blocchi']['lockForLavorazione']>>
>['blocco'];

/** A bundle is sold at the grade of its poorest slab. */
function sceltaDelPacco(slabs: readonly { scelta: string }[]): Scelta {
  return slabs.reduce<Scelta>(
    (worst, l) =>
      SCELTE.indexOf(l.scelta as Scelta) > SCELTE.indexOf(worst) ? (l.scelta as Scelta) : worst,
    SCELTE[0],
  );
}

/** The slabs in sawing order, from either body shape. */
function misureOf(body: LavorazioneLastreCompleta) {
  if ('lastre' in body) return body.lastre;
  return Array.from({ length: body.numeroLastre }, () => ({
    lunghezzaMm: body.lunghezzaMm,
    altezzaMm: body.altezzaMm,
    scelta: undefined,
    difetti: undefined,
  }));
}

/** The history rows of a loaded bundle and of each of its slabs, noting the sawing. */
function auditPacco(
  actor: Actor,
  codice: string,
  pacco: { id: string; nLastre: number; mq: number; lastre: Array<{ id: string; codice: string }> },
  note: string,
): AuditEntry[] {
  const entry = (entityType: string, entityId: string, changes: AuditEntry['changes']) => ({
    companyId: actor.companyId,
    entityType,
    entityId,
    action: 'create' as const,
    userId: actor.userId,
    changes,
    note,
  });
  return [
    entry('pacco', pacco.id, {
      codice: { from: null, to: codice },
      nLastre: { from: null, to: pacco.nLastre },
      mq: { from: null, to: pacco.mq },
    }),
    ...pacco.lastre.map((lastra) =>
      entry('lastra', lastra.id, {
        codice: { from: null, to: lastra.codice },
        pacco: { from: null, to: codice },
      }),
    ),
  ];
}

/** The slabs as the stock loads them: numbered in sawing order after the block, its grade by default. */
function newLastre(
  companyId: string,
  b: BloccoRow,
  misure: ReturnType<typeof misureOf>,
): NewLastra[] {
  return misure.map((m, i) => ({
    companyId,
    codice: lastraCodice(b.codice, i + 1),
    bloccoId: b.id,
    progressivo: i + 1,
    lunghezzaMm: m.lunghezzaMm,
    altezzaMm: m.altezzaMm,
    mq: areaM2(m.lunghezzaMm, m.altezzaMm),
    scelta: m.scelta ?? b.scelta,
    difetti: m.difetti ?? [],
  }));
}

/** What the sawing gave: its slabs, their m² and the theoretical yield of the depth sawn. */
interface Taglio {
  slabs: NewLastra[];
  mqTotali: number;
  resaTeorica: number;
}

/** The sawing locked for its completion: it must be `in_segagione`, its store the company's. */
async function lockInSegagione(
  { ubicazioni }: LavorazioniLastreDeps,
  tx: DbOrTx,
  companyId: string,
  id: string,
  ubicazioneId: string,
): Promise<LavorazioneLastreRow> {
  const locked = await repo.lockInCompany(tx, companyId, id);
  if (!locked) throw notFound(NOT_FOUND);
  if (locked.stato !== 'in_segagione') {
    const label =
      LAVORAZIONE_LASTRE_STATO_LABELS[locked.stato as keyof typeof LAVORAZIONE_LASTRE_STATO_LABELS];
    throw conflict(`La lavorazione è «${label}»: si completa solo una segagione in corso`);
  }
  if (!(await ubicazioni.find(companyId, ubicazioneId, tx))) {
    throw badRequest('Ubicazione non valida', [
      { path: 'ubicazioneId', message: 'Ubicazione non valida' },
    ]);
  }
  return locked;
}

/** The declared slabs, refused (400) when the block cannot give them on the sawing's machine. */
async function taglioOf(
  { macchine }: LavorazioniLastreDeps,
  tx: DbOrTx,
  companyId: string,
  locked: LavorazioneLastreRow,
  b: BloccoRow,
  body: LavorazioneLastreCompleta,
): Promise<Taglio> {
  const misure = misureOf(body);
  // the machine as it is now (even if retired since the plan): its kerf and trim bound what the block gives
  const macchina = (await macchine.find(companyId, locked.macchinaId, tx))!;
  const limiti = verificaSegagione(
    b,
    { spessoreMm: locked.spessoreMm, kerfMm: macchina.kerfMm, rifiloMm: macchina.rifiloMm },
    misure,
  );
  if (!limiti.ok)
    throw badRequest(limiti.message, [
      { path: 'lastre' in body ? 'lastre' : 'numeroLastre', message: limiti.message },
    ]);
  return {
    slabs: newLastre(companyId, b, misure),
    mqTotali: mqLastre(misure),
    resaTeorica: limiti.resaTeorica,
  };
}

/** The sawing `completata` with its figures, through its state machine (guarded, with history). */
async function recordCompletion(
  tx: DbOrTx,
  actor: Actor,
  locked: LavorazioneLastreRow,
  volumeNetto: number,
  { slabs, mqTotali, resaTeorica }: Taglio,
) {
  await changeState(tx, repo.LAVORAZIONE_LASTRE_STATES.system, {
    companyId: actor.companyId,
    id: locked.id,
    to: 'completata',
    userId: actor.userId,
    // the theoretical yield now of the depth the block was sawn across
    set: () => ({
      dataFine: todayInRome(),
      numeroLastre: slabs.length,
      mqTotali,
      resa: resaSegagione(mqTotali, volumeNetto),
      resaTeorica,
    }),
    changes: () => ({
      numeroLastre: { from: null, to: slabs.length },
      mqTotali: { from: null, to: mqTotali },
      ...(locked.resaTeorica !== resaTeorica
        ? { resaTeorica: { from: locked.resaTeorica, to: resaTeorica } }
        : {}),
    }),
  });
}

/** The slabs in bundles of `lastrePerPacco`, each loaded with its `carico` and its history rows. */
async function caricaPacchi(
  { magazzino }: LavorazioniLastreDeps,
  tx: DbOrTx,
  actor: Actor,
  locked: LavorazioneLastreRow,
  b: BloccoRow,
  slabs: NewLastra[],
  body: LavorazioneLastreCompleta,
) {
  const note = `Segagione ${locked.codice}`;
  const perPacco = body.lastrePerPacco ?? slabs.length;
  const audit: AuditEntry[] = [];
  for (let start = 0; start < slabs.length; start += perPacco) {
    const chunk = slabs.slice(start, start + perPacco);
    const codice = await nextCode(tx, 'PK');
    const pacco = await magazzino.caricaPacco(
      tx,
      { companyId: actor.companyId, userId: actor.userId, causale: note },
      {
        companyId: actor.companyId,
        codice,
        lavorazioneId: locked.id,
        bloccoId: b.id,
        materialeId: b.materialeId,
        spessoreMm: locked.spessoreMm,
        finitura: locked.finitura,
        resinatura: locked.resinatura,
        scelta: sceltaDelPacco(chunk),
        ubicazioneId: body.ubicazioneId,
      },
      chunk,
    );
    audit.push(...auditPacco(actor, codice, pacco, note));
  }
  await recordAuditMany(tx, audit);
}

/** A sawing completed: its figures, its bundles and slabs in stock, the block sawn. */
export function createLavorazioniLastreCompleta(
  deps: LavorazioniLastreDeps,
  core: LavorazioniLastreCore,
) {
  const { db, blocchi } = deps;
  const { get } = core;

  return {
    /**
     * Completes a sawing and loads its stock, in one transaction: the lavorazione's figures, then
     * the bundles with their numbered slabs and each bundle's `carico`, then the block `segato`.
     * Any refusal along the way (the block moved meanwhile, a second completion) rolls all back.
     */
    async completa(
      actor: Actor,
      id: string,
      body: LavorazioneLastreCompleta,
    ): Promise<LavorazioneLastre> {
      return db.transaction(async (tx) => {
        const locked = await lockInSegagione(deps, tx, actor.companyId, id, body.ubicazioneId);
        const blocco = await blocchi.lockForLavorazione(tx, actor.companyId, locked.bloccoId);
        if (!blocco) throw notFound('Blocco non trovato');
        const b = blocco.blocco;
        const taglio = await taglioOf(deps, tx, actor.companyId, locked, b, body);
        await recordCompletion(tx, actor, locked, b.volumeNetto, taglio);
        await caricaPacchi(deps, tx, actor, locked, b, taglio.slabs, body);
        // Last, so a block that moved meanwhile refuses after the stock is written and rolls it all back.
        await blocchi.transition(tx, {
          companyId: actor.companyId,
          origine: null,
          id: b.id,
          to: 'segato',
          by: 'system',
          userId: actor.userId,
          note: `Segagione ${locked.codice}: ${taglio.slabs.length} lastre, ${taglio.mqTotali} m²`,
        });
        return get(actor.companyId, id, tx);
      });
    },
  };
}
