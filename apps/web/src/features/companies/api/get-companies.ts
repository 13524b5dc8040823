import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { companySchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { queryRoots } from '@/lib/query-keys';

const companiesListSchema = z.object({
  success: z.literal(true),
  companies: z.array(companySchema.pick({ _id: true, name: true, quarryName: true }).loose()),
});
export type CompanyOption = z.infer<typeof companiesListSchema>['companies'][number];

/** GET /companies/list: the group companies (the admin's company selector). */
export async function getCompanies(): Promise<CompanyOption[]> {
  const { companies } = await api.get('/companies/list', { schema: companiesListSchema });
  return companies;
}

export const companiesQueryOptions = queryOptions({
  queryKey: [...queryRoots.companies, 'list'],
  queryFn: getCompanies,
  staleTime: 5 * 60_000,
});

export function useCompanies(enabled: boolean) {
  return useQuery({ ...companiesQueryOptions, enabled });
}
