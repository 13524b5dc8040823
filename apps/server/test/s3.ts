import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { createS3Backend, type S3BackendOptions } from '../src/lib/object-store/s3.js';

/** s3rver's built-in account. */
const S3RVER_KEY = 'S3RVER';

export interface TestS3 {
  /** What `createS3Backend` needs to reach the test bucket (also the S3_* variables for an app). */
  options: S3BackendOptions;
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server for one test file (issue 28): s3rver in-process on a free port, its
 * objects in a temporary directory removed on stop, one bucket made ahead.
 */
export async function startTestS3(bucket = 'gestcava-test'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'gestcava-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    options: { bucket, endpoint, region: 'us-east-1', accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY, forcePathStyle: true },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A backend on the test server, with the optional knobs (small part size, small list pages). */
export function testS3Backend(s3: TestS3, extra: Partial<S3BackendOptions> = {}) {
  return createS3Backend({ ...s3.options, ...extra });
}
