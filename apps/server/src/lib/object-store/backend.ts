import type { Readable } from 'node:stream';

/** One stored object as a listing shows it. */
export interface StoredObject {
  key: string;
  size: number;
}

export interface PresignOptions {
  /** At most 60 s: the app has already checked the permission, the link only carries the bytes. */
  ttlSeconds: number;
  /** Served as an attachment with this file name. */
  downloadName?: string;
  contentType?: string;
}

/** What a store may record beside the bytes (S3: user metadata `x-amz-meta-sha256`; the filesystem keeps none). */
export interface PutOptions {
  /** The bytes' sha256 (hex), read back by `head`: `storage:migrate` skips an object already copied
   *  without reading it again. */
  sha256?: string;
}

/**
 * Where the bytes of stored files live (docs/architecture.md "Module pattern"): the local filesystem (default) or an
 * S3-compatible bucket. Keys are chosen by the server (`<companyId>/<aa>/<bb>/<uuid>[-variant].<ext>`)
 * and validated by `Storage` before they reach a backend; signing, placement (docs/quality.md R7) and
 * temporary upload files stay in `Storage`, the same for both backends.
 */
export interface ObjectBackend {
  readonly kind: 'filesystem' | 's3';
  /** Stores a finished local file under `key` and removes the local file (filesystem: a rename; S3: a
   *  streamed upload, multipart above a threshold). Rejects — leaving no object — when the store fails. */
  putFile(localPath: string, key: string, contentType: string, options?: PutOptions): Promise<void>;
  putBuffer(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object's bytes as a stream, or null when there is no such object. */
  get(key: string): Promise<Readable | null>;
  /** Size of the object (and the sha256 recorded at put, when the store keeps it), or null when there is no such object. */
  head(key: string): Promise<{ size: number; sha256?: string } | null>;
  /** Removes the object; a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (all objects without one), in pages under the hood. */
  list(prefix?: string): AsyncIterable<StoredObject>;
  /** S3 only: a presigned GET URL (S3_PRESIGNED=1), given after the app's own permission check. */
  presignedGetUrl?(key: string, options: PresignOptions): Promise<string>;
  /** Readiness: resolves when the backend answers (the bucket exists and is reachable), throws otherwise. */
  check(): Promise<void>;
}
