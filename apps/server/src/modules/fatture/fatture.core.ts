import type { Fattura } from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import type { EntityRegistry } from '../../lib/entities.js';
import type { EmissioneFaults } from './fatture.emissione.js';
import { toFatturaDto } from './fatture.mapper.js';
import * as repo from './fatture.repository.js';

// What the invoice's operation files share: the factory's dependencies, the invoice read whole, and
// the draft locked for a change.

export const NOT_FOUND = 'Fattura non trovata';
export const EMESSA = 'Una fattura emessa si corregge con una nota di credito';

/** `faults` is a test seam: a fault injected into the emission. */
export interface FattureDeps {
  db: Db;
  entities: EntityRegistry;
  faults?: EmissioneFaults;
}

export type FattureCore = ReturnType<typeof createFattureCore>;

export function createFattureCore({ db }: FattureDeps) {
  /** The invoice with its lines, outcomes, DDTs, the invoice it corrects and its author. */
  async function get(companyId: string, id: string, tx: DbOrTx = db): Promise<Fattura> {
    const row = await repo.rows.find(tx, companyId, id);
    if (!row) throw notFound(NOT_FOUND);
    const [righe, esiti, ddt, collegata, createdBy] = await Promise.all([
      repo.righeOf(tx, id),
      repo.esitiOf(tx, id),
      repo.ddtRefsOf(tx, companyId, id),
      row.fatturaCollegataId ? repo.rows.find(tx, companyId, row.fatturaCollegataId) : undefined,
      repo.createdByOf(tx, row.createdBy),
    ]);
    return toFatturaDto({ row, righe, esiti, ddt, collegata, createdBy });
  }

  /** The draft locked for a change; an emitted invoice is 409. */
  async function lockBozza(tx: DbOrTx, companyId: string, id: string) {
    const row = await repo.rows.findForUpdate(tx, companyId, id);
    if (!row) throw notFound(NOT_FOUND);
    if (row.stato !== 'bozza') throw conflict(EMESSA);
    return row;
  }

  return { get, lockBozza };
}
