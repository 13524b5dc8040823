import type { Blocco, BloccoOrigine } from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { AuditChanges } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import type { CountCache } from '../../lib/count-cache.js';
import type { EntityRegistry } from '../../lib/entities.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { BancateService } from '../bancate/bancate.service.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import { toBloccoDto } from './blocchi.mapper.js';
import * as repo from './blocchi.repository.js';
import { pesoFuori } from './blocchi.rules.js';

// What the blocks' operation files share: the factory's dependencies, a block read by id, and the
// checks of the records a block names.

export const { notFound: NOT_FOUND, stale: STALE } = repo.BLOCCO_STATES.manual.messages;

export interface BlocchiDeps {
  db: Db;
  bancate: Pick<BancateService, 'get' | 'lockForNewBlocco'>;
  materiali: Pick<LookupsService<'materiali'>, 'find'>;
  ubicazioni: Pick<LookupsService<'ubicazioni'>, 'find'>;
  clienti: Pick<AnagraficaService, 'find'>;
  fornitori: Pick<AnagraficaService, 'find'>;
  entities: EntityRegistry;
  /** List totals kept between requests, cleared by every write to blocchi (lib/count-cache.ts). */
  counts: CountCache;
}

/** The history's mark of a weighbridge reading the user confirmed outside the expected range. */
export function fuoriNorma(
  pesoPesa: number | null,
  lordo: { volumeLordo: number; densita: number },
): AuditChanges {
  return pesoFuori(pesoPesa, lordo) ? { pesoFuoriNorma: { from: null, to: true } } : {};
}

export type BlocchiCore = ReturnType<typeof createBlocchiCore>;

export function createBlocchiCore({ db, materiali, ubicazioni, fornitori }: BlocchiDeps) {
  /** `origine` null: either kind (the lavorazioni saw own and bought-in blocks alike). */
  async function get(
    origine: BloccoOrigine | null,
    companyId: string,
    id: string,
    tx: DbOrTx = db,
  ): Promise<Blocco> {
    const row = await repo.findJoined(tx, companyId, origine, id);
    if (!row) throw notFound(NOT_FOUND);
    return toBloccoDto(row);
  }

  async function densitaOf(companyId: string, materialeId: string, tx: DbOrTx) {
    const m = await materiali.find(companyId, materialeId, tx);
    if (!m)
      throw badRequest('Materiale non valido', [
        { path: 'materialeId', message: 'Materiale non valido' },
      ]);
    return m.densita;
  }

  async function assertUbicazione(companyId: string, id: string | undefined | null, tx: DbOrTx) {
    if (id && !(await ubicazioni.find(companyId, id, tx)))
      throw badRequest('Ubicazione non valida', [
        { path: 'ubicazioneId', message: 'Ubicazione non valida' },
      ]);
  }

  async function assertFornitore(companyId: string, id: string | undefined, tx: DbOrTx) {
    if (id && !(await fornitori.find(companyId, id, tx)))
      throw badRequest('Fornitore non valido', [
        { path: 'fornitoreId', message: 'Fornitore non valido' },
      ]);
  }

  return { get, densitaOf, assertUbicazione, assertFornitore };
}
