/**
 * Backup and restore with STORAGE=s3: the backup packs the bucket's objects, streamed, into
 * the backup's uploads archive, and the restore writes them back through the bucket, byte for byte.
 * The database side is the drill of backup.test.ts; here PGlite, as the object part does not depend
 * on the database engine.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createBackup } from '../src/cli/backup/create.js';
import type { DataLocation } from '../src/cli/backup/manifest.js';
import { restoreBackup } from '../src/cli/backup/restore.js';
import { companies } from '../src/db/schema/index.js';
import { onPostgres, pgliteInDataDir } from './database.js';
import { objectContents, s3Variables } from './object-contents.js';
import { startTestS3, testS3Backend, type TestS3 } from './s3.js';

const execFileAsync = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const COMPANY = '0190f3a1-0000-7000-8000-0000000000c1';
const MIB = 1024 * 1024;

const tempDirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

const location = (dataDir: string): DataLocation => ({
  dataDir,
  pgliteDir: path.join(dataDir, 'pgdata'),
  uploadsDir: path.join(dataDir, 'uploads'),
});

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** A DATA_DIR with a migrated PGlite holding one company. */
async function dataDirWithDatabase(prefix: string): Promise<string> {
  const dir = tempDir(prefix);
  const database = await pgliteInDataDir(dir);
  await database.db.insert(companies).values({ name: 'Marmi nel Bucket S.r.l.' });
  await database.close();
  return dir;
}

describe.skipIf(onPostgres())('backup and restore with STORAGE=s3', { timeout: 120_000 }, () => {
  let s3: TestS3;
  let sourceDir: string;
  let backupPath: string;
  // A multipart object (over the 5 MiB part size), a small one and a variant.
  const files: Record<string, Buffer> = {
    [`${COMPANY}/ab/cd/0190f3a1-0001-7000-8000-000000000000.jpg`]: crypto.randomBytes(6 * MIB + 3),
    [`${COMPANY}/ab/ef/0190f3a1-0002-7000-8000-000000000000.png`]: crypto.randomBytes(1234),
    [`${COMPANY}/01/23/0190f3a1-0003-7000-8000-000000000000-thumb.webp`]:
      Buffer.from('RIFF....WEBP'),
  };
  const bucket = (name: string) => testS3Backend(s3, { bucket: name, partSizeBytes: 5 * MIB });

  beforeAll(async () => {
    s3 = await startTestS3('gestcava-files');
  });
  afterAll(async () => {
    await s3?.stop();
    for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
  });

  test('the backup holds the bucket objects; restored into an empty bucket they are the same bytes', async () => {
    sourceDir = await dataDirWithDatabase('gestcava-s3-backup-src-');
    const source = bucket('gestcava-files');
    for (const [key, data] of Object.entries(files))
      await source.putBuffer(key, data, 'image/jpeg');
    // With STORAGE=s3 a stray local file is not an uploaded file.
    fs.mkdirSync(path.join(sourceDir, 'uploads', COMPANY), { recursive: true });
    fs.writeFileSync(path.join(sourceDir, 'uploads', COMPANY, 'vecchio.jpg'), 'locale');

    const backup = await createBackup({
      location: { ...location(sourceDir), objects: source },
      out: tempDir('gestcava-s3-out-'),
    });
    backupPath = backup.path;
    expect(backup.manifest.uploads).toEqual({
      file: 'uploads.tar.gz',
      files: 3,
      bytes: 6 * MIB + 3 + 1234 + 12,
      storage: 's3',
    });

    await s3.createBucket('gestcava-restored');
    const target = bucket('gestcava-restored');
    await restoreBackup({
      location: { ...location(tempDir('gestcava-s3-restore-')), objects: target },
      from: backup.path,
    });
    const restored = await objectContents(target);
    expect([...restored.keys()].sort()).toEqual(Object.keys(files).sort());
    for (const [key, data] of Object.entries(files))
      expect(restored.get(key)!.equals(data), key).toBe(true);
    // Written with its checksum, so storage:migrate --to filesystem needs no second read of the bucket.
    const png = Object.keys(files)[1]!;
    expect(await target.head(png)).toEqual({ size: 1234, sha256: sha256(files[png]!) });
  });

  test('a bucket with objects is refused without --force; with it, nothing in the bucket is deleted', async () => {
    const target = bucket('gestcava-restored');
    const extra = `${COMPANY}/99/99/0190f3a1-0009-7000-8000-000000000000.jpg`;
    await target.putBuffer(extra, Buffer.from('caricato dopo il backup'), 'image/jpeg');

    await expect(
      restoreBackup({
        location: { ...location(tempDir('gestcava-s3-refuse-')), objects: target },
        from: backupPath,
      }),
    ).rejects.toThrow(/Il bucket contiene già dei dati.*--force/s);

    await restoreBackup({
      location: { ...location(tempDir('gestcava-s3-force-')), objects: target },
      from: backupPath,
      force: true,
    });
    const after = await objectContents(target);
    expect(after.get(extra)!.toString()).toBe('caricato dopo il backup');
    for (const [key, data] of Object.entries(files))
      expect(after.get(key)!.equals(data), key).toBe(true);
  });

  test('a filesystem backup restores into a bucket; its photo inbox stays a local folder', async () => {
    const fsDir = await dataDirWithDatabase('gestcava-fs-backup-src-');
    const key = `${COMPANY}/12/34/0190f3a1-0004-7000-8000-000000000000.jpg`;
    const inboxPhoto = path.join('inbox', COMPANY, 'blocco', 'B-12', 'fronte.jpg');
    for (const [rel, text] of [
      [key, 'foto archiviata'],
      [inboxPhoto, 'foto da importare'],
    ] as const) {
      fs.mkdirSync(path.dirname(path.join(fsDir, 'uploads', rel)), { recursive: true });
      fs.writeFileSync(path.join(fsDir, 'uploads', rel), text);
    }
    const backup = await createBackup({
      location: location(fsDir),
      out: tempDir('gestcava-fs-out-'),
    });
    expect(backup.manifest.uploads).toMatchObject({ files: 2, bytes: 15 + 17 });

    await s3.createBucket('gestcava-from-filesystem');
    const target = bucket('gestcava-from-filesystem');
    const targetDir = tempDir('gestcava-fs-to-s3-');
    await restoreBackup({
      location: { ...location(targetDir), objects: target },
      from: backup.path,
    });
    const inBucket = await objectContents(target);
    expect([...inBucket.keys()]).toEqual([key]);
    expect(inBucket.get(key)!.toString()).toBe('foto archiviata');
    expect(fs.readFileSync(path.join(targetDir, 'uploads', inboxPhoto), 'utf8')).toBe(
      'foto da importare',
    );
  });

  test('npm run backup with STORAGE=s3 archives the bucket named by the S3_* variables', async () => {
    const tsx = path.resolve(SERVER_DIR, '../../node_modules/.bin/tsx');
    const out = tempDir('gestcava-s3-cli-out-');
    const variables = {
      DATA_DIR: sourceDir,
      INIT_CWD: '',
      STORAGE: 's3',
      ...s3Variables(s3, 'gestcava-files'),
    };
    // DATABASE_URL empty is unset: the PGlite of DATA_DIR, whatever the run's environment says.
    const env = { ...process.env, DATABASE_URL: '', ...variables };
    const { stdout } = await execFileAsync(tsx, ['src/cli/backup.ts', '--out', out], {
      cwd: SERVER_DIR,
      env,
    });
    expect(stdout).toMatch(/file caricati \(dal bucket\): 3 \(6\.0 MB\)/);
  });
});
