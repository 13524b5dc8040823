import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { CreateBucketCommand, DeleteBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { createS3Backend, type S3BackendOptions } from '../src/lib/object-store/s3.js';

/** s3rver's built-in account. */
const S3RVER_KEY = 'S3RVER';

export interface TestS3 {
  /** What `createS3Backend` needs to reach the test bucket (also the S3_* variables for an app). */
  options: S3BackendOptions;
  endpoint: string;
  /** The server's variables for the test bucket (STORAGE=s3 and the S3_* ones), with `extra` on top. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** How the object under `key` was created: `ObjectCreated:Put` (one request) or `ObjectCreated:Post` (multipart). */
  creation(key: string): Promise<string | undefined>;
  createBucket(name: string): Promise<void>;
  deleteBucket(name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server for one test file: s3rver on a free port (a child process,
 * see s3rver-process.mjs for why), its objects in a temporary directory removed on stop, one bucket
 * made ahead. It also stops when the test process ends without stop(): its stdin closes then.
 */
export async function startTestS3(bucket = 'gestcava-test'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'gestcava-s3-'));
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      join(import.meta.dirname, 's3rver-process.mjs'),
      directory,
      bucket,
    ],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const creations = new Map<string, string>();
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver terminato (codice ${code})`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as { port?: number; event?: string; key?: string };
      if (message.port) resolve(message.port);
      if (message.key && message.event) creations.set(message.key, message.event);
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const options: S3BackendOptions = {
    bucket,
    endpoint,
    region: 'us-east-1',
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    forcePathStyle: true,
  };
  const admin = new S3Client({
    ...options,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
  });
  return {
    endpoint,
    options,
    env: (extra = {}) => ({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: '1',
      ...extra,
    }),
    async creation(key) {
      // The event line and the HTTP answer travel separately: give the line a moment.
      for (let i = 0; i < 50 && !creations.has(key); i++)
        await new Promise((r) => setTimeout(r, 20));
      return creations.get(key);
    },
    async createBucket(name) {
      await admin.send(new CreateBucketCommand({ Bucket: name }));
    },
    async deleteBucket(name) {
      await admin.send(new DeleteBucketCommand({ Bucket: name }));
    },
    async stop() {
      admin.destroy();
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A backend on the test server, with the optional knobs (small part size, small list pages). */
export function testS3Backend(s3: TestS3, extra: Partial<S3BackendOptions> = {}) {
  return createS3Backend({ ...s3.options, ...extra });
}

let shared: Promise<TestS3> | undefined;

/**
 * TEST_STORAGE_BACKEND=./s3.ts (test/helpers.ts): every test app of a run stores in a bucket of its
 * own on one s3rver per test process, so a suite written for the filesystem runs on S3 unchanged.
 */
export async function createTestBackend() {
  shared ??= startTestS3();
  const s3 = await shared;
  const bucket = `app-${randomUUID()}`;
  await s3.createBucket(bucket);
  return testS3Backend(s3, { bucket });
}
