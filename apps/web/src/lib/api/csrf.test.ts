import { describe, expect, it, vi } from 'vitest';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { call, csrfInvalid, fetchMock, script, urls, installApiMocks } from '@/test/api-mocks';
import { maskToken } from '../log';
import { setSession } from '../session';
import { getCsrfToken, refreshCsrfToken } from './csrf';
import { INVALID_SERVER_ANSWER } from './errors';
import { api } from './request';

installApiMocks();

describe('anti-forgery token fetch (docs/api.md "Shape of the API", §8)', () => {
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
    await expect(api.post('/user/logout')).rejects.toMatchObject({
      message: INVALID_SERVER_ANSWER,
    });
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
