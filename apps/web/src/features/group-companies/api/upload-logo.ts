import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { companyResponseSchema } from '@gestcava/contracts';
import { apiUpload, type UploadProgress } from '@/lib/api';
import { invalidateCompanies } from './invalidate';

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
export function uploadLogo(companyId: string, file: File, onProgress?: (p: UploadProgress) => void) {
  const form = new FormData();
  form.append('companyId', companyId);
  form.append('logo', file, file.name);
  return apiUpload('/companies/upload-logo', form, { schema: uploadLogoResponseSchema, onProgress, create: false });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { companyId: string; file: File; onProgress?: (p: UploadProgress) => void }) =>
      uploadLogo(v.companyId, v.file, v.onProgress),
    onSuccess: () => invalidateCompanies(queryClient),
  });
}
