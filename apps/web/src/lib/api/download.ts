import { ApiError, NETWORK_ERROR_MESSAGE } from './errors';
import type { RequestOptions } from './request';
import { buildUrl, combineSignals, execute, readBody, type Sender } from './transport';

// Downloads (exports, reports): the same rules, the answer as a Blob with its file name

const DOWNLOAD_TIMEOUT_MS = 30_000;

export interface DownloadResult {
  blob: Blob;
  /** from Content-Disposition, when the server names the file */
  fileName: string | null;
}

/** RFC 6266: filename*=UTF-8''… wins over filename="…". */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return name ? name : null;
}

export async function apiDownload(
  path: string,
  options: Omit<RequestOptions, 'body' | 'schema' | 'create' | 'idempotencyKey'> & {
    /** Bytes received so far, and the total when the server says it (a report's progress). */
    onProgress?: (received: number, total: number | null) => void;
  } = {},
): Promise<DownloadResult> {
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  const signal = combineSignals([
    options.signal,
    AbortSignal.timeout(options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS),
  ]);

  const send: Sender = async (headers) => {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { ...headers, Accept: '*/*' },
        credentials: 'same-origin',
        signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError({ status: 0, message: NETWORK_ERROR_MESSAGE, code: 'NETWORK' });
    }
    if (!response.ok) {
      return {
        status: response.status,
        body: await readBody(response),
        retryAfter: response.headers.get('Retry-After'),
      };
    }
    const result: DownloadResult = {
      blob: options.onProgress
        ? await readWithProgress(response, options.onProgress)
        : await response.blob(),
      fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')),
    };
    return { status: response.status, body: result, retryAfter: null };
  };

  return (await execute(method, send, {
    extraHeaders: options.headers,
    handleUnauthorized: options.handleUnauthorized,
  })) as DownloadResult;
}

/** The body read chunk by chunk, telling how much has arrived. */
async function readWithProgress(
  response: Response,
  onProgress: (received: number, total: number | null) => void,
): Promise<Blob> {
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks, { type: response.headers.get('Content-Type') ?? undefined });
}
