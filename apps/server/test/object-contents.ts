import type { ObjectBackend } from '../src/lib/object-store/backend.js';
import type { TestS3 } from './s3.js';

/** An object's bytes, or null when there is none. */
export async function readObject(backend: ObjectBackend, key: string): Promise<Buffer | null> {
  const stream = await backend.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every object of the backend with its bytes. */
export async function objectContents(backend: ObjectBackend): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  for await (const o of backend.list()) found.set(o.key, (await readObject(backend, o.key))!);
  return found;
}

/** The S3_* variables of a command-line tool that should reach `bucket` on the test server. */
export function s3Variables(s3: TestS3, bucket: string): NodeJS.ProcessEnv {
  return {
    S3_BUCKET: bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.options.region,
    S3_ACCESS_KEY_ID: s3.options.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey,
    S3_FORCE_PATH_STYLE: '1',
  };
}
