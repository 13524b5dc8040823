import { afterEach, beforeEach, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { configureApiClient } from '@/lib/api';

/** The fake server behind the API client tests (lib/api/*.test.ts): fetch, the 401 hook, the retry pause. */

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];
export const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
export const onUnauthorized = vi.fn<(returnUrl: string | null) => void>();
export const sleep = vi.fn((_ms: number) => Promise.resolve());

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const csrfInvalid = {
  message: 'Token di sicurezza non valido o scaduto: riprova',
  code: 'CSRF_INVALID',
  tokenRefreshRequired: true,
};

export function call(i: number): { url: string; method: string; headers: Headers; body: unknown } {
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

export function urls(): string[] {
  return fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
}

/** Answers in order; '/api/token' answers come from `tokens`. */
export function script(
  answers: Response[],
  tokens: string[] = ['tok-refreshed-1', 'tok-refreshed-2'],
) {
  fetchMock.mockImplementation((input) => {
    if (String(input).endsWith('/api/token')) {
      const t = tokens.shift();
      return Promise.resolve(
        t ? jsonResponse({ csrfToken: t }) : jsonResponse({ message: 'no' }, 500),
      );
    }
    const next = answers.shift();
    return Promise.resolve(next ?? jsonResponse({ message: 'unexpected call' }, 599));
  });
}

/** Call at the top of a test file: a fresh fetch mock and hooks before each test. */
export function installApiMocks(): void {
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
}
