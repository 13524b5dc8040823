/**
 * The uploaded files of an installation that keeps them in a bucket (STORAGE=s3): the backup packs the
 * bucket's objects into the same uploads.tar.gz a filesystem installation gets (`./uploads/<key>`),
 * streamed from the bucket one object at a time; the restore writes them back through the configured
 * backend. So a backup restores into either kind of storage.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { TarArchive } from 'archiver';
import type { ObjectBackend } from '../../lib/object-store/backend.js';
import { contentTypeOf, digestStream, listStored } from '../storage/copy-objects.js';
import { bilingual } from '../common.js';
import { formatBytes, run } from './files.js';
import { BackupError, UPLOADS_FILE, type BackupManifest, type Logger } from './manifest.js';

/** The bucket's objects as uploads.tar.gz in `dir`; null when there are none. */
export async function archiveObjects(
  backend: ObjectBackend,
  dir: string,
  log: Logger,
): Promise<BackupManifest['uploads']> {
  const objects = await listStored(backend);
  const bytes = objects.reduce((s, o) => s + o.size, 0);
  if (objects.length === 0) return { file: null, files: 0, bytes: 0 };
  log(
    bilingual(
      `Oggetti del bucket: ${objects.length} (${formatBytes(bytes)})…`,
      'archiving the bucket objects',
    ),
  );
  const archive = new TarArchive({ gzip: true });
  const written = pipeline(archive, fs.createWriteStream(path.join(dir, UPLOADS_FILE)));
  const date = new Date();
  try {
    for (const object of objects) {
      const body = await backend.get(object.key);
      if (!body)
        throw new BackupError(
          bilingual(
            `Oggetto sparito durante il backup: ${object.key}`,
            'an object vanished during the backup',
          ),
        );
      // One object at a time: the next download starts once this one is in the archive. A tar entry
      // needs its size up front, which the listing gave (archiver reads it from `stats`).
      await new Promise<void>((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        archive.once('error', onError);
        archive.once('entry', () => {
          archive.off('error', onError);
          resolve();
        });
        archive.append(body, {
          name: `uploads/${object.key}`,
          date,
          mode: 0o644,
          stats: { size: object.size, mode: 0o100644, mtime: date } as fs.Stats,
        });
      });
    }
    await archive.finalize();
    await written;
  } catch (error) {
    archive.abort();
    await written.catch(() => undefined);
    throw error;
  }
  return { file: UPLOADS_FILE, files: objects.length, bytes };
}

/** Whether the bucket holds any stored object. */
export async function hasObjects(backend: ObjectBackend): Promise<boolean> {
  for await (const _object of backend.list()) return true;
  return false;
}

/**
 * Writes the backup's uploads into the bucket and checks each object's size afterwards. Objects
 * already there are overwritten (keys are unique file names, so that is the same file) and none is
 * deleted; the archive is unpacked next to the data first, and each file leaves the disk once stored.
 */
export async function restoreObjects(
  backend: ObjectBackend,
  /** DATA_DIR/uploads: the photo inbox of a filesystem backup goes back there, not into the bucket. */
  inboxParent: string,
  workDir: string,
  backupDir: string,
  uploads: BackupManifest['uploads'],
  log: Logger,
): Promise<void> {
  if (!uploads.file) return;
  log(
    bilingual(
      `Ripristino di ${uploads.files} file caricati nel bucket…`,
      'writing uploaded files into the bucket',
    ),
  );
  await fsp.mkdir(workDir, { recursive: true });
  const tmp = await fsp.mkdtemp(path.join(workDir, '.restore-objects-'));
  try {
    const { root, files } = await unpackUploads(path.join(backupDir, uploads.file), tmp);
    if (files.length !== uploads.files) {
      throw new BackupError(
        bilingual(
          `L'archivio dei file contiene ${files.length} file invece di ${uploads.files}`,
          'the uploads archive is incomplete',
        ),
      );
    }
    const expected = new Map<string, number>();
    for (const file of files) {
      const key = path.relative(root, file).split(path.sep).join('/');
      // A filesystem backup holds DATA_DIR/uploads whole: its photo inbox stays a local folder.
      if (key.startsWith('inbox/')) {
        await fsp.mkdir(path.dirname(path.join(inboxParent, key)), { recursive: true });
        await fsp.rename(file, path.join(inboxParent, key));
        continue;
      }
      const { size, sha256 } = await digestStream(fs.createReadStream(file));
      await backend.putFile(file, key, contentTypeOf(key), { sha256 });
      expected.set(key, size);
    }
    await checkStoredSizes(backend, expected);
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}

/** Unpacks the uploads archive into `tmp`: the folder the keys are relative to, and every file in it. */
async function unpackUploads(archive: string, tmp: string) {
  await run('tar', ['-xzf', archive, '-C', tmp]);
  const root = path.join(tmp, fs.readdirSync(tmp)[0] ?? 'uploads');
  const files = (await fsp.readdir(root, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
  return { root, files };
}

/** Fails when a restored object is missing from the bucket or has another size than its file. */
async function checkStoredSizes(
  backend: ObjectBackend,
  expected: Map<string, number>,
): Promise<void> {
  const wrong: string[] = [];
  for (const [key, size] of expected) {
    const stored = await backend.head(key);
    if (stored?.size !== size)
      wrong.push(`${key}: ${stored ? `${stored.size} byte invece di ${size}` : 'mancante'}`);
  }
  if (wrong.length > 0) {
    throw new BackupError(
      bilingual(
        `Oggetti del bucket diversi dal backup:\n  ${wrong.slice(0, 20).join('\n  ')}`,
        'restored objects differ from the backup',
      ),
    );
  }
}
