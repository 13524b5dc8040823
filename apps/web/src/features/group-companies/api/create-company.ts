import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyResponseSchema, type CreateCompanyBody } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { invalidateCompanies } from './invalidate';

/** POST /companies/create (admin). */
export async function createCompany(body: CreateCompanyBody) {
  const { company } = await api.create('/companies/create', body, { schema: companyResponseSchema });
  return company;
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCompany, onSuccess: () => invalidateCompanies(queryClient) });
}
