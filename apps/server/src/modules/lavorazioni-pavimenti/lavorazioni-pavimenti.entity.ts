import { detailPath, LAVORAZIONE_PAVIMENTI_STATO_LABELS, type GenealogyNode, type LavorazionePavimentiStato } from '@gestcava/contracts';
import type { EntityRegistry } from '../../lib/entities.js';
import type { MagazzinoService } from '../magazzino/magazzino.service.js';
import * as repo from './lavorazioni-pavimenti.repository.js';

/** A block's genealogy shows the tiles cut from it, or from its slabs: each cut, then the lot it loaded. */
export function registerLavorazionePavimentiGenealogy(entities: EntityRegistry, magazzino: MagazzinoService) {
  entities.addGenealogy('blocco', async (tx, companyId, bloccoId) => {
    const rows = await repo.ofBlocco(tx, companyId, bloccoId);
    const lotti = await magazzino.lottiOfLavorazioni(tx, companyId, rows.map((r) => r.id));
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
        nodes.push({ entityType: 'lotto', _id: l.id, label: `Lotto ${l.codice} (${l.pezzi} pezzi, ${String(l.mq).replace('.', ',')} m²)`, codice: l.codice, relation: 'derivato', path: detailPath('lotto', l.id) });
      }
    }
    return nodes;
  });
}
