import { PHOTO_TIMEOUTS, photoUploadAnswerSchema } from '@gestcava/contracts';
import { apiUpload, newIdempotencyKey, type UploadProgress } from '@/lib/api';
import { sendOrQueue } from '@/lib/offline/send-or-queue';
import { PHOTO_ENTITY_LABELS, photoKeys, type PhotoEntity } from './photos';

/*
 * A photo's upload, with its progress, outside the photos' resource (docs/architecture.md "Web: one
 * API shape"): a multipart request through XMLHttpRequest, sent now or kept by the offline queue.
 */

export interface PhotoUpload extends PhotoEntity {
  file: File;
  description: string;
}

const UPLOAD_PATH = '/photos/uploadPhotos';

/** The upload's text fields, in the order the server reads them (the file goes after them). */
function photoFields({
  entityType,
  entityId,
  codice,
  bloccoId,
  description,
}: Omit<PhotoUpload, 'file'>): Array<[string, string]> {
  const fields: Array<[string, string]> = [
    ['entityType', entityType],
    ['entityId', entityId],
    ['codice', codice],
  ];
  if (bloccoId) fields.push(['bloccoId', bloccoId]);
  if (description.trim()) fields.push(['description', description.trim()]);
  return fields;
}

/**
 * POST /photos/uploadPhotos, one file per request so each gets its own progress, cancel and retry.
 * The user is the session's (the server never takes userId from the form); the API client fetches
 * an anti-forgery token first when there is none (docs/api.md "Shape of the API").
 */
export function uploadPhoto(
  upload: PhotoUpload,
  options: {
    onProgress?: (progress: UploadProgress) => void;
    signal?: AbortSignal;
    idempotencyKey?: string;
  } = {},
) {
  const form = new FormData();
  for (const [name, value] of photoFields(upload)) form.append(name, value);
  // Files last: the server reads the fields before it streams the file.
  form.append('photos', upload.file, upload.file.name);
  return apiUpload(UPLOAD_PATH, form, {
    schema: photoUploadAnswerSchema,
    timeoutMs: PHOTO_TIMEOUTS.upload,
    onProgress: options.onProgress,
    signal: options.signal,
    idempotencyKey: options.idempotencyKey,
  });
}

/**
 * A photo taken in the yard: uploaded at once, or — offline, or when the upload fails for
 * the network — kept on the device with its file and uploaded by the offline queue later, with the
 * same Idempotency-Key (one photo however many times it is sent).
 */
export function uploadPhotoOrQueue(
  upload: PhotoUpload,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
) {
  const fileId = newIdempotencyKey();
  return sendOrQueue(
    {
      kind: 'foto',
      label: `${PHOTO_ENTITY_LABELS[upload.entityType]} ${upload.codice}: foto ${upload.file.name}`,
      method: 'POST',
      url: UPLOAD_PATH,
      body: {
        type: 'form',
        fields: photoFields(upload),
        files: [{ field: 'photos', fileId, name: upload.file.name }],
      },
      files: [{ id: fileId, blob: upload.file }],
      ifMatch: null,
      itemKey: null,
      invalidates: [photoKeys.all.map(String)],
    },
    (direct) => uploadPhoto(upload, { ...options, idempotencyKey: direct.idempotencyKey }),
  );
}
