import { createCompanyRows, type CompaniesDeps } from './companies.common.js';
import { createCompanyLogo } from './companies.logo.js';
import { createCompanyRecords } from './companies.records.js';

export type CompaniesService = ReturnType<typeof createCompaniesService>;

/**
 * The group's companies. Each group of operations is a file of its own (`companies.records.ts`,
 * `companies.logo.ts`); this factory assembles them.
 */
export function createCompaniesService(deps: CompaniesDeps) {
  const rows = createCompanyRows(deps);
  return {
    ...createCompanyRecords(deps, rows),
    ...createCompanyLogo(deps, rows),
  };
}
