import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from '../downloads.js';
import type { ObjectBackend, PresignOptions, StoredObject } from './backend.js';

export interface S3BackendOptions {
  bucket: string;
  /** Empty/undefined for AWS itself; the URL of MinIO, R2, Garage, s3rver… otherwise. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (most self-hosted servers need it). */
  forcePathStyle: boolean;
  /** Bytes per multipart part, and so the size above which an upload is multipart. S3 allows no part
   *  under 5 MiB; the default keeps at most queueSize × partSize bytes of one upload in memory. */
  partSizeBytes?: number;
  /** Keys per ListObjectsV2 page (S3 caps it at 1000); tests lower it to walk several pages. */
  listPageSize?: number;
}

/** A presigned link never outlives this, whatever the caller asks. */
export const PRESIGNED_MAX_TTL_SECONDS = 60;
const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const UPLOAD_QUEUE_SIZE = 2;

/** The SDK's error shapes: a named service error and/or the HTTP status in `$metadata`. */
function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** What every operation on the bucket shares. */
interface S3Context {
  client: S3Client;
  bucket: string;
  options: S3BackendOptions;
}

export function createS3Backend(options: S3BackendOptions): ObjectBackend {
  const { bucket } = options;
  const ctx: S3Context = { client: createClient(options), bucket, options };
  return {
    kind: 's3',
    putFile: (localPath, key, contentType, putOptions) =>
      putFile(ctx, localPath, key, contentType, putOptions?.sha256),
    async putBuffer(key, data, contentType) {
      await ctx.client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: data,
          ContentLength: data.length,
          ContentType: contentType,
        }),
      );
    },
    get: (key) => getObject(ctx, key),
    head: (key) => headObject(ctx, key),
    async remove(key) {
      // S3 answers 204 for a missing key too, so this is idempotent as the interface asks.
      await ctx.client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    list: (prefix?: string) => listObjects(ctx, prefix),
    presignedGetUrl: (key: string, presign: PresignOptions) => presignGet(ctx, key, presign),
    async check() {
      try {
        await ctx.client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw checkError(error, options);
      }
    },
  };
}

function createClient(options: S3BackendOptions): S3Client {
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint || undefined,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Without these the SDK streams bodies with aws-chunked framing plus a trailing checksum, and
    // some S3-compatible servers (s3rver among them) store the framing: 13 bytes become 54.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable endpoint must fail start-up and readiness in seconds, not hang on a dead socket.
    requestHandler: { connectionTimeout: 5_000 },
  });
}

async function putFile(
  ctx: S3Context,
  localPath: string,
  key: string,
  contentType: string,
  sha256?: string,
) {
  const { size } = await stat(localPath);
  const body = createReadStream(localPath);
  try {
    await upload(ctx, { key, body, contentLength: size, contentType, sha256 });
  } finally {
    body.destroy();
  }
  // Only now: a failed upload leaves the local file for the caller to retry or clean up.
  await unlink(localPath);
}

async function upload(
  { client, bucket, options }: S3Context,
  object: {
    key: string;
    body: Readable | Buffer;
    contentLength: number;
    contentType: string;
    sha256?: string;
  },
) {
  const upload = new Upload({
    client,
    params: {
      Bucket: bucket,
      Key: object.key,
      Body: object.body,
      ContentLength: object.contentLength,
      ContentType: object.contentType,
      // x-amz-meta-sha256: what `head` gives back, so storage:migrate skips a copied object without reading it.
      Metadata: object.sha256 ? { sha256: object.sha256 } : undefined,
    },
    partSize: options.partSizeBytes ?? DEFAULT_PART_SIZE,
    queueSize: UPLOAD_QUEUE_SIZE,
    // The default, spelled out: a failed multipart upload is aborted, so its parts do not linger.
    leavePartsOnError: false,
  });
  await upload.done();
}

async function getObject({ client, bucket }: S3Context, key: string) {
  try {
    const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return result.Body as Readable;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

async function headObject({ client, bucket }: S3Context, key: string) {
  try {
    const result = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    const sha256 = result.Metadata?.sha256;
    return sha256
      ? { size: result.ContentLength ?? 0, sha256 }
      : { size: result.ContentLength ?? 0 };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

async function* listObjects(
  { client, bucket, options }: S3Context,
  prefix?: string,
): AsyncIterable<StoredObject> {
  const pages = paginateListObjectsV2(
    { client, pageSize: options.listPageSize },
    { Bucket: bucket, Prefix: prefix || undefined },
  );
  for await (const page of pages) {
    for (const object of page.Contents ?? []) {
      if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
    }
  }
}

function presignGet({ client, bucket }: S3Context, key: string, presign: PresignOptions) {
  const command = new GetObjectCommand({
    Bucket: bucket,
    Key: key,
    ResponseContentDisposition: presign.downloadName
      ? contentDisposition('attachment', presign.downloadName)
      : undefined,
    ResponseContentType: presign.contentType,
  });
  const expiresIn = Math.max(
    1,
    Math.min(Math.floor(presign.ttlSeconds), PRESIGNED_MAX_TTL_SECONDS),
  );
  return getSignedUrl(client, command, { expiresIn });
}

/** Start-up and readiness errors name the variable to fix. */
function checkError(error: unknown, options: S3BackendOptions): Error {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number }; message?: string };
  const status = e?.$metadata?.httpStatusCode;
  const where = options.endpoint || `AWS S3 (${options.region})`;
  let message: string;
  if (isNotFound(error) || e?.name === 'NoSuchBucket') {
    message = `Il bucket "${options.bucket}" non esiste su ${where}: controllare S3_BUCKET (e S3_REGION).`;
  } else if (status === 301) {
    // AWS answers a bucket asked for in the wrong region with a redirect.
    message = `Il bucket "${options.bucket}" è in un'altra regione di ${where}: controllare S3_REGION.`;
  } else if (status === 403 || status === 401) {
    message = `Accesso negato al bucket "${options.bucket}" su ${where}: controllare S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY.`;
  } else if (status === undefined) {
    // No HTTP answer at all: refused, unknown host, timeout.
    message = `Archivio S3 non raggiungibile a ${where}: controllare S3_ENDPOINT (${e?.message ?? String(error)}).`;
  } else {
    message = `Il bucket "${options.bucket}" su ${where} risponde con errore ${status}: controllare S3_ENDPOINT e S3_BUCKET.`;
  }
  return new Error(message, { cause: error });
}
