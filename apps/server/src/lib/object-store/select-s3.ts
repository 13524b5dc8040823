import { ConfigError, type Config } from '../../config/config.js';
import type { ObjectBackend } from './backend.js';
import { createS3Backend } from './s3.js';

/**
 * The S3 backend when the configuration names one (STORAGE=s3), otherwise null: `createObjectBackend`
 * takes it before falling back to the filesystem.
 */
export function s3BackendFromConfig(config: Pick<Config, 's3'>): ObjectBackend | null {
  return config.s3 ? createS3Backend(config.s3) : null;
}

/** Start-up: a bucket that does not answer stops the server, naming the variable to fix. */
export async function checkStorageAtStartup(backend: ObjectBackend): Promise<void> {
  try {
    await backend.check();
  } catch (error) {
    throw new ConfigError(
      `Archiviazione dei file non disponibile (STORAGE=${backend.kind}):\n  ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/** Where presigned links point (S3_PRESIGNED=1): the page must be allowed to show images from there. */
export async function presignedOrigin(
  backend: Pick<ObjectBackend, 'presignedGetUrl'>,
): Promise<string | null> {
  // Signing is local: no request reaches the bucket for this.
  return backend.presignedGetUrl
    ? new URL(await backend.presignedGetUrl('origine', { ttlSeconds: 1 })).origin
    : null;
}
