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
  const url = buildUrl(path);

  const send: Sender = (headers) =>
    new Promise<RawResponse>((resolve, reject) => {
      // Cancelled while the token was fetched or during the retry's pause: never send it.
      if (options.signal?.aborted) {
        reject(new DOMException('Caricamento annullato', 'AbortError'));
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(method, url, true);
      xhr.withCredentials = true;
      xhr.timeout = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
      xhr.responseType = 'text';
      // No Content-Type: the browser writes the multipart boundary itself.
      for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
      if (options.onProgress) {
        const onProgress = options.onProgress;
        xhr.upload.onprogress = (e) => {
          onProgress({
            loaded: e.loaded,
            total: e.total,
            percent:
              e.lengthComputable && e.total > 0 ? Math.round((e.loaded / e.total) * 100) : null,
          });
        };
      }
      const abort = () => xhr.abort();
      options.signal?.addEventListener('abort', abort, { once: true });
      const done = () => options.signal?.removeEventListener('abort', abort);
      xhr.onload = () => {
        done();
        let body: unknown = xhr.responseText;
        const type = xhr.getResponseHeader('content-type') ?? '';
        if (type.includes('json') && xhr.responseText) {
          try {
            body = JSON.parse(xhr.responseText) as unknown;
          } catch {
            body = xhr.responseText;
          }
        }
        resolve({ status: xhr.status, body, retryAfter: xhr.getResponseHeader('Retry-After') });
      };
      xhr.onerror = () => {
        done();
        reject(new ApiError({ status: 0, message: NETWORK_ERROR_MESSAGE, code: 'NETWORK' }));
      };
      xhr.ontimeout = () => {
        done();
        reject(
          new ApiError({ status: 0, message: 'Caricamento scaduto: riprova', code: 'TIMEOUT' }),
        );
      };
      xhr.onabort = () => {
        done();
        reject(new DOMException('Caricamento annullato', 'AbortError'));
      };
      xhr.send(form);
    });

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
