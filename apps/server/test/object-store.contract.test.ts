import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectBackend, StoredObject } from '../src/lib/object-store/backend.js';
import { createFilesystemBackend } from '../src/lib/object-store/filesystem.js';
import { describeObjectBackend } from './object-backend-contract.js';
import { startTestS3, testS3Backend, type TestS3 } from './s3.js';

/**
 * The storage contract: every backend stores, streams, lists and removes objects the same
 * way, so `Storage` and its callers cannot tell them apart.
 */

/** S3 forbids parts under 5 MiB: the smallest multipart upload there is. */
const PART_SIZE = 5 * 1024 * 1024;

interface Subject {
  backend: ObjectBackend;
  /** A body of this many bytes or more takes the backend's multipart path (where it has one). */
  multipartBytes: number;
  stop(): Promise<void>;
}

async function readAll(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function collect(objects: AsyncIterable<StoredObject>): Promise<StoredObject[]> {
  const all: StoredObject[] = [];
  for await (const o of objects) all.push(o);
  return all.sort((a, b) => a.key.localeCompare(b.key));
}

/** Companies by number, as keys name them: by their uuid. */
const COMPANIES = Array.from({ length: 50 }, () => randomUUID());

/** A key as `Storage` makes them: `<companyId>/<aa>/<bb>/<uuid>[-variant].<ext>`. */
function keyFor(company: number, ext = 'jpg') {
  const id = randomUUID();
  return `${COMPANIES[company]}/${id.slice(0, 2)}/${id.slice(2, 4)}/${id}.${ext}`;
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'gestcava-contract-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function localFile(body: Buffer) {
  const file = join(scratch, randomUUID());
  await writeFile(file, body);
  return file;
}

function contract(name: string, open: () => Promise<Subject>) {
  describe(`object store contract: ${name}`, () => {
    let subject: Subject;
    let backend: ObjectBackend;
    beforeAll(async () => {
      subject = await open();
      backend = subject.backend;
    });
    afterAll(() => subject.stop());

    it('stores a 13-byte buffer and streams back exactly those 13 bytes', async () => {
      const key = keyFor(1, 'txt');
      await backend.putBuffer(key, Buffer.from('Hello, world!'), 'text/plain');
      expect((await readAll(await backend.get(key)))?.toString('utf8')).toBe('Hello, world!');
      expect(await backend.head(key)).toEqual({ size: 13 });
    });

    it('moves a finished local file into the store and removes the local copy', async () => {
      const body = randomBytes(70_000);
      const file = await localFile(body);
      const key = keyFor(1);
      await backend.putFile(file, key, 'image/jpeg');
      expect(existsSync(file)).toBe(false);
      expect((await readAll(await backend.get(key)))?.equals(body)).toBe(true);
      expect(await backend.head(key)).toEqual({ size: 70_000 });
    });

    it('stores a file above the multipart threshold byte for byte', async () => {
      const body = randomBytes(subject.multipartBytes + 13);
      const file = await localFile(body);
      const key = keyFor(2, 'tif');
      await backend.putFile(file, key, 'image/tiff');
      const back = await readAll(await backend.get(key));
      expect(back?.length).toBe(body.length);
      expect(back?.equals(body)).toBe(true);
    });

    it('answers null for a key it does not hold', async () => {
      const key = keyFor(1);
      expect(await backend.get(key)).toBeNull();
      expect(await backend.head(key)).toBeNull();
    });

    it('removes an object, and removing it again is not an error', async () => {
      const key = keyFor(1, 'pdf');
      await backend.putBuffer(key, Buffer.from('%PDF-1.7'), 'application/pdf');
      await backend.remove(key);
      await backend.remove(key);
      expect(await backend.head(key)).toBeNull();
      expect(await backend.get(key)).toBeNull();
    });

    it('lists the objects under a prefix, across pages, and only those', async () => {
      const mine = [keyFor(41), keyFor(41), keyFor(41), keyFor(41, 'png'), keyFor(41, 'png')];
      for (const [i, key] of mine.entries())
        await backend.putBuffer(key, Buffer.alloc(i + 1, 1), 'image/jpeg');
      await backend.putBuffer(keyFor(42), Buffer.from('altra azienda'), 'image/jpeg');

      const listed = await collect(backend.list(`${COMPANIES[41]}/`));
      const expected = mine
        .map((key, i) => ({ key, size: i + 1 }))
        .sort((a, b) => a.key.localeCompare(b.key));
      expect(listed).toEqual(expected);
      // Without a prefix the other company's object is there too.
      expect(
        (await collect(backend.list())).filter((o) => o.key.startsWith(`${COMPANIES[42]}/`)),
      ).toHaveLength(1);
    });

    it('rejects the upload of a local file that is not there, storing nothing', async () => {
      const key = keyFor(1);
      await expect(
        backend.putFile(join(scratch, 'missing.jpg'), key, 'image/jpeg'),
      ).rejects.toThrow();
      expect(await backend.head(key)).toBeNull();
    });
  });
}

contract('filesystem', async () => {
  const root = await mkdtemp(join(tmpdir(), 'gestcava-fs-store-'));
  return {
    backend: createFilesystemBackend(root),
    multipartBytes: PART_SIZE,
    stop: () => rm(root, { recursive: true, force: true }),
  };
});

contract('S3 (s3rver)', async () => {
  const s3 = await startTestS3();
  // Two keys a page: the listing case walks three pages.
  return {
    backend: testS3Backend(s3, { partSizeBytes: PART_SIZE, listPageSize: 2 }),
    multipartBytes: PART_SIZE,
    stop: () => s3.stop(),
  };
});

// The seam's shorter contract (object-backend-contract.ts), on S3 as it runs on the filesystem: a bucket per case.
let shared: TestS3;
beforeAll(async () => {
  shared = await startTestS3('gestcava-seam');
});
afterAll(() => shared.stop());
describeObjectBackend('S3 (s3rver)', async () => {
  const bucket = `case-${randomUUID()}`;
  await shared.createBucket(bucket);
  return testS3Backend(shared, { bucket });
});

describe('S3 backend specifics', () => {
  let s3: TestS3;
  let backend: ObjectBackend;
  beforeAll(async () => {
    s3 = await startTestS3('gestcava-specifics');
    backend = testS3Backend(s3, { partSizeBytes: PART_SIZE });
  });
  afterAll(() => s3.stop());

  it('uploads a body above the part size in parts and a small one in one request', async () => {
    const big = keyFor(3, 'tif');
    const small = keyFor(3);
    await backend.putFile(await localFile(randomBytes(PART_SIZE + 13)), big, 'image/tiff');
    await backend.putFile(await localFile(randomBytes(1000)), small, 'image/jpeg');
    expect(await s3.creation(big)).toBe('ObjectCreated:Post');
    expect(await s3.creation(small)).toBe('ObjectCreated:Put');
  });

  it('gives a presigned URL that plain fetch opens as a download under its name, until it expires', async () => {
    const key = keyFor(1, 'pdf');
    await backend.putBuffer(key, Buffer.from('Verbale di collaudo'), 'application/pdf');
    // The signature's date is whole seconds, so a link lives between ttl − 1 and ttl seconds: 3 s
    // leaves a loaded machine time for the first fetch, 4.1 s later it has surely expired.
    const url = await backend.presignedGetUrl!(key, {
      ttlSeconds: 3,
      downloadName: 'Collaudo n° 7.pdf',
      contentType: 'application/pdf',
    });

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('Verbale di collaudo');
    expect(response.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Collaudo%20n%C2%B0%207.pdf",
    );
    expect(response.headers.get('content-type')).toBe('application/pdf');

    await new Promise((resolve) => setTimeout(resolve, 4_100));
    expect((await fetch(url)).status).toBe(403);
  });

  it('never signs a link for longer than 60 s', async () => {
    const url = new URL(await backend.presignedGetUrl!(keyFor(1), { ttlSeconds: 3600 }));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
  });

  it('rejects an upload into a bucket that was removed, keeps the local file and leaves no object', async () => {
    await s3.createBucket('gestcava-removed');
    const removed = testS3Backend(s3, { bucket: 'gestcava-removed', partSizeBytes: PART_SIZE });
    await s3.deleteBucket('gestcava-removed');
    const small = await localFile(randomBytes(2000));
    const big = await localFile(randomBytes(PART_SIZE + 1));
    await expect(removed.putFile(small, keyFor(1), 'image/jpeg')).rejects.toThrow();
    await expect(removed.putFile(big, keyFor(1, 'tif'), 'image/tiff')).rejects.toThrow();
    expect(existsSync(small) && existsSync(big)).toBe(true);

    await s3.createBucket('gestcava-removed');
    expect(await collect(removed.list())).toEqual([]);
  });

  it('rejects an upload when the endpoint does not answer', async () => {
    const down = testS3Backend(s3, { endpoint: 'http://127.0.0.1:9' });
    const file = await localFile(Buffer.from('foto'));
    await expect(down.putFile(file, keyFor(1), 'image/jpeg')).rejects.toThrow();
    expect(existsSync(file)).toBe(true);
  });

  it('checks the bucket, naming S3_BUCKET when it is missing and S3_ENDPOINT when nothing answers', async () => {
    await expect(backend.check()).resolves.toBeUndefined();
    await expect(testS3Backend(s3, { bucket: 'non-esiste' }).check()).rejects.toThrow(/S3_BUCKET/);
    await expect(testS3Backend(s3, { endpoint: 'http://127.0.0.1:9' }).check()).rejects.toThrow(
      /S3_ENDPOINT/,
    );
  });
});
