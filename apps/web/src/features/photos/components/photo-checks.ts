import {
  PHOTO_ACCEPT,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_FILES,
  PHOTO_MESSAGES,
} from '@gestcava/contracts';

/**
 * The checks the client makes before sending (the server makes the same ones by the bytes): the
 * user learns at once, in the product's fixed words, why a file will not go, without waiting for it to upload.
 */
const ACCEPTED_TYPES = new Set(PHOTO_ACCEPT.split(','));
const ACCEPTED_EXTENSIONS = new Set(['jpg', 'jpeg', 'jpe', 'png', 'webp']);
const HEIC_TYPES = new Set([
  'image/heic',
  'image/heif',
  'image/heic-sequence',
  'image/heif-sequence',
]);
const HEIC_EXTENSIONS = new Set(['heic', 'heif']);
/** Types some phones and file managers give any file: then the extension decides. */
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream']);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Why this file cannot be uploaded, or null when it can. */
export function photoFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const type = file.type.toLowerCase();
  const extension = extensionOf(file.name);
  if (HEIC_TYPES.has(type) || HEIC_EXTENSIONS.has(extension)) return PHOTO_MESSAGES.heic;
  const accepted =
    ACCEPTED_TYPES.has(type) || (UNKNOWN_TYPES.has(type) && ACCEPTED_EXTENSIONS.has(extension));
  if (!accepted) return PHOTO_MESSAGES.unsupported;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooLarge;
  return null;
}

/** Why this upload cannot start (docs/domain.md "The records": files, then the entity; then the count limit), or null. */
export function uploadRequestProblem(request: {
  entityType: string;
  entityId: string;
  fileCount: number;
}): string | null {
  if (request.fileCount === 0) return PHOTO_MESSAGES.noFiles;
  if (!request.entityType || !request.entityId) return PHOTO_MESSAGES.noEntity;
  if (request.fileCount > PHOTO_MAX_FILES) return PHOTO_MESSAGES.tooMany;
  return null;
}
