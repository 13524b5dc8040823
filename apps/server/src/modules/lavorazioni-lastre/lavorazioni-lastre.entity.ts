import {
  LAVORAZIONE_LASTRE_STATO_LABELS,
  detailPath,
  type GenealogyNode,
  type LavorazioneLastreStato,
} from '@gestcava/contracts';
import { lavorazioniLastre } from '../../db/schema/index.js';
import {
  describeBy,
  findCodiceIn,
  refJsonOf,
  searchCodiceIn,
  type EntityRegistry,
} from '../../lib/entities.js';
import type { MagazzinoService } from '../magazzino/magazzino.service.js';
import * as repo from './lavorazioni-lastre.repository.js';

/** Above this many slabs a block's genealogy shows its bundles only (each names its first and last slab). */
const MAX_LASTRE_IN_GENEALOGIA = 100;

/**
 * The sawing in the entity registry: the code box finds an SG-… code, and photos and labels know the
 * kind. Its page is the sawmill's.
 */
export function registerLavorazioneLastreEntity(entities: EntityRegistry) {
  entities.register({
    type: 'lavorazione-lastre',
    label: 'Segagione',
    notFound: 'Segagione non trovata',
    permission: () => 'lavorazione-lastre',
    findInCompany: (tx, companyId, id) => findCodiceIn(tx, lavorazioniLastre, companyId, { id }),
    findByCodice: (tx, companyId, codice) =>
      findCodiceIn(tx, lavorazioniLastre, companyId, { codice }),
    searchCodice: (tx, companyId, text, limit) =>
      searchCodiceIn(tx, lavorazioniLastre, companyId, text, limit),
    detailPath: (ref) => detailPath('lavorazione-lastre', ref.id),
    refJsonSql: refJsonOf(lavorazioniLastre, lavorazioniLastre.codice),
    pages: ['lavorazione-lastre'],
    readableIds: (canRead) => (canRead('lavorazione-lastre') ? 'all' : 'none'),
    idsInCava: repo.idsInCava,
    describe: describeBy(repo.summaries, (r) => {
      const stato = LAVORAZIONE_LASTRE_STATO_LABELS[r.stato as LavorazioneLastreStato];
      return {
        codice: r.codice,
        materiale: r.materiale,
        stato: stato.toLowerCase(),
        cava: r.cava,
        facts: [r.materiale, `Blocco ${r.blocco}`, `${r.spessoreMm} mm`, stato],
      };
    }),
  });
}

/** A block's genealogy lists each sawing, then the bundles it loaded with their slabs in sawing order. */
export function registerLavorazioneLastreGenealogy(
  entities: EntityRegistry,
  magazzino: Pick<MagazzinoService, 'pacchiOfBlocco'>,
) {
  entities.addGenealogy('blocco', async (tx, companyId, id) => {
    const sawings = await repo.ofBlocco(tx, companyId, id);
    if (!sawings.length) return [];
    const bundles = await magazzino.pacchiOfBlocco(tx, companyId, id);
    const showSlabs = bundles.reduce((n, p) => n + p.lastre.length, 0) <= MAX_LASTRE_IN_GENEALOGIA;
    const nodes: GenealogyNode[] = [];
    for (const l of sawings) {
      const stato =
        LAVORAZIONE_LASTRE_STATO_LABELS[l.stato as LavorazioneLastreStato].toLowerCase();
      nodes.push({
        entityType: 'lavorazione-lastre',
        _id: l.id,
        label: `Segagione ${l.codice}, ${l.spessoreMm} mm (${stato})`,
        codice: l.codice,
        relation: 'derivato',
        path: detailPath('lavorazione-lastre', l.id),
      });
      for (const p of bundles.filter((b) => b.lavorazioneId === l.id)) {
        const range = p.lastre.length
          ? `: ${p.lastre[0]!.codice} … ${p.lastre.at(-1)!.codice}`
          : '';
        nodes.push({
          entityType: 'pacco',
          _id: p.id,
          label: `Pacco ${p.codice} (${p.lastre.length} lastre${range})`,
          codice: p.codice,
          relation: 'derivato',
          path: detailPath('pacco', p.id),
        });
        if (!showSlabs) continue;
        for (const s of p.lastre)
          nodes.push({
            entityType: 'lastra',
            _id: s.id,
            label: `Lastra ${s.codice}`,
            codice: s.codice,
            relation: 'derivato',
            path: detailPath('lastra', s.id),
          });
      }
    }
    return nodes;
  });
}
