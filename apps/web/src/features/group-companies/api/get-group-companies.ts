import { queryOptions, useQuery } from '@tanstack/react-query';
import { companiesResponseSchema, type Company } from '@gestcava/contracts';
import { api } from '@/lib/api';

/** Cache keys: the full company records of this page; the shell keeps its own under ['companies']. */
export const groupCompaniesKeys = {
  all: ['group-companies'] as const,
  list: ['group-companies', 'list'] as const,
};

/** GET /companies/list with every field (document data, logo). */
export async function getGroupCompanies(signal?: AbortSignal): Promise<Company[]> {
  const { companies } = await api.get('/companies/list', { schema: companiesResponseSchema, signal });
  return companies;
}

export const groupCompaniesQueryOptions = queryOptions({
  queryKey: groupCompaniesKeys.list,
  queryFn: ({ signal }) => getGroupCompanies(signal),
});

export function useGroupCompanies() {
  return useQuery(groupCompaniesQueryOptions);
}
