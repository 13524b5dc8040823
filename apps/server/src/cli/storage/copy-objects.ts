/**
 * Copies every stored file from one object backend to another (`npm run storage:migrate`): the
 * filesystem into a bucket, or back. Each copy is read back from the target and compared by size and
 * sha256 with the bytes read from the source — S3 ETags are not used, a multipart ETag is no MD5.
 *
 * Resumable: an object already in the target with the source's size and sha256 is skipped. The sha256
 * of an object the migration wrote is recorded beside it (S3 user metadata, see `PutOptions`), so a
 * re-run checks a bucket object with one HEAD instead of reading it again; `verifyAll` reads it anyway.
 * The source is never changed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_KINDS } from '../../lib/uploads.js';
import type { ObjectBackend, StoredObject } from '../../lib/object-store/backend.js';
import { formatBytes } from '../backup/files.js';

export interface CopyOptions {
  source: ObjectBackend;
  target: ObjectBackend;
  /** A folder for each file's temporary copy (the target's putFile consumes it). */
  tempDir: string;
  /** Files copied at once. */
  concurrency?: number;
  /** Read back every object already in the target instead of trusting its recorded sha256. */
  verifyAll?: boolean;
  log?: (line: string) => void;
  /** At most one progress line this often (the last one always). */
  progressEveryMs?: number;
}

export interface CopyResult {
  total: number;
  totalBytes: number;
  copied: number;
  copiedBytes: number;
  skipped: number;
  failed: Array<{ key: string; reason: string }>;
}

export interface Digest {
  size: number;
  sha256: string;
}

/** Size and sha256 of a stream's bytes, optionally written to `file` on the way. */
export async function digestStream(stream: Readable, file?: string): Promise<Digest> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  const count = (chunk: Buffer) => {
    size += chunk.length;
    hash.update(chunk);
  };
  if (file) {
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        count(chunk);
        done(null, chunk);
      },
    });
    await pipeline(stream, counter, fs.createWriteStream(file, { flags: 'wx' }));
  } else {
    for await (const chunk of stream) count(chunk as Buffer);
  }
  return { size, sha256: hash.digest('hex') };
}

/** The object's bytes digested, or null when it is missing. */
async function readDigest(backend: ObjectBackend, key: string): Promise<Digest | null> {
  const stream = await backend.get(key);
  return stream ? digestStream(stream) : null;
}

/** The type a file is served with, from its server-chosen extension. */
export function contentTypeOf(key: string): string {
  const ext = path.extname(key).slice(1).toLowerCase();
  return Object.values(FILE_KINDS).find((k) => k.ext === ext)?.mime ?? 'application/octet-stream';
}

/** Every stored object, in key order (the filesystem backend lists no upload temporaries, no photo inbox). */
export async function listStored(backend: ObjectBackend): Promise<StoredObject[]> {
  const objects: StoredObject[] = [];
  for await (const object of backend.list()) objects.push(object);
  return objects.sort((a, b) => (a.key < b.key ? -1 : 1));
}

export async function copyObjects(options: CopyOptions): Promise<CopyResult> {
  const { source, tempDir } = options;
  await fsp.mkdir(tempDir, { recursive: true });
  const objects = await listStored(source);
  const result: CopyResult = {
    total: objects.length,
    totalBytes: objects.reduce((s, o) => s + o.size, 0),
    copied: 0,
    copiedBytes: 0,
    skipped: 0,
    failed: [],
  };
  const progress = createProgress(result, options);
  let next = 0;
  async function worker() {
    while (next < objects.length) {
      const object = objects[next++]!;
      try {
        if (await alreadyThere(options, object)) {
          result.skipped++;
        } else {
          // Awaited first: `x += await …` would add to the value read before the wait, losing other workers' bytes.
          const size = await copyOne(options, object.key);
          result.copiedBytes += size;
          result.copied++;
        }
      } catch (error) {
        result.failed.push({
          key: object.key,
          reason: error instanceof Error ? error.message : String(error),
        });
      }
      progress.objectDone(object);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  progress.report(true);
  return result;
}

/** Counts the objects done and logs a progress line at most every `progressEveryMs`. */
function createProgress(result: CopyResult, options: CopyOptions) {
  const log = options.log ?? (() => undefined);
  const progressEveryMs = options.progressEveryMs ?? 2000;
  let done = 0;
  let doneBytes = 0;
  let lastProgress = 0;
  function report(force = false) {
    const now = Date.now();
    if (!force && now - lastProgress < progressEveryMs) return;
    lastProgress = now;
    log(
      `file ${done}/${result.total} · ${formatBytes(doneBytes)} di ${formatBytes(result.totalBytes)} · ` +
        `copiati ${result.copied} · già presenti ${result.skipped} · non riusciti ${result.failed.length}`,
    );
  }
  function objectDone(object: StoredObject) {
    done++;
    doneBytes += object.size;
    report();
  }
  return { report, objectDone };
}

/** The target already holds these exact bytes. */
async function alreadyThere(
  { source, target, verifyAll = false }: CopyOptions,
  { key, size }: StoredObject,
): Promise<boolean> {
  const present = await target.head(key);
  if (!present) return false;
  // Going back from a bucket, the sha256 recorded on the way in spares reading the source object.
  const recorded = verifyAll ? undefined : (await source.head(key))?.sha256;
  const wanted = recorded ? { size, sha256: recorded } : await readDigest(source, key);
  if (!wanted || present.size !== wanted.size) return false;
  if (!verifyAll && present.sha256) return present.sha256 === wanted.sha256;
  return (await readDigest(target, key))?.sha256 === wanted.sha256;
}

/** Copies one object through a temporary file and reads it back; returns its size. */
async function copyOne({ source, target, tempDir }: CopyOptions, key: string): Promise<number> {
  const temp = path.join(tempDir, `${crypto.randomUUID()}.part`);
  try {
    const stream = await source.get(key);
    if (!stream) throw new Error('non più presente nella sorgente');
    const local = await digestStream(stream, temp);
    await target.putFile(temp, key, contentTypeOf(key), { sha256: local.sha256 });
    const stored = await readDigest(target, key).catch(() => null);
    if (!stored || stored.size !== local.size || stored.sha256 !== local.sha256) {
      // A bad copy must not stay: its recorded sha256 would let the next run skip it.
      await target.remove(key).catch(() => undefined);
      throw new Error(
        stored
          ? `verifica non riuscita: riletti ${stored.size} byte (sha256 ${stored.sha256.slice(0, 12)}…) invece di ${local.size} (${local.sha256.slice(0, 12)}…)`
          : 'verifica non riuscita: oggetto non rileggibile',
      );
    }
    return local.size;
  } finally {
    await fsp.rm(temp, { force: true });
  }
}
