import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { AppError } from './app-error.js';
import type { Storage } from './storage.js';

/** Types the project accepts, recognised by their bytes, never by name or declared type. */
export const FILE_KINDS = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg', label: 'JPEG' },
  png: { mime: 'image/png', ext: 'png', label: 'PNG' },
  webp: { mime: 'image/webp', ext: 'webp', label: 'WebP' },
  pdf: { mime: 'application/pdf', ext: 'pdf', label: 'PDF' },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ext: 'docx',
    label: 'Word',
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ext: 'xlsx',
    label: 'Excel',
  },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ext: 'pptx',
    label: 'PowerPoint',
  },
  xml: { mime: 'application/xml', ext: 'xml', label: 'XML' },
} as const;
export type FileKind = keyof typeof FILE_KINDS;
export const IMAGE_KINDS: FileKind[] = ['jpeg', 'png', 'webp'];

export interface ReceivedFile {
  tempPath: string;
  size: number;
  sha256: string;
  kind: FileKind;
  mime: string;
  ext: string;
  originalName: string;
}

export interface ReceiveOptions {
  allowed: readonly FileKind[];
  maxBytes: number;
  /** A caller's own wording (the photos' fixed messages, docs/api.md "Errors"). */
  messages?: { tooLarge?: string; unsupported?: string; heic?: string };
}

const HEIF = new Set([
  'image/heic',
  'image/heif',
  'image/heic-sequence',
  'image/heif-sequence',
  'image/avif',
]);

function describe(allowed: readonly FileKind[]) {
  return allowed.map((k) => FILE_KINDS[k].label).join(', ');
}

/**
 * Bidirectional-text controls (LRE…RLO, LRI…PDI, LRM, RLM, ALM) let "foto\u202Efdp.jpg" show as
 * "fotogpj.pdf": a name is stored and shown without them.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;
const withoutBidiControls = (name: string) => name.replace(BIDI_CONTROLS, '');

/**
 * The one way an uploaded file enters the system (docs/architecture.md "Module pattern"): streamed to a temporary file while
 * hashing, refused past its size, checked by its bytes against an allowlist. The caller moves it into
 * storage (`storage.put`) or removes it; on any failure here nothing is left behind.
 */
function receiveFile(
  storage: Storage,
  part: MultipartFile,
  options: ReceiveOptions,
): Promise<ReceivedFile> {
  return receiveStream(storage, part.file, part.filename, options);
}

/** The same checks for a file that arrives another way (the photo inbox). */
export async function receiveStream(
  storage: Storage,
  source: Readable & { truncated?: boolean },
  originalName: string,
  options: ReceiveOptions,
): Promise<ReceivedFile> {
  const tempPath = storage.tempPath();
  const tooLarge =
    options.messages?.tooLarge ??
    `File troppo grande: al massimo ${Math.round(options.maxBytes / 1_048_576)} MB`;
  const hash = crypto.createHash('sha256');
  let size = 0;
  try {
    await pipeline(
      source,
      new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > options.maxBytes) {
            done(new AppError('PAYLOAD_TOO_LARGE', tooLarge));
            return;
          }
          hash.update(chunk);
          done(null, chunk);
        },
      }),
      fs.createWriteStream(tempPath, { flags: 'wx' }),
    );
    if (source.truncated) {
      throw new AppError('PAYLOAD_TOO_LARGE', tooLarge);
    }
    if (size === 0) throw new AppError('VALIDATION', 'Il file è vuoto');
    const detected = await fileTypeFromFile(tempPath);
    const kind = options.allowed.find((k) => FILE_KINDS[k].mime === detected?.mime);
    if (!kind) {
      const heic = detected && HEIF.has(detected.mime) ? options.messages?.heic : undefined;
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        heic ??
          options.messages?.unsupported ??
          `Formato del file non supportato: sono accettati ${describe(options.allowed)}`,
      );
    }
    return {
      tempPath,
      size,
      sha256: hash.digest('hex'),
      kind,
      mime: FILE_KINDS[kind].mime,
      ext: FILE_KINDS[kind].ext,
      originalName: withoutBidiControls(originalName),
    };
  } catch (error) {
    await fsp.rm(tempPath, { force: true });
    // Drain what the client still sends so the connection can answer.
    source.resume();
    throw error;
  }
}

export interface MultipartOptions extends ReceiveOptions {
  /** The form field that carries the files; a file in another field is drained and skipped. */
  fileField: string;
  maxFiles: number;
  /** The answer when more than `maxFiles` files arrive. */
  tooManyFiles: () => AppError;
  /** Refuses a file in another field instead of skipping it. */
  strayFile?: (fieldname: string) => AppError;
  /** Runs before each file is received, with the fields read so far: a caller refuses early, not after 25 MB. */
  beforeFile?: (fields: Record<string, string>) => Promise<void>;
}

export interface MultipartForm {
  fields: Record<string, string>;
  /** Temporary files: the caller commits them to storage or removes them (`discardFiles`). */
  files: ReceivedFile[];
}

/**
 * The one way a multipart form is read (chat, photos, company logo): text fields collected, the
 * files received one by one through `receiveFile`. On any failure the files received so far are
 * removed before the error goes on.
 */
export async function readMultipart(
  request: FastifyRequest,
  storage: Storage,
  options: MultipartOptions,
): Promise<MultipartForm> {
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  // One file more than allowed gets through busboy, so the caller's own message answers it.
  const parts = request.parts({
    limits: {
      fileSize: options.maxBytes + 1,
      files: options.maxFiles + 1,
      fields: 10,
      parts: options.maxFiles + 11,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== options.fileField) {
        part.file.resume();
        if (options.strayFile) throw options.strayFile(part.fieldname);
        continue;
      }
      if (files.length >= options.maxFiles) {
        part.file.resume();
        throw options.tooManyFiles();
      }
      await options.beforeFile?.(fields);
      files.push(await receiveFile(storage, part, options));
    }
    return { fields, files };
  } catch (error) {
    await discardFiles(files);
    throw error;
  }
}

/** Removes temporary files (one already moved into storage is simply gone). */
export async function discardFiles(files: ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((f) => fsp.rm(f.tempPath, { force: true })));
}
