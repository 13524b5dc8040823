import type { Config } from '../../config/config.js';
import type { ObjectBackend } from './backend.js';
import { createFilesystemBackend } from './filesystem.js';

export type { ObjectBackend, StoredObject } from './backend.js';

/** The backend the configuration names: today the local filesystem under `DATA_DIR/uploads`. */
export function createObjectBackend(config: Pick<Config, 'uploadsDir'>): ObjectBackend {
  return createFilesystemBackend(config.uploadsDir);
}
