import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyResponseSchema, type UpdateCompanyBody } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { invalidateCompanies } from './invalidate';

/** PUT /companies/update: the company named by `_id` in the body (admin). */
export async function updateCompany(body: UpdateCompanyBody) {
  const { company } = await api.put('/companies/update', body, { schema: companyResponseSchema });
  return company;
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCompany, onSuccess: () => invalidateCompanies(queryClient) });
}
