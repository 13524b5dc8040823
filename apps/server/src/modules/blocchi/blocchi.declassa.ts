import {
  BLOCCO_STATI_DECLASSABILI,
  BLOCCO_STATO_LABELS,
  CATEGORIE,
  CATEGORIA_LABELS,
  SCELTE,
  SCELTA_LABELS,
  type Blocco,
  type BloccoDeclassaBody,
  type BloccoOrigine,
  type BloccoStato,
} from '@gestcava/contracts';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict } from '../../lib/app-error.js';
import { diffChanges, recordAudit } from '../../lib/audit.js';
import { STALE, type BlocchiCore, type BlocchiDeps } from './blocchi.core.js';
import type { BloccoRow } from './blocchi.mapper.js';
import * as repo from './blocchi.repository.js';
import { assertAPeso } from './blocchi.rules.js';
import { lockedBlocco } from './blocchi.stato.js';

// A block's downgrade: a lower grade or category, the block still sellable.

type Scelta = (typeof SCELTE)[number];
type Categoria = (typeof CATEGORIE)[number];

/** 400 unless the downgrade lowers what it names (a grade, a category). */
function assertInferiore(current: BloccoRow, body: BloccoDeclassaBody) {
  if (body.scelta && SCELTE.indexOf(body.scelta) <= SCELTE.indexOf(current.scelta as Scelta))
    throw badRequest(
      `La nuova scelta deve essere inferiore a «${SCELTA_LABELS[current.scelta as Scelta]}»`,
      [{ path: 'scelta', message: 'Scegli una scelta inferiore' }],
    );
  if (
    body.categoria &&
    CATEGORIE.indexOf(body.categoria) <= CATEGORIE.indexOf(current.categoria as Categoria)
  )
    throw badRequest(
      `La nuova categoria deve essere inferiore a «${CATEGORIA_LABELS[current.categoria as Categoria]}»`,
      [{ path: 'categoria', message: 'Scegli una categoria inferiore' }],
    );
}

export function createBlocchiDeclassa({ db }: BlocchiDeps, { get }: BlocchiCore) {
  /** Lowers grade or category; the block stays sellable and the reason goes to history. */
  async function declassa(
    origine: BloccoOrigine,
    actor: Actor,
    id: string,
    body: BloccoDeclassaBody,
  ): Promise<Blocco> {
    return db.transaction(async (tx) => {
      const row = await lockedBlocco(tx, actor.companyId, origine, id);
      const current = row.blocco;
      if (!BLOCCO_STATI_DECLASSABILI.includes(row.statoEffettivo as BloccoStato))
        throw conflict(
          `Un blocco «${BLOCCO_STATO_LABELS[row.statoEffettivo as BloccoStato]}» non si può declassare`,
        );
      assertInferiore(current, body);
      // Irregular blocks are sold by the quintale (trade custom) unless the user says otherwise.
      const unitaPrezzo = body.unitaPrezzo ?? (body.categoria === 'informe' ? 'q' : undefined);
      assertAPeso({
        categoria: body.categoria ?? current.categoria,
        unitaPrezzo: unitaPrezzo ?? current.unitaPrezzo,
        prezzo: current.prezzoListino,
      });
      const set = {
        ...(body.scelta ? { scelta: body.scelta } : {}),
        ...(body.categoria ? { categoria: body.categoria } : {}),
        ...(unitaPrezzo ? { unitaPrezzo } : {}),
      };
      const updated = await repo.updateInStato(tx, actor.companyId, id, current.stato, set);
      if (!updated) throw conflict(STALE);
      await recordAudit(tx, {
        companyId: actor.companyId,
        entityType: 'blocco',
        entityId: id,
        action: 'declassa',
        userId: actor.userId,
        changes: diffChanges(current, updated, ['scelta', 'categoria', 'unitaPrezzo']),
        note: body.nota,
      });
      return get(origine, actor.companyId, id, tx);
    });
  }

  return { declassa };
}
