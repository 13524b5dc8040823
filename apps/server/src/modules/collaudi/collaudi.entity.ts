import {
  COLLAUDO_STATO_LABELS,
  detailPath,
  ESITO_LABELS,
  type CollaudoStato,
  type Esito,
  type GenealogyNode,
} from '@gestcava/contracts';
import { sql } from 'drizzle-orm';
import { collaudi, collaudoRighe } from '../../db/schema/index.js';
import { bloccoIdsInCava } from '../blocchi/blocchi.reads.js';
import { italianDate } from '../../lib/dates.js';
import { describeBy, refJsonOf, type EntityRegistry } from '../../lib/entities.js';
import * as repo from './collaudi.refs.js';

/**
 * The collaudo in the entity registry: its photos, codes, labels and the code search come from there.
 * A block's genealogy shows the collaudi it went through, with the outcome (docs/domain.md "Blocco").
 */
export function registerCollaudoEntity(entities: EntityRegistry) {
  entities.register({
    type: 'collaudo',
    label: 'Collaudo',
    permission: () => 'collaudi',
    findInCompany: (tx, companyId, id) => repo.findCodice(tx, companyId, { id }),
    findByCodice: (tx, companyId, codice) => repo.findCodice(tx, companyId, { codice }),
    searchCodice: (tx, companyId, text, limit) => repo.searchCodice(tx, companyId, text, limit),
    detailPath: (ref) => detailPath('collaudo', ref.id),
    refJsonSql: refJsonOf(collaudi, collaudi.codice),
    pages: ['collaudi'],
    readableIds: (canRead) => (canRead('collaudi') ? 'all' : 'none'),
    idsInCava: (companyId, cavaId) =>
      sql`select ${collaudoRighe.collaudoId} from ${collaudoRighe} where ${collaudoRighe.bloccoId} in (${bloccoIdsInCava(companyId, cavaId)})`,
    describe: describeBy(repo.summaries, (r) => ({
      codice: r.codice,
      materiale: null,
      stato: r.stato,
      cava: null,
      facts: [
        r.cliente,
        italianDate(r.data),
        `${r.blocchi} ${r.blocchi === 1 ? 'blocco' : 'blocchi'}`,
        COLLAUDO_STATO_LABELS[r.stato as CollaudoStato],
      ],
    })),
  });

  entities.addGenealogy('blocco', async (tx, companyId, bloccoId) => {
    const rows = await repo.ofBlocco(tx, companyId, bloccoId);
    return rows.map((r): GenealogyNode => ({
      entityType: 'collaudo',
      _id: r.id,
      label: `Collaudo ${r.codice} del ${italianDate(r.data)} per ${r.cliente} (${COLLAUDO_STATO_LABELS[r.stato as CollaudoStato].toLowerCase()}${r.esito ? `, ${ESITO_LABELS[r.esito as Esito].toLowerCase()}` : ''})`,
      codice: r.codice,
      relation: 'vendita',
      path: detailPath('collaudo', r.id),
    }));
  });
}
