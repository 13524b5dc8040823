import type { DbOrTx } from '../../db/client.js';
import type { BancataRow } from './bancate.mapper.js';
import * as repo from './bancate.repository.js';

type DemoBancata = Parameters<typeof repo.insert>[1];

/**
 * Demo data only (the production seed of the blocchi module): bancate written as they stand after
 * months of work, in the seed's own transaction, then fitted to the blocks squared from them. No
 * route reaches these.
 */
export function createBancateDemo() {
  return {
    insertDemo: (tx: DbOrTx, values: DemoBancata): Promise<BancataRow> => repo.insert(tx, values),
    fitDemo: (tx: DbOrTx, companyId: string, id: string, values: Partial<DemoBancata>) =>
      repo.updateInCompany(tx, companyId, id, values),
  };
}
