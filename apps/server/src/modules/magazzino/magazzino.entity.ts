import { detailPath, type GenealogyNode } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { lastre, lotti, pacchi } from '../../db/schema/index.js';
import type { EntityRegistry } from '../../lib/entities.js';
import * as repo from './magazzino.repository.js';

/** Above this many slabs a block's genealogy shows its bundles only (each names its first and last slab). */
const MAX_LASTRE_IN_GENEALOGIA = 100;

const TABLES = { pacco: pacchi, lastra: lastre, lotto: lotti } as const;
const LABELS = { pacco: 'Pacco', lastra: 'Lastra', lotto: 'Lotto' } as const;

type Provenienza = { blocco: { id: string; codice: string; origine: 'interno' | 'esterno' } | null; bancataId: string | null; bancataCodice: string | null; cavaId: string | null; cavaNome: string | null };

/** Cava, bancata and blocco above a stock item. */
function originNodes(j: Provenienza): GenealogyNode[] {
  const nodes: GenealogyNode[] = [];
  if (j.cavaId && j.cavaNome !== null) nodes.push({ entityType: 'cava', _id: j.cavaId, label: `Cava ${j.cavaNome}`, codice: null, relation: 'origine', path: null });
  if (j.bancataId && j.bancataCodice !== null) nodes.push({ entityType: 'bancata', _id: j.bancataId, label: `Bancata ${j.bancataCodice}`, codice: j.bancataCodice, relation: 'origine', path: detailPath('bancata', j.bancataId) });
  if (j.blocco?.id) {
    const b = j.blocco;
    nodes.push({ entityType: 'blocco', _id: b.id, label: `Blocco ${b.codice}`, codice: b.codice, relation: 'origine', path: detailPath(b.origine === 'esterno' ? 'blocco-esterno' : 'blocco', b.id) });
  }
  return nodes;
}

/** Bundles, slabs and tile lots in the entity registry (photos, genealogy), and their place in a block's genealogy. */
export function registerMagazzinoEntities(entities: EntityRegistry) {
  for (const type of ['pacco', 'lastra', 'lotto'] as const) {
    const table = TABLES[type];
    const page = type === 'lotto' ? 'magazzino-pavimenti' : 'magazzino-lastre';
    entities.register({
      type,
      label: LABELS[type],
      permission: () => page,
      findInCompany: (tx: DbOrTx, companyId, id) => repo.findCodice(tx, table, companyId, { id }),
      findByCodice: (tx: DbOrTx, companyId, codice) => repo.findCodice(tx, table, companyId, { codice }),
      detailPath: (ref) => detailPath(type, ref.id),
      pages: [page],
      readableIds: (canRead) => (canRead(page) ? 'all' : 'none'),
      idsInCava: (companyId, cavaId) => repo.idsInCava(table, companyId, cavaId),
      async describe(tx, companyId, ids) {
        const rows = await repo.summaries(tx, type, companyId, ids);
        return new Map(rows.map((r) => [r.id, { codice: r.codice, materiale: r.materiale, stato: r.stato, cava: r.cava }]));
      },
    });
  }

  entities.addGenealogy('blocco', async (tx, companyId, id) => {
    const pacchiRows = await repo.pacchiOfBlocco(tx, companyId, id);
    const totale = pacchiRows.reduce((n, p) => n + p.lastre.length, 0);
    const nodes: GenealogyNode[] = [];
    for (const p of pacchiRows) {
      const range = p.lastre.length ? `: ${p.lastre[0]!.codice} … ${p.lastre.at(-1)!.codice}` : '';
      nodes.push({ entityType: 'pacco', _id: p.id, label: `Pacco ${p.codice} (${p.lastre.length} lastre${range})`, codice: p.codice, relation: 'derivato', path: detailPath('pacco', p.id) });
      if (totale > MAX_LASTRE_IN_GENEALOGIA) continue;
      for (const l of p.lastre) nodes.push({ entityType: 'lastra', _id: l.id, label: `Lastra ${l.codice}`, codice: l.codice, relation: 'derivato', path: detailPath('lastra', l.id) });
    }
    for (const l of await repo.lottiOfBlocco(tx, companyId, id)) {
      nodes.push({ entityType: 'lotto', _id: l.id, label: `Lotto ${l.codice} (${l.pezzi} pezzi, ${String(l.mq).replace('.', ',')} m²)`, codice: l.codice, relation: 'derivato', path: detailPath('lotto', l.id) });
    }
    return nodes;
  });

  entities.addGenealogy('pacco', async (tx, companyId, id) => {
    const j = await repo.findPacco(tx, companyId, id);
    if (!j) return [];
    return [
      ...originNodes(j),
      { entityType: 'lavorazione-lastre', _id: j.pacco.lavorazioneId, label: `Segagione ${j.lavorazioneCodice}`, codice: j.lavorazioneCodice, relation: 'origine', path: detailPath('lavorazione-lastre', j.pacco.lavorazioneId) },
    ];
  });

  entities.addGenealogy('lastra', async (tx, companyId, id) => {
    const j = await repo.findLastra(tx, companyId, id);
    if (!j) return [];
    return [
      ...originNodes(j),
      { entityType: 'lavorazione-lastre', _id: j.pacco.lavorazioneId, label: `Segagione ${j.lavorazioneCodice}`, codice: j.lavorazioneCodice, relation: 'origine', path: detailPath('lavorazione-lastre', j.pacco.lavorazioneId) },
      { entityType: 'pacco', _id: j.pacco.id, label: `Pacco ${j.pacco.codice}`, codice: j.pacco.codice, relation: 'origine', path: detailPath('pacco', j.pacco.id) },
    ];
  });

  entities.addGenealogy('lotto', async (tx, companyId, id) => {
    const j = await repo.findLotto(tx, companyId, id);
    if (!j) return [];
    return [
      ...originNodes(j),
      { entityType: 'lavorazione-pavimenti', _id: j.lotto.lavorazioneId, label: `Lavorazione pavimenti ${j.lavorazioneCodice}`, codice: j.lavorazioneCodice, relation: 'origine', path: detailPath('lavorazione-pavimenti', j.lotto.lavorazioneId) },
    ];
  });
}
