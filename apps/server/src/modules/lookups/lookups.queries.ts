import type { LookupKind } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { toDto, type LookupCore, type LookupDeps } from './lookups.common.js';
import type { LookupRow } from './lookups.repository.js';

/** The reads of one lookup: a row for other modules' checks, the company's list. */
export function createLookupQueries<K extends LookupKind>(
  { db }: LookupDeps<K>,
  { repo }: LookupCore<K>,
) {
  return {
    /** A row of this company (for other modules' checks), or undefined. */
    find(companyId: string, id: string, tx: DbOrTx = db): Promise<LookupRow<K> | undefined> {
      return repo.find(tx, companyId, id);
    },

    async list(companyId: string) {
      return (await repo.list(db, companyId)).map((row) => toDto<K>(row));
    },
  };
}
