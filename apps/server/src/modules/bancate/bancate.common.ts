import type { Bancata } from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import type { EntityRegistry } from '../../lib/entities.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import { toBancataDto } from './bancate.mapper.js';
import * as repo from './bancate.repository.js';

// What the bancate's operation files share: the factory's dependencies, the detail they answer and
// the checks of the lookups a bancata names.

export interface BancateDeps {
  db: Db;
  cave: Pick<LookupsService<'cave'>, 'find'>;
  materiali: Pick<LookupsService<'materiali'>, 'find'>;
  entities: EntityRegistry;
}

export const NOT_FOUND = repo.BANCATA_STATES.messages.notFound;

/** The bancata as the API answers it (404 when the company has no such one). */
export async function getBancata(db: DbOrTx, companyId: string, id: string): Promise<Bancata> {
  const row = await repo.findJoined(db, companyId, id);
  if (!row) throw notFound(NOT_FOUND);
  return toBancataDto(row);
}

/** The density of the company's material (400 on the field when it is not one). */
export async function densitaOf(
  { materiali }: BancateDeps,
  companyId: string,
  materialeId: string,
  tx: DbOrTx,
) {
  const materiale = await materiali.find(companyId, materialeId, tx);
  if (!materiale)
    throw badRequest('Materiale non valido', [
      { path: 'materialeId', message: 'Materiale non valido' },
    ]);
  return materiale.densita;
}

/** The cava is one of the company's (400 on the field otherwise). */
export async function assertCava(
  { cave }: BancateDeps,
  companyId: string,
  cavaId: string,
  tx: DbOrTx,
) {
  if (!(await cave.find(companyId, cavaId, tx)))
    throw badRequest('Cava non valida', [{ path: 'cavaId', message: 'Cava non valida' }]);
}
