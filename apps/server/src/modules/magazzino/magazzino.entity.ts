import { detailPath, type GenealogyNode } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { lastre, lotti, pacchi } from '../../db/schema/index.js';
import { describeBy, refJsonOf, type EntityRegistry } from '../../lib/entities.js';
import * as registry from './magazzino.registry.js';
import * as repo from './magazzino.repository.js';
import * as lastreRepo from './magazzino-lastre.repository.js';
import * as lottiRepo from './magazzino-lotti.repository.js';

const TABLES = { pacco: pacchi, lastra: lastre, lotto: lotti } as const;
const LABELS = { pacco: 'Pacco', lastra: 'Lastra', lotto: 'Lotto' } as const;
/** What a 404 says of each kind of stock item. */
export const NOT_FOUND = {
  pacco: 'Pacco non trovato',
  lastra: 'Lastra non trovata',
  lotto: 'Lotto non trovato',
} as const;

type Provenienza = {
  blocco: { id: string; codice: string; origine: 'interno' | 'esterno' } | null;
  bancataId: string | null;
  bancataCodice: string | null;
  cavaId: string | null;
  cavaNome: string | null;
};

/** Cava, bancata, blocco and the job above a stock item (a received one has no job here). */
function originNodes(
  j: Provenienza,
  job?: {
    type: 'lavorazione-lastre' | 'lavorazione-pavimenti';
    label: string;
    id: string | null;
    codice: string | null;
  },
): GenealogyNode[] {
  const nodes: GenealogyNode[] = [];
  if (j.cavaId && j.cavaNome !== null)
    nodes.push({
      entityType: 'cava',
      _id: j.cavaId,
      label: `Cava ${j.cavaNome}`,
      codice: null,
      relation: 'origine',
      path: null,
    });
  if (j.bancataId && j.bancataCodice !== null)
    nodes.push({
      entityType: 'bancata',
      _id: j.bancataId,
      label: `Bancata ${j.bancataCodice}`,
      codice: j.bancataCodice,
      relation: 'origine',
      path: detailPath('bancata', j.bancataId),
    });
  if (j.blocco?.id) {
    const b = j.blocco;
    nodes.push({
      entityType: 'blocco',
      _id: b.id,
      label: `Blocco ${b.codice}`,
      codice: b.codice,
      relation: 'origine',
      path: detailPath(b.origine === 'esterno' ? 'blocco-esterno' : 'blocco', b.id),
    });
  }
  if (job?.id && job.codice !== null)
    nodes.push({
      entityType: job.type,
      _id: job.id,
      label: `${job.label} ${job.codice}`,
      codice: job.codice,
      relation: 'origine',
      path: detailPath(job.type, job.id),
    });
  return nodes;
}

/**
 * Bundles, slabs and tile lots in the entity registry (photos, genealogy). A block's genealogy lists
 * them under the lavorazione that made them (the lavorazioni's contributors ask this service).
 */
export function registerMagazzinoEntities(entities: EntityRegistry) {
  for (const type of ['pacco', 'lastra', 'lotto'] as const) registerStockEntity(entities, type);
  addStockGenealogies(entities);
}

/** One kind of stock item: its codes, its page, its photo card. */
function registerStockEntity(entities: EntityRegistry, type: 'pacco' | 'lastra' | 'lotto') {
  const table = TABLES[type];
  const page = type === 'lotto' ? 'magazzino-pavimenti' : 'magazzino-lastre';
  entities.register({
    type,
    label: LABELS[type],
    notFound: NOT_FOUND[type],
    permission: () => page,
    findInCompany: (tx: DbOrTx, companyId, id) => registry.findCodice(tx, table, companyId, { id }),
    findByCodice: (tx: DbOrTx, companyId, codice) =>
      registry.findCodice(tx, table, companyId, { codice }),
    searchCodice: (tx: DbOrTx, companyId, text, limit) =>
      registry.searchCodice(tx, table, companyId, text, limit),
    detailPath: (ref) => detailPath(type, ref.id),
    refJsonSql: refJsonOf(table, table.codice),
    pages: [page],
    readableIds: (canRead) => (canRead(page) ? 'all' : 'none'),
    idsInCava: (companyId, cavaId) => registry.idsInCava(table, companyId, cavaId),
    describe: describeBy(
      (tx, companyId, ids) => registry.summaries(tx, type, companyId, ids),
      (r) => ({
        codice: r.codice,
        materiale: r.materiale,
        stato: r.stato,
        cava: r.cava,
        facts: [r.materiale, ...r.facts],
      }),
    ),
  });
}

/** What a bundle, a slab and a lot come from, for their genealogy. */
function addStockGenealogies(entities: EntityRegistry) {
  entities.addGenealogy('pacco', async (tx, companyId, id) => {
    const j = await repo.findPacco(tx, companyId, id);
    if (!j) return [];
    return originNodes(j, {
      type: 'lavorazione-lastre',
      label: 'Segagione',
      id: j.pacco.lavorazioneId,
      codice: j.lavorazioneCodice,
    });
  });

  entities.addGenealogy('lastra', async (tx, companyId, id) => {
    const j = await lastreRepo.findLastra(tx, companyId, id);
    if (!j) return [];
    return [
      ...originNodes(j, {
        type: 'lavorazione-lastre',
        label: 'Segagione',
        id: j.pacco.lavorazioneId,
        codice: j.lavorazioneCodice,
      }),
      {
        entityType: 'pacco',
        _id: j.pacco.id,
        label: `Pacco ${j.pacco.codice}`,
        codice: j.pacco.codice,
        relation: 'origine',
        path: detailPath('pacco', j.pacco.id),
      },
    ];
  });

  entities.addGenealogy('lotto', async (tx, companyId, id) => {
    const j = await lottiRepo.findLotto(tx, companyId, id);
    if (!j) return [];
    return originNodes(j, {
      type: 'lavorazione-pavimenti',
      label: 'Lavorazione pavimenti',
      id: j.lotto.lavorazioneId,
      codice: j.lavorazioneCodice,
    });
  });
}
