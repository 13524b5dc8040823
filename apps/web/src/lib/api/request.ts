import type { z } from 'zod';
import { ApiError, NETWORK_ERROR_MESSAGE } from './errors';
import {
  buildUrl,
  combineSignals,
  execute,
  parseAnswer,
  readBody,
  type HttpMethod,
  type QueryValue,
  type Sender,
} from './transport';

// JSON calls

export interface RequestOptions {
  method?: HttpMethod;
  /** a JSON body (FormData goes through apiUpload) */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** a creating request: an Idempotency-Key is sent (the same one on the retry) */
  create?: boolean;
  idempotencyKey?: string;
  /**
   * The caller handles 401 itself (login: a failed login is not an expired session).
   */
  handleUnauthorized?: boolean;
  /** parse the successful answer with this schema */
  schema?: z.ZodType;
}

function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions & { schema: S },
): Promise<z.output<S>>;
function apiRequest<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const method = options.method ?? 'GET';
  const hasBody = options.body !== undefined;
  const url = buildUrl(path, options.query);
  const signal = combineSignals([
    options.signal,
    options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
  ]);

  const send: Sender = async (headers) => {
    if (hasBody) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: hasBody ? JSON.stringify(options.body) : undefined,
        credentials: 'same-origin',
        signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError({ status: 0, message: NETWORK_ERROR_MESSAGE, code: 'NETWORK' });
    }
    return {
      status: response.status,
      body: await readBody(response),
      retryAfter: response.headers.get('Retry-After'),
    };
  };

  const body = await execute(method, send, {
    create: options.create,
    idempotencyKey: options.idempotencyKey,
    extraHeaders: options.headers,
    handleUnauthorized: options.handleUnauthorized,
  });
  return parseAnswer(path, body, options.schema);
}

type Opts = Omit<RequestOptions, 'method' | 'body'>;

interface Getter {
  <S extends z.ZodType>(path: string, opts: Opts & { schema: S }): Promise<z.output<S>>;
  <T = unknown>(path: string, opts?: Opts): Promise<T>;
}
interface Sending {
  <S extends z.ZodType>(
    path: string,
    body: unknown,
    opts: Opts & { schema: S },
  ): Promise<z.output<S>>;
  <T = unknown>(path: string, body?: unknown, opts?: Opts): Promise<T>;
}

const sending =
  (method: HttpMethod, create = false): Sending =>
  (path: string, body?: unknown, opts?: Opts) =>
    apiRequest(path, { ...opts, method, body, create: opts?.create ?? create }) as never;

export const api: {
  get: Getter;
  post: Sending;
  /** a creating POST: carries an Idempotency-Key */
  create: Sending;
  put: Sending;
  patch: Sending;
  delete: Sending;
} = {
  get: ((path: string, opts?: Opts) => apiRequest(path, { ...opts, method: 'GET' })) as Getter,
  post: sending('POST'),
  create: sending('POST', true),
  put: sending('PUT'),
  patch: sending('PATCH'),
  delete: sending('DELETE'),
};
