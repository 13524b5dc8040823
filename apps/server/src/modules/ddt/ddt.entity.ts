import { DDT_STATO_LABELS, numeroDdt, type DdtStato, type GenealogyNode } from '@gestcava/contracts';
import { italianDate } from '../../lib/dates.js';
import type { EntityRegistry } from '../../lib/entities.js';
import * as repo from './ddt.repository.js';

/**
 * What a shipped item's page shows (issue 26): the DDTs it left with, in its genealogy — a block
 * after its collaudo (blocco → collaudo → DDT → cliente), a slab or a bundle after its sawing
 * (lastra → pacco → DDT), a lot after its cut.
 */
export function registerDdtGenealogy(entities: EntityRegistry) {
  for (const kind of ['blocco', 'pacco', 'lastra', 'lotto'] as const) {
    entities.addGenealogy(kind, async (tx, companyId, id) => {
      const rows = await repo.ddtOfItem(tx, companyId, id);
      return rows.map(
        (r): GenealogyNode => ({
          entityType: 'ddt',
          _id: r.id,
          label: `DDT ${numeroDdt(r.numero!, r.anno!)} del ${italianDate(r.data!)} a ${r.destinatario}${r.stato === 'annullato' ? ` (${DDT_STATO_LABELS[r.stato as DdtStato].toLowerCase()})` : ''}`,
          codice: numeroDdt(r.numero!, r.anno!),
          relation: 'vendita',
          // no link until the web's Spedizioni page lands and adds `ddt` to ENTITY_PAGES (issue 26, web half)
          path: null,
        }),
      );
    });
  }
}
