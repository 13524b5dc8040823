import type {
  StatisticheExportQuery,
  StatisticheQuery,
  StatisticheSezione,
} from '@gestcava/contracts';
import { computeStatistiche, type StatisticheDeps } from './statistiche.compute.js';
import { exportStatistiche } from './statistiche.export.js';

/**
 * The statistics pages: one section's answer is computed by `statistiche.compute.ts` and written
 * as a file by `statistiche.export.ts`; this factory binds them to the database.
 */
export function createStatisticheService({ db }: StatisticheDeps) {
  const get = (companyId: string, section: StatisticheSezione, query: StatisticheQuery) =>
    computeStatistiche(db, companyId, section, query);
  return {
    get,

    /** The table on screen as a file: one row per group, then the comparison columns, then the totals. */
    async export(
      companyId: string,
      section: StatisticheSezione,
      query: StatisticheExportQuery,
      onError?: (e: unknown) => void,
    ) {
      const data = await get(companyId, section, query);
      return exportStatistiche(data, section, query.format, onError);
    },
  };
}

export type StatisticheService = ReturnType<typeof createStatisticheService>;
