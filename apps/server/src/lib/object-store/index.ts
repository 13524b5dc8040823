import type { Config } from '../../config/config.js';
import type { ObjectBackend } from './backend.js';
import { createFilesystemBackend } from './filesystem.js';
import { s3BackendFromConfig } from './select-s3.js';

export type { ObjectBackend, StoredObject } from './backend.js';

/** The backend the configuration names: the bucket with STORAGE=s3, else the local filesystem under `DATA_DIR/uploads`. */
export function createObjectBackend(config: Pick<Config, 'uploadsDir' | 's3'>): ObjectBackend {
  return s3BackendFromConfig(config) ?? createFilesystemBackend(config.uploadsDir);
}
