/**
 * `npm run storage:migrate`: an installation's files move from DATA_DIR/uploads into a
 * bucket (s3rver) and back, each verified by size and sha256; a re-run skips what is there, an
 * interrupted run completes when run again, a damaged object is found and copied again.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ObjectBackend } from '../src/lib/object-store/backend.js';
import { createFilesystemBackend } from '../src/lib/object-store/filesystem.js';
import { copyObjects } from '../src/cli/storage/copy-objects.js';
import { objectContents, readObject, s3Variables } from './object-contents.js';
import { startTestS3, testS3Backend, type TestS3 } from './s3.js';

const execFileAsync = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const COMPANIES = ['0190f3a1-0000-7000-8000-00000000000a', '0190f3a1-0000-7000-8000-00000000000b'];
const FILES = 300;

const tempDirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** A key as Storage makes it: `<companyId>/<aa>/<bb>/<uuid>[-variant].<ext>`. */
function key(i: number): string {
  const id = `0190f3a1-${String(i).padStart(4, '0')}-7000-8000-000000000000`;
  const hash = crypto.createHash('sha1').update(id).digest('hex');
  const variant = i % 3 === 1 ? '-thumb' : '';
  return `${COMPANIES[i % 2]}/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${id}${variant}.${i % 3 === 1 ? 'webp' : 'jpg'}`;
}

/** 300 files of 1…300 bytes (45 150 bytes in all), an upload in progress and a photo in the inbox. */
function writeInstallation(uploadsDir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (let i = 0; i < FILES; i++) {
    const data = crypto.randomBytes(i + 1);
    const file = path.join(uploadsDir, key(i));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, data);
    files.set(key(i), data);
  }
  fs.mkdirSync(path.join(uploadsDir, 'tmp'), { recursive: true });
  fs.writeFileSync(path.join(uploadsDir, 'tmp', 'a.part'), 'in corso');
  fs.mkdirSync(path.join(uploadsDir, 'inbox', COMPANIES[0]!, 'blocco', 'B-1'), { recursive: true });
  fs.writeFileSync(
    path.join(uploadsDir, 'inbox', COMPANIES[0]!, 'blocco', 'B-1', 'foto.jpg'),
    'da importare',
  );
  return files;
}

/** The backend with its reads counted and, optionally, its uploads failing after the first `failAfter`. */
function instrumented(backend: ObjectBackend, failAfter = Infinity) {
  const counts = { gets: 0, puts: 0 };
  const wrapped: ObjectBackend = {
    ...backend,
    get: (k) => {
      counts.gets++;
      return backend.get(k);
    },
    putFile: async (localPath, k, contentType, options) => {
      if (++counts.puts > failAfter) throw new Error('connessione con il bucket interrotta');
      return backend.putFile(localPath, k, contentType, options);
    },
  };
  return { backend: wrapped, counts };
}

afterAll(() => {
  for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('storage:migrate', { timeout: 240_000 }, () => {
  let s3: TestS3;
  let dataDir: string;
  let local: ObjectBackend;
  let files: Map<string, Buffer>;

  beforeAll(async () => {
    s3 = await startTestS3('gestcava-migrate');
    dataDir = tempDir('gestcava-migrate-');
    files = writeInstallation(path.join(dataDir, 'uploads'));
    local = createFilesystemBackend(path.join(dataDir, 'uploads'));
  });
  afterAll(() => s3?.stop());

  /** A new, empty bucket on the same server: a backend for it on each call. */
  async function freshBucket(name: string) {
    await s3.createBucket(name);
    return () => testS3Backend(s3, { bucket: name });
  }

  const migrate = (
    source: ObjectBackend,
    target: ObjectBackend,
    extra: { verifyAll?: boolean } = {},
  ) => copyObjects({ source, target, tempDir: path.join(dataDir, '.storage-migrate'), ...extra });

  test('copies every stored file into the bucket, verified, and leaves the local files in place', async () => {
    const lines: string[] = [];
    const result = await copyObjects({
      source: local,
      target: testS3Backend(s3),
      tempDir: path.join(dataDir, '.storage-migrate'),
      log: (line) => lines.push(line),
    });
    expect(result).toMatchObject({
      total: 300,
      totalBytes: 45_150,
      copied: 300,
      copiedBytes: 45_150,
      skipped: 0,
      failed: [],
    });
    expect(lines.at(-1)).toBe(
      'file 300/300 · 44.1 KB di 44.1 KB · copiati 300 · già presenti 0 · non riusciti 0',
    );

    const inBucket = await objectContents(testS3Backend(s3));
    expect([...inBucket.keys()].sort()).toEqual([...files.keys()].sort()); // no tmp/, no inbox/
    for (const [k, data] of files) expect(inBucket.get(k)!.equals(data), k).toBe(true);
    expect(await testS3Backend(s3).head(key(7))).toEqual({
      size: 8,
      sha256: crypto
        .createHash('sha256')
        .update(files.get(key(7))!)
        .digest('hex'),
    });
    for (const [k, data] of files)
      expect(fs.readFileSync(path.join(dataDir, 'uploads', k)).equals(data)).toBe(true);
    expect(
      fs.existsSync(
        path.join(dataDir, 'uploads', 'inbox', COMPANIES[0]!, 'blocco', 'B-1', 'foto.jpg'),
      ),
    ).toBe(true);
  });

  test('a second run skips every file without downloading any object', async () => {
    const bucket = instrumented(testS3Backend(s3));
    const result = await migrate(local, bucket.backend);
    expect(result).toMatchObject({ total: 300, copied: 0, skipped: 300, failed: [] });
    expect(bucket.counts).toEqual({ gets: 0, puts: 0 });
  });

  test('a run that fails midway completes when run again', async () => {
    const fresh = await freshBucket('gestcava-migrate-interrupted');
    const broken = instrumented(fresh(), 120);
    const first = await migrate(local, broken.backend);
    expect(first).toMatchObject({ copied: 120, skipped: 0 });
    expect(first.failed).toHaveLength(180);
    expect(first.failed[0]!.reason).toBe('connessione con il bucket interrotta');

    const second = await migrate(local, fresh());
    expect(second).toMatchObject({ copied: 180, skipped: 120, failed: [] });
    const inBucket = await objectContents(fresh());
    expect(inBucket.size).toBe(300);
    for (const [k, data] of files) expect(inBucket.get(k)!.equals(data), k).toBe(true);
  });

  test('a short or overwritten object is found and copied again; --verify also finds one with a forged checksum', async () => {
    const bucket = testS3Backend(s3);
    const short = key(10); // 11 bytes
    const overwritten = key(20); // 21 bytes, same size, other bytes, no recorded checksum
    const forged = key(30); // 31 bytes, other bytes under the original's checksum
    await bucket.putBuffer(short, files.get(short)!.subarray(0, 5), 'image/jpeg');
    await bucket.putBuffer(overwritten, crypto.randomBytes(21), 'image/jpeg');
    const forgedFile = path.join(tempDir('gestcava-forged-'), 'x');
    fs.writeFileSync(forgedFile, crypto.randomBytes(31));
    const originalSha = crypto.createHash('sha256').update(files.get(forged)!).digest('hex');
    await bucket.putFile(forgedFile, forged, 'image/jpeg', { sha256: originalSha });

    const quick = await migrate(local, bucket);
    expect(quick).toMatchObject({ copied: 2, skipped: 298, failed: [] });
    expect((await readObject(bucket, short))!.equals(files.get(short)!)).toBe(true);
    expect((await readObject(bucket, overwritten))!.equals(files.get(overwritten)!)).toBe(true);
    expect((await readObject(bucket, forged))!.equals(files.get(forged)!)).toBe(false);

    const thorough = await migrate(local, bucket, { verifyAll: true });
    expect(thorough).toMatchObject({ copied: 1, skipped: 299, failed: [] });
    expect((await readObject(bucket, forged))!.equals(files.get(forged)!)).toBe(true);
  });

  test('a copy that reads back wrong is reported and removed, so the next run copies it again', async () => {
    const fresh = await freshBucket('gestcava-migrate-readback');
    const real = fresh();
    const bad = key(5);
    const lying: ObjectBackend = {
      ...real,
      get: async (k) => (k === bad ? Readable.from([Buffer.from('xyz')]) : real.get(k)),
    };
    const result = await migrate(local, lying);
    expect(result).toMatchObject({ copied: 299, skipped: 0 });
    expect(result.failed).toEqual([
      { key: bad, reason: expect.stringMatching(/^verifica non riuscita: riletti 3 byte/) },
    ]);
    expect(await real.head(bad)).toBeNull();
    expect(await migrate(local, real)).toMatchObject({ copied: 1, skipped: 299, failed: [] });
  });

  test('--to filesystem brings the bucket back into an empty uploads folder', async () => {
    const backDir = tempDir('gestcava-back-');
    const back = createFilesystemBackend(path.join(backDir, 'uploads'));
    const result = await copyObjects({
      source: testS3Backend(s3),
      target: back,
      tempDir: path.join(backDir, '.storage-migrate'),
    });
    expect(result).toMatchObject({ total: 300, copied: 300, failed: [] });
    for (const [k, data] of files)
      expect(fs.readFileSync(path.join(backDir, 'uploads', k)).equals(data), k).toBe(true);
    const again = await copyObjects({
      source: testS3Backend(s3),
      target: back,
      tempDir: path.join(backDir, '.storage-migrate'),
    });
    expect(again).toMatchObject({ copied: 0, skipped: 300, failed: [] });
  });

  test('npm run storage:migrate -- --to s3 works without STORAGE=s3, and a missing bucket names S3_BUCKET', async () => {
    const bucket = 'gestcava-migrate-cli';
    const fresh = await freshBucket(bucket);
    const cliDir = tempDir('gestcava-migrate-cli-');
    fs.mkdirSync(path.join(cliDir, 'uploads', key(1).replace(/\/[^/]+$/, '')), { recursive: true });
    fs.writeFileSync(path.join(cliDir, 'uploads', key(1)), 'ventidue byte di prova');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: cliDir,
      INIT_CWD: '',
      STORAGE: '',
      ...s3Variables(s3, bucket),
    };
    const tsx = path.resolve(SERVER_DIR, '../../node_modules/.bin/tsx');
    const run = await execFileAsync(tsx, ['src/cli/storage-migrate.ts', '--to', 's3'], {
      cwd: SERVER_DIR,
      env,
    });
    expect(run.stdout).toMatch(
      /1 file \(22 B\): copiati e verificati 1 \(22 B\), già presenti e uguali 0, non riusciti 0/,
    );
    expect(run.stdout).toMatch(/non sono stati cancellati/);
    expect(run.stdout).toMatch(/imposta STORAGE=s3/);
    expect((await readObject(fresh(), key(1)))!.toString()).toBe('ventidue byte di prova');
    expect(fs.existsSync(path.join(cliDir, '.storage-migrate'))).toBe(false);

    await expect(
      execFileAsync(tsx, ['src/cli/storage-migrate.ts', '--to', 's3'], {
        cwd: SERVER_DIR,
        env: { ...env, S3_BUCKET: 'non-esiste' },
      }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/S3_BUCKET/) });
  });
});
