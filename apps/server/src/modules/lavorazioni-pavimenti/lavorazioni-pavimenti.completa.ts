import {
  LAVORAZIONE_PAVIMENTI_STATO_LABELS,
  SCELTE,
  casse,
  resaPavimenti,
  resaSegagione,
  sumRounded,
  verificaPiastrelle,
  type LavorazionePavimenti,
  type LavorazionePavimentiCompleta,
  type LavorazionePavimentiStato,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { diffChanges, recordAudit } from '../../lib/audit.js';
import { nextCode } from '../../lib/codes.js';
import { todayInRome } from '../../lib/dates.js';
import { changeState } from '../../lib/state-change.js';
import type { Actor } from '../../lib/actor.js';
import type { LavorazioneRow } from './lavorazioni-pavimenti.mapper.js';
import * as repo from './lavorazioni-pavimenti.repository.js';
import {
  type LavorazioniPavimentiCore,
  type LavorazioniPavimentiDeps,
} from './lavorazioni-pavimenti.core.js';

const STATES = repo.LAVORAZIONE_PAVIMENTI_STATES;
const NOT_FOUND = STATES.messages.notFound;

type Scelta = (typeof SCELTE)[number];

/** What the cut gave, checked against its source: the figures the lavorazione keeps and the lot's grade. */
interface Esito {
  risultato: {
    dataFine: string;
    pezzi: number;
    mqProdotti: number;
    scartoMq: number;
    resa: number | null;
  };
  scelta: Scelta;
  /** The slabs used up (none for a block). */
  slabIds: string[];
}

/** The lot's fields of the history row that records it. */
const LOTTO_AUDIT = ['codice', 'pezzi', 'mq', 'pezziPerCassa', 'casse', 'scelta', 'ubicazioneId'];

/** The lavorazione locked for its completion: it must be `in_lavorazione`, the store the company's. */
async function lockInLavorazione(
  { ubicazioni }: LavorazioniPavimentiDeps,
  tx: DbOrTx,
  companyId: string,
  id: string,
  ubicazioneId: string,
): Promise<LavorazioneRow> {
  const locked = await repo.lockInCompany(tx, companyId, id);
  if (!locked) throw notFound(NOT_FOUND);
  if (locked.stato !== 'in_lavorazione') {
    throw conflict(
      `Si completa solo una lavorazione in corso: questa è «${LAVORAZIONE_PAVIMENTI_STATO_LABELS[locked.stato as LavorazionePavimentiStato]}»`,
    );
  }
  if (!(await ubicazioni.find(companyId, ubicazioneId, tx))) {
    throw badRequest('Ubicazione non valida', [
      { path: 'ubicazioneId', message: 'Ubicazione non valida' },
    ]);
  }
  return locked;
}

/** The pieces declared, refused (400) beyond what the source holds; the yield and grade they give. */
async function esitoOf(
  { sourceOf }: LavorazioniPavimentiCore,
  tx: DbOrTx,
  companyId: string,
  locked: LavorazioneRow,
  pezzi: number,
): Promise<Esito> {
  const slabs = locked.origine === 'lastre' ? await repo.lastreOf(tx, companyId, locked.id) : [];
  const { limite, fonte, blocco } = await sourceOf(companyId, locked, slabs, tx);
  const verifica = verificaPiastrelle(limite, locked, pezzi, fonte);
  if (!verifica.ok)
    throw badRequest(verifica.message, [{ path: 'pezzi', message: verifica.message }]);
  const mq = verifica.mqProdotti;
  const risultato = {
    dataFine: todayInRome(),
    pezzi,
    mqProdotti: mq,
    scartoMq: verifica.scartoMq,
  };
  if (blocco)
    return {
      risultato: { ...risultato, resa: resaSegagione(mq, blocco.volumeNetto) },
      scelta: blocco.scelta,
      slabIds: [],
    };
  const mqLastre = sumRounded(
    slabs.map((s) => s.mq),
    2,
  );
  return {
    risultato: { ...risultato, resa: resaPavimenti(mq, mqLastre) },
    // A lot is as good as its poorest slab.
    scelta: SCELTE[Math.max(...slabs.map((s) => SCELTE.indexOf(s.scelta as Scelta)))]!,
    slabIds: slabs.map((s) => s.id),
  };
}

/** The lavorazione `completata` with its figures; its history lists only what the completion changed. */
async function recordCompletion(tx: DbOrTx, actor: Actor, id: string, { risultato }: Esito) {
  await changeState(tx, STATES, {
    companyId: actor.companyId,
    id,
    to: 'completata',
    userId: actor.userId,
    set: () => risultato,
    changes: (current) =>
      diffChanges(
        current,
        { ...current, ...risultato },
        Object.keys(risultato) as Array<keyof typeof risultato>,
      ),
  });
}

/** The tile lot loaded with its `carico` and its history row; answers the lot's code. */
async function caricaLotto(
  { magazzino }: LavorazioniPavimentiDeps,
  tx: DbOrTx,
  actor: Actor,
  locked: LavorazioneRow,
  { scelta, risultato }: Esito,
  body: LavorazionePavimentiCompleta,
  causale: string,
): Promise<string> {
  const lotto = {
    companyId: actor.companyId,
    codice: await nextCode(tx, 'LO'),
    lavorazioneId: locked.id,
    bloccoId: locked.bloccoId,
    materialeId: locked.materialeId,
    lunghezzaMm: locked.lunghezzaMm,
    larghezzaMm: locked.larghezzaMm,
    spessoreMm: locked.spessoreMm,
    finitura: locked.finitura,
    bordo: locked.bordo,
    calibrato: locked.calibrato,
    scelta,
    pezzi: body.pezzi,
    mq: risultato.mqProdotti,
    pezziPerCassa: body.pezziPerCassa,
    casse: casse(body.pezzi, body.pezziPerCassa),
    ubicazioneId: body.ubicazioneId,
  };
  const meta = { companyId: actor.companyId, userId: actor.userId, causale };
  const { id } = await magazzino.caricaLotto(tx, meta, lotto);
  await recordAudit(tx, {
    companyId: actor.companyId,
    entityType: 'lotto',
    entityId: id,
    action: 'create',
    userId: actor.userId,
    changes: Object.fromEntries(
      LOTTO_AUDIT.map((k) => [k, { from: null, to: lotto[k as keyof typeof lotto] }]),
    ),
    note: causale,
  });
  return lotto.codice;
}

/** The block becomes `segato`, or the slabs leave stock with a `scarico` each. */
async function consumaMateriale(
  { blocchi, magazzino }: LavorazioniPavimentiDeps,
  tx: DbOrTx,
  actor: Actor,
  locked: LavorazioneRow,
  { slabIds }: Esito,
  causale: string,
  codiceLotto: string,
) {
  if (locked.origine === 'blocco') {
    await blocchi.transition(tx, {
      companyId: actor.companyId,
      origine: null,
      id: locked.bloccoId!,
      to: 'segato',
      by: 'system',
      userId: actor.userId,
      note: `${causale}: lotto ${codiceLotto}`,
    });
  } else {
    const meta = { companyId: actor.companyId, userId: actor.userId, causale };
    await magazzino.scaricaLastreTagliate(tx, meta, slabIds);
  }
}

/** A tile cut completed: its figures, its lot in stock, its source used up. */
export function createLavorazioniPavimentiCompleta(
  deps: LavorazioniPavimentiDeps,
  core: LavorazioniPavimentiCore,
) {
  const { db } = deps;
  const { get } = core;

  return {
    /**
     * One transaction: the lavorazione becomes `completata` with its pieces, m² and yield, the tile lot
     * is loaded with its `carico`, then the block becomes `segato` or the slabs leave stock with a
     * `scarico` each. Any refusal on the way leaves nothing written.
     */
    async completa(
      actor: Actor,
      id: string,
      body: LavorazionePavimentiCompleta,
    ): Promise<LavorazionePavimenti> {
      return db.transaction(async (tx) => {
        const locked = await lockInLavorazione(deps, tx, actor.companyId, id, body.ubicazioneId);
        const esito = await esitoOf(core, tx, actor.companyId, locked, body.pezzi);
        await recordCompletion(tx, actor, id, esito);
        const causale = `Lavorazione pavimenti ${locked.codice}`;
        const codiceLotto = await caricaLotto(deps, tx, actor, locked, esito, body, causale);
        // The material is consumed after the lot exists, so a refusal here undoes the lot too.
        await consumaMateriale(deps, tx, actor, locked, esito, causale, codiceLotto);
        return get(actor.companyId, id, tx);
      });
    },
  };
}
