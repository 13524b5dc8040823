import { LAVORAZIONE_LASTRE_STATO_LABELS, detailPath, type LavorazioneLastreStato } from '@gestcava/contracts';
import type { EntityRegistry } from '../../lib/entities.js';
import * as repo from './lavorazioni-lastre.repository.js';

/** A block's genealogy lists its sawings (its bundles and slabs come from the magazzino). */
export function registerLavorazioneLastreGenealogy(entities: EntityRegistry) {
  entities.addGenealogy('blocco', async (tx, companyId, id) => {
    const rows = await repo.ofBlocco(tx, companyId, id);
    return rows.map((l) => ({
      entityType: 'lavorazione-lastre',
      _id: l.id,
      label: `Segagione ${l.codice}, ${l.spessoreMm} mm (${LAVORAZIONE_LASTRE_STATO_LABELS[l.stato as LavorazioneLastreStato].toLowerCase()})`,
      codice: l.codice,
      relation: 'derivato' as const,
      path: detailPath('lavorazione-lastre', l.id),
    }));
  });
}
