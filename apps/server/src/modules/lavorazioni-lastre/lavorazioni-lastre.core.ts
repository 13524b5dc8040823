import { type LavorazioneLastre } from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import type { EntityRegistry } from '../../lib/entities.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { BlocchiService } from '../blocchi/blocchi.service.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import type { MagazzinoService } from '../magazzino/magazzino.service.js';
import { pacchiOfLavorazione } from '../magazzino/stock.reads.js';
import { toLavorazioneDto } from './lavorazioni-lastre.mapper.js';
import * as repo from './lavorazioni-lastre.repository.js';

const { notFound: NOT_FOUND } = repo.LAVORAZIONE_LASTRE_STATES.manual.messages;

export type LavorazioniLastreDeps = {
  db: Db;
  blocchi: Pick<BlocchiService, 'lockForLavorazione' | 'segabili' | 'transition'>;
  macchine: Pick<LookupsService<'macchine'>, 'find' | 'list'>;
  ubicazioni: Pick<LookupsService<'ubicazioni'>, 'find'>;
  fornitori: Pick<AnagraficaService, 'find' | 'pick'>;
  magazzino: Pick<MagazzinoService, 'caricaPacco' | 'pacchiOfBlocco'>;
  entities: EntityRegistry;
};

export type LavorazioniLastreCore = ReturnType<typeof createLavorazioniLastreCore>;

/** What the operation files share: the factory's dependencies, the record read by id, the checks of what it names. */
export function createLavorazioniLastreCore(deps: LavorazioniLastreDeps) {
  const { db, macchine, fornitori } = deps;

  async function get(companyId: string, id: string, tx: DbOrTx = db): Promise<LavorazioneLastre> {
    const row = await repo.findJoined(tx, companyId, id);
    if (!row) throw notFound(NOT_FOUND);
    return toLavorazioneDto(row, await pacchiOfLavorazione(tx, companyId, id));
  }

  async function macchinaOf(companyId: string, id: string, tx: DbOrTx) {
    const m = await macchine.find(companyId, id, tx);
    if (!m)
      throw badRequest('Macchina non valida', [
        { path: 'macchinaId', message: 'Macchina non valida' },
      ]);
    if (!m.attiva)
      throw badRequest(`La macchina ${m.nome} non è attiva`, [
        { path: 'macchinaId', message: 'Macchina non attiva' },
      ]);
    return m;
  }
  async function assertTerzista(companyId: string, id: string | null | undefined, tx: DbOrTx) {
    if (id && !(await fornitori.find(companyId, id, tx)))
      throw badRequest('Terzista non valido', [
        { path: 'terzistaId', message: 'Terzista non valido' },
      ]);
  }

  return { get, macchinaOf, assertTerzista };
}
