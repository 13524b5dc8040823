import { detailPath, LAVORAZIONE_PAVIMENTI_STATO_LABELS, type LavorazionePavimentiStato } from '@gestcava/contracts';
import type { EntityRegistry } from '../../lib/entities.js';
import * as repo from './lavorazioni-pavimenti.repository.js';

/** A block's genealogy shows the tiles cut from it, or from its slabs. */
export function registerLavorazionePavimentiGenealogy(entities: EntityRegistry) {
  entities.addGenealogy('blocco', async (tx, companyId, bloccoId) => {
    const rows = await repo.ofBlocco(tx, companyId, bloccoId);
    return rows.map((r) => ({
      entityType: 'lavorazione-pavimenti',
      _id: r.id,
      label: `Lavorazione pavimenti ${r.codice} (${LAVORAZIONE_PAVIMENTI_STATO_LABELS[r.stato as LavorazionePavimentiStato].toLowerCase()})`,
      codice: r.codice,
      relation: 'derivato' as const,
      path: detailPath('lavorazione-pavimenti', r.id),
    }));
  });
}
