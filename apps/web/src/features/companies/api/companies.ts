import { z } from 'zod';
import { type Company, companySchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { defineResource } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

const companiesListSchema = z.object({
  success: z.literal(true),
  companies: z.array(companySchema.pick({ _id: true, name: true, quarryName: true }).loose()),
});
export type CompanyOption = z.infer<typeof companiesListSchema>['companies'][number];

/** What the shell shows of the group companies; the Ditte del gruppo page's writes refresh it. */
const companies = defineResource({ key: queryRoots.companies, base: '/companies' });

/** GET /companies/list: the group companies (the admin's company selector). */
export async function getCompanies(): Promise<CompanyOption[]> {
  const { companies } = await api.get('/companies/list', { schema: companiesListSchema });
  return companies;
}

export const useCompanies = companies.read((enabled: boolean) => ({
  key: ['list'],
  load: getCompanies,
  staleTime: 5 * 60_000,
  enabled,
})).use;

/** Only what the shell reads; the rest of the company passes through. */
const userCompanyResponseSchema = z.object({
  success: z.literal(true),
  company: companySchema.pick({ _id: true, name: true, quarryName: true, logoUrl: true }).loose(),
});
export type ShellCompany = Pick<Company, '_id' | 'name' | 'quarryName' | 'logoUrl'>;

/** GET /companies/user-company (the X-Company-Id one for an admin). Failure → null (docs/api.md "Errors"). */
export async function getUserCompany(): Promise<ShellCompany | null> {
  try {
    const { company } = await api.get('/companies/user-company', {
      schema: userCompanyResponseSchema,
    });
    return company;
  } catch {
    return null;
  }
}

export const useUserCompany = companies.read((companyKey: string | null) => ({
  key: ['user-company', companyKey],
  load: getUserCompany,
  staleTime: 5 * 60_000,
})).use;

/** 'Cava di {quarryName}', or the company name when it has no quarry (docs/domain.md). */
export function quarryLabel(
  company: Pick<Company, 'name' | 'quarryName'> | null | undefined,
): string {
  if (!company) return '';
  return company.quarryName ? `Cava di ${company.quarryName}` : company.name;
}
