import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { configureApiClient } from '@/lib/api';
import { setSession } from '@/lib/session';
import { getUnreadCount } from './chat';

const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
vi.stubGlobal('fetch', fetchMock);
const onUnauthorized = vi.fn();
configureApiClient({ onUnauthorized });

afterEach(() => {
  fetchMock.mockReset();
  onUnauthorized.mockReset();
});

describe('getUnreadCount (docs/api.md "Sessions and anti-forgery", §8)', () => {
  it('reads data.unreadCount from the server', async () => {
    setSession(DEMO_USERS.produzione, 'token-produzione');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, data: { unreadCount: 4 } }));
    expect(await getUnreadCount()).toBe(4);
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('Authorization')).toBe(
      'Bearer token-produzione',
    );
  });

  it('counts 0 when the call fails', async () => {
    setSession(DEMO_USERS.produzione, 'token-produzione');
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ message: 'Errore interno', code: 'INTERNAL' }, 500),
    );
    expect(await getUnreadCount()).toBe(0);
  });

  it('counts 0 on a 404 or a network failure', async () => {
    setSession(DEMO_USERS.produzione, 'token-produzione');
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ message: 'Risorsa non trovata', code: 'NOT_FOUND' }, 404),
    );
    expect(await getUnreadCount()).toBe(0);
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    expect(await getUnreadCount()).toBe(0);
  });

  it('asks nothing without a token (a poll right after logout must not bounce the login page)', async () => {
    expect(await getUnreadCount()).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
