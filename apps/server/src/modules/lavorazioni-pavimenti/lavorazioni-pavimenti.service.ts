import {
  registerLavorazionePavimentiEntity,
  registerLavorazionePavimentiGenealogy,
} from './lavorazioni-pavimenti.entity.js';
import { createLavorazioniPavimentiCore, type LavorazioniPavimentiDeps } from './lavorazioni-pavimenti.core.js';
import { createLavorazioniPavimentiQueries } from './lavorazioni-pavimenti.queries.js';
import { createLavorazioniPavimentiEdits } from './lavorazioni-pavimenti.edits.js';
import { createLavorazioniPavimentiCompleta } from './lavorazioni-pavimenti.completa.js';

export type LavorazioniPavimentiService = ReturnType<typeof createLavorazioniPavimentiService>;

/**
 * Tiles cut from a block (tagliablocchi) or from slabs (docs/domain.md "Lavorazione pavimenti"). The block
 * moves through the blocchi service; the slabs and the lot through the magazzino's stock operations, inside this
 * module's transactions. Each group of operations is a file, assembled here: the reads and pickers
 * (`*.queries.ts`), the plan and its states (`*.edits.ts`), the completion that loads the lot (`*.completa.ts`).
 */
export function createLavorazioniPavimentiService(deps: LavorazioniPavimentiDeps) {
  const core = createLavorazioniPavimentiCore(deps);
  registerLavorazionePavimentiEntity(deps.entities);
  registerLavorazionePavimentiGenealogy(deps.entities, deps.magazzino);
  return {
    limite: limitePiastrelleBlocco(blocco, lav),
        fonte: `dal blocco ${blocco.codice} (${blocco.lunghezzaNetta} × ${blocco.altezzaNetta} × ${blocco.profonditaNetta} cm, spessore ${lav.spessoreMm} mm)`,
        blocco,
      };
    }
    return {
      limite: limitePiastrelleLastre(slabs, lav),
      fonte: slabs.length === 1 ? 'da questa lastra' : `da queste ${slabs.length} lastre`,
      blocco: null,
    };
  }

  /** The block to cut, any origine, as a field error when it is not the company's. */
  async function bloccoOf(companyId: string, bloccoId: string, tx: DbOrTx) {
    try {
      return await blocchi.get(null, companyId, bloccoId, tx);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND')
        throw badRequest('Blocco non valido', [{ path: 'bloccoId', message: 'Blocco non valido' }]);
      throw error;
    }
  }

  /** The slabs to cut, locked; all the company's, `disponibile`, of one material and free of other plans. */
  async function lastreDaTagliare(companyId: string, ids: readonly string[], tx: DbOrTx) {
    // their bundles first, as every slab transaction takes them
    await magazzino.lockPacchiOfLastre(tx, companyId, ids);
    const rows = await repo.lockLastre(tx, companyId, ids);
    if (rows.length !== ids.length)
      throw badRequest('Lastra non valida', [
        { path: 'lastraIds', message: 'Una o più lastre non esistono' },
      ]);
    const occupate = rows.filter((r) => r.stato !== 'disponibile').map((r) => r.codice);
    if (occupate.length)
      throw conflict(
        `${elenco(occupate)} non ${occupate.length === 1 ? 'è disponibile' : 'sono disponibili'}: si tagliano solo lastre disponibili`,
      );
    const materiali = new Set(rows.map((r) => r.materialeId));
    if (materiali.size > 1) {
      const message =
        'Le lastre scelte sono di materiali diversi: un lotto di pavimenti è di un solo materiale';
      throw badRequest(message, [{ path: 'lastraIds', message }]);
    }
    const altrove = await repo.lastreInAltreLavorazioni(tx, ids);
    if (altrove.length)
      throw conflict(
        `${elenco(altrove)} ${altrove.length === 1 ? 'è già' : 'sono già'} in un'altra lavorazione pavimenti`,
      );
    return rows;
  }

  /** The block or slabs go into (or come back from) the saw with the lavorazione's state. */
  async function moveMaterial(
    tx: DbOrTx,
    actor: Actor,
    lav: LavorazioneRow,
    move: 'start' | 'giveBack',
  ) {
    const note = `Lavorazione pavimenti ${lav.codice}`;
    if (lav.origine === 'blocco') {
      try {
        await blocchi.transition(tx, {
          companyId: actor.companyId,
          origine: null,
          id: lav.bloccoId!,
          to: move === 'start' ? 'in_segagione' : 'disponibile',
          by: 'system',
          userId: actor.userId,
          note,
        });
      } catch (error) {
        // Planned days ago, the block may have been sold or sawn since: say so in the lavorazione's words.
        if (move === 'start' && error instanceof AppError && error.code === 'CONFLICT')
          throw conflict(`Il blocco non è più disponibile per il taglio (${error.message})`);
        throw error;
      }
      return;
    }
    const ids = (await repo.lastreOf(tx, lav.id)).map((l) => l.id);
    const [from, to] =
      move === 'start' ? ['disponibile', 'in_lavorazione'] : ['in_lavorazione', 'disponibile'];
    const moved = await (move === 'start' ? magazzino.impegnaLastre : magazzino.liberaLastre)(
      tx,
      actor.companyId,
      ids,
    );
    await recordAuditMany(
      tx,
      moved.map((l) => ({
        companyId: actor.companyId,
        entityType: 'lastra',
        entityId: l.id,
        action: 'stato',
        userId: actor.userId,
        changes: { stato: { from, to } },
        note,
      })),
    );
  }

  registerLavorazionePavimentiEntity(entities);
  registerLavorazionePavimentiGenealogy(entities, magazzino);

  return {
    get,
        ...createLavorazioniPavimentiQueries(deps, core),
    ...createLavorazioniPavimentiEdits(deps, core),
    ...createLavorazioniPavimentiCompleta(deps, core),
  };
}
