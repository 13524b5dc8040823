import { z } from 'zod';
import {
  companiesResponseSchema,
  companyResponseSchema,
  type CreateCompanyBody,
  type UpdateCompanyBody,
} from '@gestcava/contracts';
import { queryRoots } from '@/lib/query-keys';
import { api, apiUpload, type UploadProgress } from '@/lib/api';
import { defineResource } from '@/lib/define-resource';

/**
 * The group companies' full records (admin). After a company changes: this page's list, and what
 * the shell shows of companies (top bar company and logo, admin's company selector, the login
 * page's logo) so the new name or logo appears at once.
 */
const groupCompanies = defineResource({
  key: queryRoots.groupCompanies,
  base: '/companies',
  invalidates: [queryRoots.companies],
});

/** GET /companies/list with every field (document data, logo). */
export const useGroupCompanies = groupCompanies.read(() => ({
  key: ['list'],
  load: (signal) =>
    api
      .get('/companies/list', { schema: companiesResponseSchema, signal })
      .then((a) => a.companies),
})).use;

/** POST /companies/create (admin). */
export const useCreateCompany = () =>
  groupCompanies.useWrite((body: CreateCompanyBody) =>
    api.create('/companies/create', body, { schema: companyResponseSchema }).then((a) => a.company),
  );

/** PUT /companies/update: the company named by `_id` in the body (admin). */
export const useUpdateCompany = () =>
  groupCompanies.useWrite((body: UpdateCompanyBody) =>
    api.put('/companies/update', body, { schema: companyResponseSchema }).then((a) => a.company),
  );

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

export const useUploadLogo = () =>
  groupCompanies.useWrite(
    (v: { companyId: string; file: File; onProgress?: (p: UploadProgress) => void }) =>
      uploadLogo(v.companyId, v.file, v.onProgress),
  );
