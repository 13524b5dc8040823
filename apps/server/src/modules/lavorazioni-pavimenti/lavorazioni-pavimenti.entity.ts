import {
  detailPath,
  LAVORAZIONE_PAVIMENTI_STATO_LABELS,
  type GenealogyNode,
  type LavorazionePavimentiStato,
} from '@gestcava/contracts';
import { lavorazioniPavimenti } from '../../db/schema/index.js';
import {
  describeBy,
  findCodiceIn,
  refJsonOf,
  searchCodiceIn,
  type EntityRegistry,
} from '../../lib/entities.js';
import type { MagazzinoService } from '../magazzino/magazzino.service.js';
import * as repo from './lavorazioni-pavimenti.repository.js';

/**
 * The tile cut in the entity registry: the code box finds an LP-… code, and photos and labels know
 * the kind.
 */
export function registerLavorazionePavimentiEntity(entities: EntityRegistry) {
  entities.register({
    type: 'lavorazione-pavimenti',
    label: 'Lavorazione pavimenti',
    notFound: 'Lavorazione non trovata',
    permission: () => 'lavorazione-pavimenti',
    findInCompany: (tx, companyId, id) => findCodiceIn(tx, lavorazioniPavimenti, companyId, { id }),
    findByCodice: (tx, companyId, codice) =>
      findCodiceIn(tx, lavorazioniPavimenti, companyId, { codice }),
    searchCodice: (tx, companyId, text, limit) =>
      searchCodiceIn(tx, lavorazioniPavimenti, companyId, text, limit),
    detailPath: (ref) => detailPath('lavorazione-pavimenti', ref.id),
    refJsonSql: refJsonOf(lavorazioniPavimenti, lavorazioniPavimenti.codice),
    pages: ['lavorazione-pavimenti'],
    readableIds: (canRead) => (canRead('lavorazione-pavimenti') ? 'all' : 'none'),
    idsInCava: repo.idsInCava,
    describe: describeBy(repo.summaries, (r) => {
      const stato = LAVORAZIONE_PAVIMENTI_STATO_LABELS[r.stato as LavorazionePavimentiStato];
      return {
        codice: r.codice,
        materiale: r.materiale,
        stato: stato.toLowerCase(),
        cava: null,
        facts: [r.materiale, stato],
      };
    }),
  });
}

/** A block's genealogy shows the tiles cut from it, or from its slabs: each cut, then the lot it loaded. */
export function registerLavorazionePavimentiGenealogy(
  entities: EntityRegistry,
  magazzino: Pick<MagazzinoService, 'lottiOfLavorazioni'>,
) {
  entities.addGenealogy('blocco', async (tx, companyId, bloccoId) => {
    const rows = await repo.ofBlocco(tx, companyId, bloccoId);
    const lotti = await magazzino.lottiOfLavorazioni(
      tx,
      companyId,
      rows.map((r) => r.id),
    );
    const nodes: GenealogyNode[] = [];
    for (const r of rows) {
      nodes.push({
        entityType: 'lavorazione-pavimenti',
        _id: r.id,
        label: `Lavorazione pavimenti ${r.codice} (${LAVORAZIONE_PAVIMENTI_STATO_LABELS[r.stato as LavorazionePavimentiStato].toLowerCase()})`,
        codice: r.codice,
        relation: 'derivato',
        path: detailPath('lavorazione-pavimenti', r.id),
      });
      for (const l of lotti.filter((x) => x.lavorazioneId === r.id)) {
        nodes.push({
          entityType: 'lotto',
          _id: l.id,
          label: `Lotto ${l.codice} (${l.pezzi} pezzi, ${String(l.mq).replace('.', ',')} m²)`,
          codice: l.codice,
          relation: 'derivato',
          path: detailPath('lotto', l.id),
        });
      }
    }
    return nodes;
  });
}
