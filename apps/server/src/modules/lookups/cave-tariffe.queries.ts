import type { CavaTariffa } from '@gestcava/contracts';
import { desc, eq } from 'drizzle-orm';
import { cave, caveTariffe } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import { companyScope } from '../../lib/company-table.js';
import { CAVA_NOT_FOUND, toDto, type CaveTariffeDeps } from './cave-tariffe.common.js';

/** The reads of a quarry's tariffs. */
export function createCaveTariffeQueries({ db }: CaveTariffeDeps) {
  return {
    /** Newest period first. */
    async list(companyId: string, cavaId: string): Promise<CavaTariffa[]> {
      const [cava] = await db
        .select({ id: cave.id })
        .from(cave)
        .where(companyScope(cave, companyId, eq(cave.id, cavaId)));
      if (!cava) throw notFound(CAVA_NOT_FOUND);
      const rows = await db
        .select()
        .from(caveTariffe)
        .where(eq(caveTariffe.cavaId, cavaId))
        .orderBy(desc(caveTariffe.validoDal));
      return rows.map(toDto);
    },
  };
}
