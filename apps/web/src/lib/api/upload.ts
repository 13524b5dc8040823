import type { z } from 'zod';
import { getCsrfToken, refreshCsrfToken } from './csrf';
import { ApiError, NETWORK_ERROR_MESSAGE } from './errors';
import { buildUrl, execute, parseAnswer, type RawResponse, type Sender } from './transport';

// Uploads (XMLHttpRequest, for progress)

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, or null when the size is unknown */
  percent: number | null;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** docs/domain.md "Constants and limits": uploads time out after 300 s */
  timeoutMs?: number;
  create?: boolean;
  idempotencyKey?: string;
  /** e.g. a queued upload's X-Company-Id, the one it was made under */
  headers?: Record<string, string>;
  schema?: z.ZodType;
}

const UPLOAD_TIMEOUT_MS = 300_000;

const aborted = () => new DOMException('Caricamento annullato', 'AbortError');

/** The server's answer as the transport reads it: JSON parsed when it says it is JSON. */
function answerOf(xhr: XMLHttpRequest): RawResponse {
  let body: unknown = xhr.responseText;
  const type = xhr.getResponseHeader('content-type') ?? '';
  if (type.includes('json') && xhr.responseText) {
    try {
      body = JSON.parse(xhr.responseText) as unknown;
    } catch {
      body = xhr.responseText;
    }
  }
  return { status: xhr.status, body, retryAfter: xhr.getResponseHeader('Retry-After') };
}

function reportProgress(xhr: XMLHttpRequest, onProgress: (progress: UploadProgress) => void) {
  xhr.upload.onprogress = (e) => {
    onProgress({
      loaded: e.loaded,
      total: e.total,
      percent: e.lengthComputable && e.total > 0 ? Math.round((e.loaded / e.total) * 100) : null,
    });
  };
}

/** One attempt of the upload over XMLHttpRequest (fetch reports no upload progress). */
function xhrSender(method: string, url: string, form: FormData, options: UploadOptions): Sender {
  return (headers) =>
    new Promise<RawResponse>((resolve, reject) => {
      // Cancelled while the token was fetched or during the retry's pause: never send it.
      if (options.signal?.aborted) {
        reject(aborted());
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(method, url, true);
      xhr.withCredentials = true;
      xhr.timeout = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
      xhr.responseType = 'text';
      // No Content-Type: the browser writes the multipart boundary itself.
      for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
      if (options.onProgress) reportProgress(xhr, options.onProgress);
      const abort = () => xhr.abort();
      options.signal?.addEventListener('abort', abort, { once: true });
      /** the request is over: its listener on the caller's signal goes, then it settles */
      const settle = (end: () => void) => () => {
        options.signal?.removeEventListener('abort', abort);
        end();
      };
      xhr.onload = settle(() => resolve(answerOf(xhr)));
      xhr.onerror = settle(() =>
        reject(new ApiError({ status: 0, message: NETWORK_ERROR_MESSAGE, code: 'NETWORK' })),
      );
      xhr.ontimeout = settle(() =>
        reject(
          new ApiError({ status: 0, message: 'Caricamento scaduto: riprova', code: 'TIMEOUT' }),
        ),
      );
      xhr.onabort = settle(() => reject(aborted()));
      xhr.send(form);
    });
}

export function apiUpload<S extends z.ZodType>(
  path: string,
  form: FormData,
  options: UploadOptions & { schema: S },
): Promise<z.output<S>>;
export function apiUpload<T = unknown>(
  path: string,
  form: FormData,
  options?: UploadOptions,
): Promise<T>;
export async function apiUpload(
  path: string,
  form: FormData,
  options: UploadOptions = {},
): Promise<unknown> {
  const method = options.method ?? 'POST';
  const send = xhrSender(method, buildUrl(path), form, options);

  // An upload without any anti-forgery token fetches one first (docs/api.md "Shape of the API").
  if (!getCsrfToken()) await refreshCsrfToken();

  const body = await execute(method, send, {
    create: options.create ?? method === 'POST',
    idempotencyKey: options.idempotencyKey,
    extraHeaders: options.headers,
    upload: true,
  });
  return parseAnswer(path, body, options.schema);
}
