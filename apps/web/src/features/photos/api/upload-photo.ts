import { PHOTO_TIMEOUTS, photoUploadAnswerSchema } from '@gestcava/contracts';
import { apiUpload, type UploadProgress } from '@/lib/api';
import type { PhotoEntity } from './keys';

export interface PhotoUpload extends PhotoEntity {
  file: File;
  description: string;
}

/**
 * POST /photos/uploadPhotos, one file per request so each gets its own progress, cancel and retry.
 * The user is the session's (the server never takes userId from the form); the API client fetches
 * an anti-forgery token first when there is none (SPEC §7).
 */
export function uploadPhoto(
  { entityType, entityId, codice, bloccoId, description, file }: PhotoUpload,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
) {
  const form = new FormData();
  form.append('entityType', entityType);
  form.append('entityId', entityId);
  form.append('codice', codice);
  if (bloccoId) form.append('bloccoId', bloccoId);
  if (description.trim()) form.append('description', description.trim());
  // Files last: the server reads the fields before it streams the file.
  form.append('photos', file, file.name);
  return apiUpload('/photos/uploadPhotos', form, {
    schema: photoUploadAnswerSchema,
    timeoutMs: PHOTO_TIMEOUTS.upload,
    onProgress: options.onProgress,
    signal: options.signal,
  });
}
