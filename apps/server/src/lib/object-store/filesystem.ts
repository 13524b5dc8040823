import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ObjectBackend, StoredObject } from './backend.js';

/** Folders under the root that hold no stored objects: per-instance upload temporaries and the photo inbox. */
const NOT_OBJECTS = new Set(['tmp', 'inbox']);

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Objects as files under `<root>/<companyId>/<aa>/<bb>/<uuid>.<ext>` (the layout of every
 * installation so far, so existing files keep working). A file appears whole or not at all: it is
 * written under `<root>/tmp` and renamed into place, which is atomic on one filesystem.
 */
export function createFilesystemBackend(root: string): ObjectBackend {
  const base = path.resolve(root);
  const tempDir = path.join(base, 'tmp');
  fs.mkdirSync(tempDir, { recursive: true });
  const absolute = (key: string) => absolutePath(base, key);
  const place = (localPath: string, key: string) => placeFile(absolute(key), localPath);

  return {
    kind: 'filesystem',

    putFile: (localPath, key) => place(localPath, key),

    async putBuffer(key, data) {
      const temp = path.join(tempDir, `${crypto.randomUUID()}.part`);
      try {
        await fsp.writeFile(temp, data);
        await place(temp, key);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },

    async get(key): Promise<Readable | null> {
      // Opened first, so a missing file is null here instead of an error in the middle of an answer.
      const handle = await fsp.open(absolute(key), 'r').catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
      return handle ? handle.createReadStream() : null;
    },

    async head(key) {
      const stat = await fsp.stat(absolute(key)).catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
      return stat?.isFile() ? { size: stat.size } : null;
    },

    async remove(key) {
      await fsp.rm(absolute(key), { force: true });
    },

    list: (prefix = '') => walk(base, '', prefix),

    // Never recreates the folder: an unmounted volume must show as not ready, not fill the root disk.
    async check() {
      await fsp.access(tempDir, fs.constants.W_OK);
    },
  };
}

function absolutePath(base: string, key: string): string {
  const full = path.resolve(base, key);
  // Storage validates keys; this is the last guard against a path leaving the root.
  if (!full.startsWith(base + path.sep) || NOT_OBJECTS.has(key.split('/')[0]!))
    throw new Error('chiave di file non valida');
  return full;
}

async function placeFile(target: string, localPath: string) {
  await fsp.mkdir(path.dirname(target), { recursive: true });
  await fsp.rename(localPath, target);
}

/** Files under `dir` (relative to the root as `rel`), depth first, only into folders that can hold `prefix`. */
async function* walk(dir: string, rel: string, prefix: string): AsyncGenerator<StoredObject> {
  const entries = await fsp.readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    if (missing(error)) return [];
    throw error;
  });
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const key = rel ? `${rel}/${entry.name}` : entry.name;
    if (!rel && NOT_OBJECTS.has(entry.name)) continue;
    if (entry.isDirectory()) {
      if (key.startsWith(prefix) || prefix.startsWith(`${key}/`))
        yield* walk(path.join(dir, entry.name), key, prefix);
    } else if (entry.isFile() && key.startsWith(prefix)) {
      const stat = await fsp.stat(path.join(dir, entry.name)).catch(() => null);
      if (stat) yield { key, size: stat.size };
    }
  }
}
