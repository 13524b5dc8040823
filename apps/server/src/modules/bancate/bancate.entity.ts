import { detailPath } from '@gestcava/contracts';
import { bancate } from '../../db/schema/index.js';
import { describeBy, refJsonOf, type EntityRegistry } from '../../lib/entities.js';
import * as repo from './bancate.repository.js';

/** The bancata in the entity registry (photos, chat references). */
export function registerBancataEntity(entities: EntityRegistry) {
  entities.register({
    type: 'bancata',
    label: 'Bancata',
    notFound: 'Bancata non trovata',
    permission: () => 'bancate',
    async findInCompany(tx, companyId, id) {
      const row = await repo.findJoined(tx, companyId, id);
      return row ? { id: row.bancata.id, codice: row.bancata.codice } : null;
    },
    searchCodice: (tx, companyId, text, limit) => repo.searchCodice(tx, companyId, text, limit),
    async findByCodice(tx, companyId, codice) {
      return (await repo.findByCodice(tx, companyId, codice)) ?? null;
    },
    detailPath: (ref) => detailPath('bancata', ref.id),
    refJsonSql: refJsonOf(bancate, bancate.codice),
    pages: ['bancate'],
    readableIds: (canRead) => (canRead('bancate') ? 'all' : 'none'),
    idsInCava: repo.idsInCava,
    describe: describeBy(repo.summaries, (r) => ({
      codice: r.codice,
      materiale: r.materiale,
      stato: r.stato,
      cava: r.cava,
    })),
  });
}
