import { roundTo, type Pacco, type StockSummary } from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { NOT_FOUND } from './magazzino.entity.js';
import { toPaccoDto } from './magazzino.mapper.js';
import * as repo from './magazzino.repository.js';
import * as lastreRepo from './magazzino-lastre.repository.js';
import * as lottiRepo from './magazzino-lotti.repository.js';

// What the magazzino's operation files share: the factory's dependencies, the finders that answer 404,
// the grades a bundle's row shows, and the totals' rounding.

export interface MagazzinoDeps {
  db: Db;
  entities: EntityRegistry;
}

export type { Filter } from './magazzino.columns.js';
export type StockKind = 'pacco' | 'lastra' | 'lotto';

/** The bundle, slab or lot of the company as its detail reads it, or the 404 that names it. */
export function createFinders(db: Db) {
  async function pacco(companyId: string, id: string) {
    const row = await repo.findPacco(db, companyId, id);
    if (!row) throw notFound(NOT_FOUND.pacco);
    return row;
  }
  async function lastra(companyId: string, id: string) {
    const row = await lastreRepo.findLastra(db, companyId, id);
    if (!row) throw notFound(NOT_FOUND.lastra);
    return row;
  }
  async function lotto(companyId: string, id: string) {
    const row = await lottiRepo.findLotto(db, companyId, id);
    if (!row) throw notFound(NOT_FOUND.lotto);
    return row;
  }
  return { pacco, lastra, lotto };
}

/** Bundles with the grades of their slabs (a bundle may mix them). */
export async function withScelte(
  db: DbOrTx,
  companyId: string,
  items: repo.PaccoJoined[],
): Promise<Pacco[]> {
  const scelte = await repo.scelteOfPacchi(
    db,
    companyId,
    items.map((j) => j.pacco.id),
  );
  return items.map((j) => toPaccoDto(j, scelte.get(j.pacco.id) ?? []));
}

/** A list's totals as they are shown: m² and tonnes to the hundredth. */
export function rounded(s: {
  count: number;
  pezzi: number;
  mq: number;
  pesoT: number;
}): StockSummary {
  return { count: s.count, pezzi: s.pezzi, mq: roundTo(s.mq, 2), pesoT: roundTo(s.pesoT, 2) };
}
