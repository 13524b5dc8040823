import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import {
  api,
  apiUpload,
  ApiError,
  configureApiClient,
  getCsrfToken,
  INVALID_SERVER_ANSWER,
  refreshCsrfToken,
  UPLOAD_RETRY_DELAY_MS,
} from './api-client';
import { maskToken } from './log';
import { getSession, setSelectedCompanyId, setSession } from './session';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
const onUnauthorized = vi.fn<(returnUrl: string | null) => void>();
const sleep = vi.fn((_ms: number) => Promise.resolve());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const csrfInvalid = {
  message: 'Token di sicurezza non valido o scaduto: riprova',
  code: 'CSRF_INVALID',
  tokenRefreshRequired: true,
};

function call(i: number): { url: string; method: string; headers: Headers; body: unknown } {
  const args = fetchMock.mock.calls[i];
  if (!args) throw new Error(`no fetch call #${i}`);
  const [input, init] = args;
  return {
    url: String(input),
    method: init?.method ?? 'GET',
    headers: new Headers(init?.headers),
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
  };
}

function urls(): string[] {
  return fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
}

/** Answers in order; '/api/token' answers come from `tokens`. */
function script(answers: Response[], tokens: string[] = ['tok-refreshed-1', 'tok-refreshed-2']) {
  fetchMock.mockImplementation((input) => {
    if (String(input).endsWith('/api/token')) {
      const t = tokens.shift();
      return Promise.resolve(t ? jsonResponse({ csrfToken: t }) : jsonResponse({ message: 'no' }, 500));
    }
    const next = answers.shift();
    return Promise.resolve(next ?? jsonResponse({ message: 'unexpected call' }, 599));
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  onUnauthorized.mockReset();
  sleep.mockClear();
  configureApiClient({ onUnauthorized, sleep });
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('JSON requests', () => {
  it('GET carries the bearer token and no anti-forgery header', async () => {
    setSession(DEMO_USERS.produzione, 'jwt-produzione');
    script([jsonResponse({ ok: 1 })]);
    await expect(api.get('/api/x')).resolves.toEqual({ ok: 1 });
    const c = call(0);
    expect(c.headers.get('Authorization')).toBe('Bearer jwt-produzione');
    expect(c.headers.get('X-CSRF-Token')).toBeNull();
    expect(c.headers.get('Idempotency-Key')).toBeNull();
  });

  it('no token, no Authorization header', async () => {
    script([jsonResponse({ ok: 1 })]);
    await api.get('/api/health');
    expect(call(0).headers.get('Authorization')).toBeNull();
  });

  it('a non-GET request carries X-CSRF-Token from the XSRF-TOKEN cookie first', async () => {
    document.cookie = 'XSRF-TOKEN=from-cookie; path=/';
    window.localStorage.setItem('csrfToken', 'from-storage');
    script([jsonResponse({ success: true })]);
    await api.put('/api/x/1', { a: 1 });
    expect(call(0).headers.get('X-CSRF-Token')).toBe('from-cookie');
    expect(call(0).headers.get('Content-Type')).toBe('application/json');
    expect(call(0).body).toEqual({ a: 1 });
  });

  it('…else the stored csrfToken', async () => {
    window.localStorage.setItem('csrfToken', 'from-storage');
    script([jsonResponse({ success: true })]);
    await api.delete('/api/x/1');
    expect(call(0).headers.get('X-CSRF-Token')).toBe('from-storage');
  });

  it('with no anti-forgery token at all, one is fetched first', async () => {
    script([jsonResponse({ success: true })], ['fresh-token']);
    await api.post('/user/logout');
    expect(urls()).toEqual(['GET /api/token', 'POST /user/logout']);
    expect(call(1).headers.get('X-CSRF-Token')).toBe('fresh-token');
    expect(window.localStorage.getItem('csrfToken')).toBe('fresh-token');
  });

  it('a create carries an Idempotency-Key (UUID); a plain POST does not', async () => {
    window.localStorage.setItem('csrfToken', 'c');
    script([jsonResponse({ _id: '1' }, 201), jsonResponse({ success: true })]);
    await api.create('/api/blocchi', { codice: 'B1' });
    await api.post('/user/change-password', { currentPassword: 'a', newPassword: 'b' });
    expect(call(0).headers.get('Idempotency-Key')).toMatch(UUID);
    expect(call(1).headers.get('Idempotency-Key')).toBeNull();
  });

  it('403 tokenRefreshRequired: fetches a new token and retries once, with the same Idempotency-Key', async () => {
    window.localStorage.setItem('csrfToken', 'stale');
    script([jsonResponse(csrfInvalid, 403), jsonResponse({ _id: '1' }, 201)], ['fresh']);
    await expect(api.create('/api/blocchi', { codice: 'B1' })).resolves.toEqual({ _id: '1' });
    expect(urls()).toEqual(['POST /api/blocchi', 'GET /api/token', 'POST /api/blocchi']);
    expect(call(0).headers.get('X-CSRF-Token')).toBe('stale');
    expect(call(2).headers.get('X-CSRF-Token')).toBe('fresh');
    expect(call(2).headers.get('Idempotency-Key')).toBe(call(0).headers.get('Idempotency-Key'));
    expect(sleep).not.toHaveBeenCalled();
  });

  it('…but only once: a second 403 reaches the caller', async () => {
    window.localStorage.setItem('csrfToken', 'stale');
    script([jsonResponse(csrfInvalid, 403), jsonResponse(csrfInvalid, 403)], ['fresh']);
    const error = await api.post('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('CSRF_INVALID');
    expect(urls()).toEqual(['POST /api/x', 'GET /api/token', 'POST /api/x']);
  });

  it('a 403 without tokenRefreshRequired is not retried', async () => {
    window.localStorage.setItem('csrfToken', 'c');
    script([jsonResponse({ message: 'Permesso negato', code: 'FORBIDDEN' }, 403)]);
    await expect(api.post('/api/x')).rejects.toMatchObject({ status: 403, message: 'Permesso negato' });
    expect(urls()).toEqual(['POST /api/x']);
  });

  it('401 clears token and user and sends the user to log in, remembering the page', async () => {
    setSession(DEMO_USERS.produzione, 'revoked');
    window.history.replaceState(null, '', '/app/pages/blocchi?page=2');
    script([jsonResponse({ message: 'Sessione scaduta', code: 'UNAUTHORIZED' }, 401)]);
    await expect(api.get('/companies/user-company')).rejects.toMatchObject({ status: 401 });
    expect(getSession().token).toBeNull();
    expect(getSession().user).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('currentUser')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledWith('/app/pages/blocchi?page=2');
  });

  it('a failed login (401) is not an expired session: nothing is cleared, the message is the server’s', async () => {
    window.localStorage.setItem('csrfToken', 'anon');
    setSession(DEMO_USERS.produzione, 'still-mine');
    script([jsonResponse({ success: false, message: 'Credenziali non valide', code: 'UNAUTHORIZED' }, 401)]);
    const error = await api
      .post('/user/login', { email: 'a@b.c', password: 'x' }, { handleUnauthorized: false })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: 'Credenziali non valide' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getSession().token).toBe('still-mine');
  });

  it('429 exposes Retry-After in seconds', async () => {
    window.localStorage.setItem('csrfToken', 'anon');
    script([jsonResponse({ message: 'Troppi tentativi: riprova più tardi', code: 'RATE_LIMITED' }, 429, { 'Retry-After': '840' })]);
    await expect(api.post('/user/login', {}, { handleUnauthorized: false })).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      retryAfter: 840,
    });
  });

  it('field errors come through as details', async () => {
    window.localStorage.setItem('csrfToken', 'c');
    script([
      jsonResponse(
        { message: 'Dati non validi', code: 'VALIDATION', details: [{ path: 'newPassword', message: 'Troppo comune' }] },
        400,
      ),
    ]);
    await expect(api.post('/user/change-password', {})).rejects.toMatchObject({
      code: 'VALIDATION',
      details: [{ path: 'newPassword', message: 'Troppo comune' }],
    });
  });

  it('an admin acting for another company sends X-Company-Id; a plain user never does', async () => {
    setSession(DEMO_USERS.admin, 'jwt-admin');
    setSelectedCompanyId('c-segheria');
    script([jsonResponse({}), jsonResponse({})]);
    await api.get('/companies/user-company');
    expect(call(0).headers.get('X-Company-Id')).toBe('c-segheria');
    setSession(DEMO_USERS.produzione, 'jwt-prod');
    window.localStorage.setItem('selectedCompanyId', 'c-segheria');
    window.dispatchEvent(new StorageEvent('storage', { key: 'selectedCompanyId' }));
    await api.get('/companies/user-company');
    expect(call(1).headers.get('X-Company-Id')).toBeNull();
  });

  it('an answer that does not match the schema is rejected', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    script([jsonResponse({ wrong: true })]);
    await expect(api.get('/api/health', { schema: z.object({ status: z.literal('ok') }) })).rejects.toMatchObject({
      message: INVALID_SERVER_ANSWER,
    });
    spy.mockRestore();
  });

  it('a network failure becomes an Italian ApiError with status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});

describe('anti-forgery token fetch (SPEC §7, §8)', () => {
  it('stores the token and sends the bearer so the server can bind it to the session', async () => {
    setSession(DEMO_USERS.produzione, 'jwt');
    script([], ['bound-token']);
    await expect(refreshCsrfToken()).resolves.toBe('bound-token');
    expect(call(0).headers.get('Authorization')).toBe('Bearer jwt');
    expect(getCsrfToken()).toBe('bound-token');
  });

  it('concurrent refreshes share one request', async () => {
    script([], ['one', 'two']);
    const [a, b] = await Promise.all([refreshCsrfToken(), refreshCsrfToken()]);
    expect(a).toBe('one');
    expect(b).toBe('one');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a failed token fetch rejects the request and logs only "Risposta del server non valida"', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    script([jsonResponse({ success: true })], []); // /api/token answers 500
    await expect(api.post('/user/logout')).rejects.toMatchObject({ message: INVALID_SERVER_ANSWER });
    expect(urls()).toEqual(['GET /api/token']);
    expect(spy).toHaveBeenCalledWith(expect.any(String), INVALID_SERVER_ANSWER);
    spy.mockRestore();
  });

  it('a token answer without csrfToken rejects too', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(jsonResponse({ something: 'else' }));
    await expect(refreshCsrfToken()).rejects.toMatchObject({ message: INVALID_SERVER_ANSWER });
    spy.mockRestore();
  });

  it('a 403 retry whose token fetch fails rejects', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.localStorage.setItem('csrfToken', 'stale');
    script([jsonResponse(csrfInvalid, 403)], []);
    await expect(api.post('/api/x')).rejects.toMatchObject({ message: INVALID_SERVER_ANSWER });
    spy.mockRestore();
  });

  it('tokens are logged only as their first 10 characters', () => {
    expect(maskToken('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.payload')).toBe('eyJhbGciOi…');
    expect(maskToken(null)).toBe('(nessuno)');
  });
});

// ---------------------------------------------------------------------------------------------

interface FakeAnswer {
  status: number;
  body: unknown;
}

class FakeXhr {
  static instances: FakeXhr[] = [];
  static answers: FakeAnswer[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  timeout = 0;
  responseType = '';
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  sent: unknown = null;
  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? 'application/json' : null;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.sent = body;
    const answer = FakeXhr.answers.shift() ?? { status: 599, body: {} };
    queueMicrotask(() => {
      this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true } as ProgressEvent);
      this.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true } as ProgressEvent);
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    });
  }
}

describe('uploads (XMLHttpRequest with progress)', () => {
  beforeEach(() => {
    FakeXhr.instances = [];
    FakeXhr.answers = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  const form = () => {
    const f = new FormData();
    f.append('entityType', 'blocco');
    return f;
  };

  it('shares bearer, anti-forgery and Idempotency-Key, and reports progress', async () => {
    setSession(DEMO_USERS.produzione, 'jwt-up');
    window.localStorage.setItem('csrfToken', 'csrf-up');
    FakeXhr.answers = [{ status: 201, body: { success: true } }];
    const progress: (number | null)[] = [];
    await expect(
      apiUpload('/photos/uploadPhotos', form(), { onProgress: (p) => progress.push(p.percent) }),
    ).resolves.toEqual({ success: true });
    const xhr = FakeXhr.instances[0];
    expect(xhr?.method).toBe('POST');
    expect(xhr?.headers.Authorization).toBe('Bearer jwt-up');
    expect(xhr?.headers['X-CSRF-Token']).toBe('csrf-up');
    expect(xhr?.headers['Idempotency-Key']).toMatch(UUID);
    expect(xhr?.headers['Content-Type']).toBeUndefined();
    expect(xhr?.timeout).toBe(300_000);
    expect(progress).toEqual([50, 100]);
  });

  it('fetches an anti-forgery token first when none exists', async () => {
    script([], ['first-token']);
    FakeXhr.answers = [{ status: 201, body: {} }];
    await apiUpload('/photos/uploadPhotos', form());
    expect(urls()).toEqual(['GET /api/token']);
    expect(FakeXhr.instances[0]?.headers['X-CSRF-Token']).toBe('first-token');
  });

  it('403 tokenRefreshRequired: waits 2 s, fetches a token and retries once with the same key', async () => {
    window.localStorage.setItem('csrfToken', 'stale');
    script([], ['fresh-up']);
    FakeXhr.answers = [
      { status: 403, body: csrfInvalid },
      { status: 201, body: { ok: true } },
    ];
    await expect(apiUpload('/photos/uploadPhotos', form())).resolves.toEqual({ ok: true });
    expect(sleep).toHaveBeenCalledWith(UPLOAD_RETRY_DELAY_MS);
    expect(UPLOAD_RETRY_DELAY_MS).toBe(2000);
    const [first, second] = FakeXhr.instances;
    expect(second?.headers['X-CSRF-Token']).toBe('fresh-up');
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
    expect(FakeXhr.instances).toHaveLength(2);
  });

  it('cancelled while its anti-forgery token is fetched: the file never leaves', async () => {
    script([], ['late-token']);
    const controller = new AbortController();
    const upload = apiUpload('/photos/uploadPhotos', form(), { signal: controller.signal });
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('401 on an upload ends the session like any other request', async () => {
    setSession(DEMO_USERS.produzione, 'jwt');
    window.localStorage.setItem('csrfToken', 'c');
    window.history.replaceState(null, '', '/app/bancate');
    FakeXhr.answers = [{ status: 401, body: { message: 'Sessione scaduta', code: 'UNAUTHORIZED' } }];
    await expect(apiUpload('/photos/uploadPhotos', form())).rejects.toMatchObject({ status: 401 });
    expect(getSession().token).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledWith('/app/bancate');
  });
});

describe('downloads', () => {
  it('GET with bearer; the answer as a Blob with the server file name', async () => {
    const { apiDownload, fileNameFromDisposition } = await import('./api-client');
    setSession(DEMO_USERS.vendite, 'jwt-dl');
    fetchMock.mockResolvedValueOnce(
      new Response('a;b\n1;2\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv',
          'content-disposition': "attachment; filename=\"clienti.csv\"; filename*=UTF-8''clienti%20%C3%A0.csv",
        },
      }),
    );
    const { blob, fileName } = await apiDownload('/api/clienti/export', { query: { format: 'csv', q: '' } });
    expect(await blob.text()).toBe('a;b\n1;2\n');
    expect(fileName).toBe('clienti à.csv');
    expect(call(0).url).toBe('/api/clienti/export?format=csv');
    expect(call(0).headers.get('Authorization')).toBe('Bearer jwt-dl');
    expect(fileNameFromDisposition('attachment; filename="report.pdf"')).toBe('report.pdf');
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it('an error answer is an ApiError with the server message', async () => {
    const { apiDownload } = await import('./api-client');
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'Permesso negato', code: 'FORBIDDEN' }, 403));
    await expect(apiDownload('/api/clienti/export')).rejects.toMatchObject({ status: 403, message: 'Permesso negato' });
  });
});

describe('chat unread counter (SPEC §4, §8)', () => {
  it('reads data.unreadCount; any failure counts as 0; without a token it does not ask', async () => {
    const { getUnreadCount } = await import('@/features/chat/api/get-unread-count');
    await expect(getUnreadCount()).resolves.toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();
    setSession(DEMO_USERS.produzione, 'jwt-produzione');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, data: { unreadCount: 4 } }));
    await expect(getUnreadCount()).resolves.toBe(4);
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'Risorsa non trovata', code: 'NOT_FOUND' }, 404));
    await expect(getUnreadCount()).resolves.toBe(0);
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(getUnreadCount()).resolves.toBe(0);
  });
});
