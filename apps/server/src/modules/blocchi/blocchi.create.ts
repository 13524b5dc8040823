import {
  BANCATA_STATI_CON_BLOCCHI,
  type Blocco,
  type BloccoCreate,
  type BloccoOrigine,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict } from '../../lib/app-error.js';
import { initialValues, recordAudit } from '../../lib/audit.js';
import { nextCode } from '../../lib/codes.js';
import { todayInRome } from '../../lib/dates.js';
import { fuoriNorma, type BlocchiCore, type BlocchiDeps } from './blocchi.core.js';
import { BLOCCO_FIELDS } from './blocchi.mapper.js';
import { transition } from './blocchi.operations.js';
import * as repo from './blocchi.repository.js';
import {
  assertAPeso,
  assertDataRiquadratura,
  assertPesata,
  assertPesoPlausibile,
  newDims,
  quantities,
} from './blocchi.rules.js';

// A block written: from its bancata (own blocks) or bought from a fornitore.

type Source = { bancataId: string | null; cavaId: string | null; materialeId: string };

/** Where a new block comes from: its bancata (locked, in a state that yields blocks), or a fornitore. */
async function sourceOf(
  { bancate }: BlocchiDeps,
  { assertFornitore }: BlocchiCore,
  tx: DbOrTx,
  companyId: string,
  body: BloccoCreate,
): Promise<Source> {
  if (!('bancataId' in body)) {
    await assertFornitore(companyId, body.fornitoreId, tx);
    return { bancataId: null, cavaId: null, materialeId: body.materialeId! };
  }
  const bancata = await bancate.lockForNewBlocco(tx, companyId, body.bancataId);
  if (!bancata)
    throw badRequest('Bancata non valida', [{ path: 'bancataId', message: 'Bancata non valida' }]);
  if (!BANCATA_STATI_CON_BLOCCHI.includes(bancata.stato as never))
    throw conflict(
      `La bancata ${bancata.codice} deve essere ribaltata o in riquadratura per ricavarne blocchi`,
    );
  if (body.dataRiquadratura) assertDataRiquadratura(body.dataRiquadratura, todayInRome());
  const materialeId = body.materialeId ?? bancata.materialeId;
  return { bancataId: bancata.id, cavaId: bancata.cavaId, materialeId };
}

export function createBlocchiCreate(deps: BlocchiDeps, core: BlocchiCore) {
  const { db } = deps;
  const { get, densitaOf, assertUbicazione } = core;

  async function create(
    origine: BloccoOrigine,
    actor: Actor,
    { stato: startAs, pesoFuoriNorma, ...body }: BloccoCreate,
  ): Promise<Blocco> {
    return db.transaction(async (tx) => {
      const source = await sourceOf(deps, core, tx, actor.companyId, body);
      const densita = await densitaOf(actor.companyId, source.materialeId, tx);
      await assertUbicazione(actor.companyId, body.ubicazioneId, tx);
      assertPesata(null, body, todayInRome());
      assertAPeso({ ...body, prezzo: body.prezzoListino });
      const dims = newDims(body);
      const lordo = { volumeLordo: quantities(dims, densita).volumeLordo, densita };
      assertPesoPlausibile(body.pesoPesa, null, lordo, pesoFuoriNorma === true);
      const row = await repo.insert(tx, {
        ...body,
        ...dims,
        ...quantities(dims, densita),
        ...source,
        companyId: actor.companyId,
        codice: await nextCode(tx, 'BL'),
        origine,
        stato: origine === 'esterno' ? 'disponibile' : 'in_piazzale',
      });
      await recordAudit(tx, {
        companyId: actor.companyId,
        entityType: 'blocco',
        entityId: row.id,
        action: 'create',
        userId: actor.userId,
        changes: { ...initialValues(row, BLOCCO_FIELDS), ...fuoriNorma(row.pesoPesa, lordo) },
      });
      // "Disponibile subito": the ordinary move, with its history row, in the creating transaction.
      if (startAs && startAs !== row.stato)
        await transition(tx, {
          companyId: actor.companyId,
          origine,
          id: row.id,
          to: startAs,
          by: 'manual',
          userId: actor.userId,
        });
      return get(origine, actor.companyId, row.id, tx);
    });
  }

  return { create };
}
