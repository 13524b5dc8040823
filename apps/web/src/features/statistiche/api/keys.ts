import type { StatistichePer, StatisticheSezione } from '@gestcava/contracts';

const ROOT = ['statistiche'] as const;

/** Query keys of the statistics: everything starts with ['statistiche']; nothing else refreshes them. */
export const statisticheKeys = {
  all: ROOT,
  section: (section: StatisticheSezione, params: { dal: string; al: string; per: StatistichePer }) => [...ROOT, section, params] as const,
};
