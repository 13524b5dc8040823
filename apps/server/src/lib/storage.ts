import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { v7 as uuidv7 } from 'uuid';
import type { Db, DbOrTx } from '../db/client.js';
import type { ObjectBackend } from './object-store/backend.js';
import { createPendingObjects, type OwnedKeys, type Placement } from './object-store/pending.js';
import { hmac, safeEqual } from './secrets.js';

/** Prefix under which signed file URLs are served (inside the API's `/api` prefix). */
export const FILES_ROUTE = '/api/files';

const KEY_PATTERN =
  /^[0-9a-f-]{36}\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}(?:-[a-z0-9]+)?\.[a-z0-9]{2,5}$/;

export interface SignedUrlOptions {
  /** Valid at least this long; the expiry is rounded up to the next multiple so a URL stays the same
   *  for a while and the browser can cache the image behind it. */
  ttlSeconds: number;
  /** Served as an attachment with this file name. */
  downloadName?: string;
}

export type Storage = ReturnType<typeof createStorage>;
export type { Placement } from './object-store/pending.js';

/**
 * Stored files (docs/architecture.md "Module pattern"): keys chosen by the server (`<companyId>/<aa>/<bb>/<uuid>.<ext>`, never
 * by the client), served only through short-lived signed URLs. The bytes live in a backend (the
 * local filesystem or a bucket, lib/object-store); what does not depend on it stays here: keys and
 * their validation, signatures, placement (docs/quality.md R7) and the temporary upload files, which are on
 * the local disk of the instance that receives the request.
 */
export function createStorage({
  backend,
  tempDir,
  signingKey,
  db,
  instance,
}: {
  backend: ObjectBackend;
  tempDir: string;
  signingKey: Buffer;
  db: Db;
  instance: string;
}) {
  fs.mkdirSync(tempDir, { recursive: true });
  const pending = createPendingObjects({ db, backend, instance });
  return {
    /** The backend itself, for the tools that walk or copy every object (storage:migrate, backup). */
    backend: backend as Readonly<ObjectBackend>,
    tempDir,
    variantKey,
    newKey,
    isValidKey,
    ...createStoredFiles(backend, tempDir),
    ...createPlacements(pending),
    ...createSignatures(signingKey),
  };
}

function valid(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error('chiave di file non valida');
  return key;
}

function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** The key of a variant stored beside a file (`…/<uuid>-thumb.webp` beside `…/<uuid>.jpg`). */
function variantKey(key: string, variant: string, ext: string): string {
  return key.replace(/\.[a-z0-9]{2,5}$/, `-${variant}.${ext}`);
}

function newKey(companyId: string, ext: string, variant?: string): string {
  const id = uuidv7();
  const hash = crypto.createHash('sha1').update(id).digest('hex');
  return `${companyId}/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${id}${variant ? `-${variant}` : ''}.${ext}`;
}

/** The bytes: written, read and removed through the backend; temporary upload files on this instance's disk. */
function createStoredFiles(backend: ObjectBackend, tempDir: string) {
  /** A stored file's bytes as a stream, or null when it is not there. */
  function open(key: string): Promise<Readable | null> {
    return KEY_PATTERN.test(key) ? backend.get(key) : Promise.resolve(null);
  }

  return {
    tempPath(): string {
      return path.join(tempDir, `${crypto.randomUUID()}.part`);
    },

    /** Stores a finished temporary file under `key`; the temporary file is gone afterwards (or left for the caller on failure). */
    put(tempFile: string, key: string, contentType: string): Promise<void> {
      return backend.putFile(tempFile, valid(key), contentType);
    },

    putBuffer(key: string, data: Buffer, contentType: string): Promise<void> {
      return backend.putBuffer(valid(key), data, contentType);
    },

    open,

    /** A stored file's size, or null when it is not there. */
    head(key: string): Promise<{ size: number } | null> {
      return KEY_PATTERN.test(key) ? backend.head(key) : Promise.resolve(null);
    },

    /** A small stored file's bytes (a logo printed on a label, a photo in a verbale), or null when it is not there. */
    async read(key: string): Promise<Buffer | null> {
      const stream = await open(key);
      return stream ? buffer(stream) : null;
    },

    async remove(key: string): Promise<void> {
      await backend.remove(valid(key));
    },

    /** Readiness (/api/ready): the backend answers and can store. */
    check(): Promise<void> {
      return backend.check();
    },

    /** Temporary files left by a crash mid-upload (docs/quality.md R7), on this instance's disk. */
    sweepTemp: (olderThanMs = 0) => sweepTemp(tempDir, olderThanMs),
  };
}

async function sweepTemp(tempDir: string, olderThanMs: number): Promise<number> {
  let removed = 0;
  for (const name of await fsp.readdir(tempDir)) {
    const file = path.join(tempDir, name);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs >= olderThanMs) {
      await fsp.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/** Objects written ahead of their rows and removed after them (docs/quality.md R7; lib/object-store/pending.ts). */
function createPlacements(pending: ReturnType<typeof createPendingObjects>) {
  return {
    /** The objects of one upload, written ahead of their rows. */
    beginPlacement(): Placement {
      return pending.begin();
    },

    /** In the transaction that deletes the rows owning `keys`; `removeReleased` after it commits removes their objects. */
    release(tx: DbOrTx, keys: string[]): Promise<void> {
      return pending.release(tx, keys);
    },

    removeReleased(keys: string[]): Promise<void> {
      return pending.removeReleased(keys);
    },

    /** Objects a crash left between being written and their row committing (or their row being deleted). */
    sweepPending(options: {
      olderThanMs: number;
      owned: OwnedKeys;
      ownToo?: boolean;
    }): Promise<{ removed: number; kept: number }> {
      return pending.sweep(options);
    },
  };
}

/** Signed links: a file or any subject served without a bearer token until the link expires. */
function createSignatures(signingKey: Buffer) {
  function expiry(ttlSeconds: number) {
    const window = Math.max(60, Math.floor(ttlSeconds / 2));
    return Math.ceil((Math.floor(Date.now() / 1000) + ttlSeconds) / window) * window;
  }

  function signature(key: string, exp: number, downloadName: string) {
    return hmac(signingKey, `${key}\n${exp}\n${downloadName}`);
  }

  return {
    /** A relative URL the browser can use without a bearer token; the web client prefixes the server address. */
    signedUrl(key: string, { ttlSeconds, downloadName = '' }: SignedUrlOptions): string {
      const exp = expiry(ttlSeconds);
      const params = new URLSearchParams({
        exp: String(exp),
        sig: signature(key, exp, downloadName),
      });
      if (downloadName) params.set('dl', downloadName);
      return `${FILES_ROUTE}/${key}?${params.toString()}`;
    },

    verifySignature(
      key: string,
      exp: number,
      sig: string,
      downloadName: string,
    ): 'ok' | 'expired' | 'invalid' {
      if (!KEY_PATTERN.test(key) || !Number.isFinite(exp)) return 'invalid';
      if (!safeEqual(sig, signature(key, exp, downloadName))) return 'invalid';
      return exp * 1000 < Date.now() ? 'expired' : 'ok';
    },

    /** A signature over any text (a zip of an entity's photos): the link works without a bearer token. */
    signSubject(subject: string, ttlSeconds: number): { exp: number; sig: string } {
      const exp = expiry(ttlSeconds);
      return { exp, sig: hmac(signingKey, `subject\n${subject}\n${exp}`) };
    },

    verifySubject(subject: string, exp: number, sig: string): 'ok' | 'expired' | 'invalid' {
      if (!Number.isFinite(exp) || !safeEqual(sig, hmac(signingKey, `subject\n${subject}\n${exp}`)))
        return 'invalid';
      return exp * 1000 < Date.now() ? 'expired' : 'ok';
    },
  };
}
