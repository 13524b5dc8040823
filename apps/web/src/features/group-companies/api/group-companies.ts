import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import {
  companiesResponseSchema,
  type Company,
  companyResponseSchema,
  type CreateCompanyBody,
  type UpdateCompanyBody,
} from '@gestcava/contracts';
import { queryRoots } from '@/lib/query-keys';
import { api, apiUpload, type UploadProgress } from '@/lib/api';

/**
 * After a company changes: this page's list, and what the shell shows of companies (top bar
 * company and logo, admin's company selector) so the new name or logo appears at once.
 */
export function invalidateCompanies(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: groupCompaniesKeys.all }),
    queryClient.invalidateQueries({ queryKey: queryRoots.companies }),
  ]);
}

/** POST /companies/create (admin). */
export async function createCompany(body: CreateCompanyBody) {
  const { company } = await api.create('/companies/create', body, {
    schema: companyResponseSchema,
  });
  return company;
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => invalidateCompanies(queryClient),
  });
}

/** Cache keys: the full company records of this page; the shell keeps its own under ['companies']. */
export const groupCompaniesKeys = {
  all: ['group-companies'] as const,
  list: ['group-companies', 'list'] as const,
};

/** GET /companies/list with every field (document data, logo). */
export async function getGroupCompanies(signal?: AbortSignal): Promise<Company[]> {
  const { companies } = await api.get('/companies/list', {
    schema: companiesResponseSchema,
    signal,
  });
  return companies;
}

export const groupCompaniesQueryOptions = queryOptions({
  queryKey: groupCompaniesKeys.list,
  queryFn: ({ signal }) => getGroupCompanies(signal),
});

export function useGroupCompanies() {
  return useQuery(groupCompaniesQueryOptions);
}

/** PUT /companies/update: the company named by `_id` in the body (admin). */
export async function updateCompany(body: UpdateCompanyBody) {
  const { company } = await api.put('/companies/update', body, { schema: companyResponseSchema });
  return company;
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: () => invalidateCompanies(queryClient),
  });
}

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const uploadLogoResponseSchema = companyResponseSchema.extend({ logoUrl: z.string().nullable() });

/** The reason a file cannot be a logo, before sending it; null when it may go. */
export function logoFileProblem(file: File): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) {
    return 'Formato non accettato: scegli un’immagine JPEG, PNG o WebP';
  }
  if (file.size > LOGO_MAX_BYTES) return 'File troppo grande: il logo può pesare al massimo 2 MB';
  if (file.size === 0) return 'Il file è vuoto';
  return null;
}

/**
 * POST /companies/upload-logo (multipart; admin): `companyId` must come before the file `logo`,
 * the server reads the parts in order.
 */
export function uploadLogo(
  companyId: string,
  file: File,
  onProgress?: (p: UploadProgress) => void,
) {
  const form = new FormData();
  form.append('companyId', companyId);
  form.append('logo', file, file.name);
  return apiUpload('/companies/upload-logo', form, {
    schema: uploadLogoResponseSchema,
    onProgress,
    create: false,
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { companyId: string; file: File; onProgress?: (p: UploadProgress) => void }) =>
      uploadLogo(v.companyId, v.file, v.onProgress),
    onSuccess: () => invalidateCompanies(queryClient),
  });
}
