import type { Anagrafica, AnagraficaCreate } from '@gestcava/contracts';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/app-error.js';
import { initialValues } from '../../lib/audit.js';
import { constraintError } from '../../lib/db-errors.js';
import type { AnagraficaCore } from './anagrafica.core.js';
import { ANAGRAFICA_FIELDS, toAnagraficaData, toAnagraficaDto } from './anagrafica.mapper.js';
import * as repo from './anagrafica.repository.js';

/** A record created or removed, each in one transaction with its history row. */
export function createAnagraficaEdits({ db, table, label, duplicate, audit }: AnagraficaCore) {
  return {
    async create(actor: Actor, data: AnagraficaCreate): Promise<Anagrafica> {
      try {
        const row = await db.transaction(async (tx) => {
          const created = await repo.insert(tx, table, actor.companyId, data);
          const changes = initialValues(toAnagraficaData(created), ANAGRAFICA_FIELDS);
          await audit(tx, actor, created.id, 'create', changes);
          return created;
        });
        return toAnagraficaDto(row);
      } catch (error) {
        throw constraintError(error, { unique: duplicate }) ?? error;
      }
    },

    /** Only a record nothing references can go; otherwise 409 with the way out (deactivate). */
    async remove(actor: Actor, id: string): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const current = await repo.findInCompany(tx, table, actor.companyId, id);
          if (!current) throw notFound(`${label} non trovato`);
          const fields = ['ragioneSociale', 'partitaIva'] as const;
          await audit(tx, actor, id, 'delete', initialValues(toAnagraficaData(current), fields));
          await repo.remove(tx, table, actor.companyId, id);
        });
      } catch (error) {
        throw (
          constraintError(error, {
            foreignKey: `${label} collegato ad altri dati: non si può eliminare, ma puoi disattivarlo`,
          }) ?? error
        );
      }
    },
  };
}
