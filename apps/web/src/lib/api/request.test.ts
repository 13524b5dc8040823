import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import {
  call,
  csrfInvalid,
  fetchMock,
  onUnauthorized,
  script,
  sleep,
  urls,
  installApiMocks,
  UUID,
} from '@/test/api-mocks';
import { loginPath } from '@/app/paths';
import {
  clearSession,
  getSession,
  setSelectedCompanyId,
  setSession,
  startLogout,
} from '../session';
import { ApiError, INVALID_SERVER_ANSWER } from './errors';
import { api } from './request';

installApiMocks();

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
    await expect(api.post('/api/x')).rejects.toMatchObject({
      status: 403,
      message: 'Permesso negato',
    });
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

  it("a 401 while the user's own logout is under way ends the session as that logout: the login page asks for no return", async () => {
    setSession(DEMO_USERS.produzione, 'being-revoked');
    window.history.replaceState(null, '', '/app/pages/profile');
    startLogout();
    script([jsonResponse({ message: 'Sessione scaduta', code: 'UNAUTHORIZED' }, 401)]);
    await expect(api.get('/companies/user-company')).rejects.toMatchObject({ status: 401 });
    expect(getSession().token).toBeNull();
    expect(loginPath('/app/pages/profile')).toBe('/auth/login');
    // the next session that expires on its own still brings the user back
    setSession(DEMO_USERS.produzione, 'later');
    script([jsonResponse({ message: 'Sessione scaduta', code: 'UNAUTHORIZED' }, 401)]);
    await expect(api.get('/companies/user-company')).rejects.toMatchObject({ status: 401 });
    expect(loginPath('/app/pages/profile')).toBe('/auth/login?returnUrl=%2Fapp%2Fpages%2Fprofile');
  });

  it('a 401 to a request made with no token ends no session: the page is not remembered for a login', async () => {
    setSession(DEMO_USERS.produzione, 'mine');
    clearSession('logout');
    window.history.replaceState(null, '', '/app/pages/profile');
    script([jsonResponse({ message: 'Sessione scaduta', code: 'UNAUTHORIZED' }, 401)]);
    await expect(api.get('/companies/user-company')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(loginPath('/app/pages/profile')).toBe('/auth/login');
  });

  it('a failed login (401) is not an expired session: nothing is cleared, the message is the server’s', async () => {
    window.localStorage.setItem('csrfToken', 'anon');
    setSession(DEMO_USERS.produzione, 'still-mine');
    script([
      jsonResponse(
        { success: false, message: 'Credenziali non valide', code: 'UNAUTHORIZED' },
        401,
      ),
    ]);
    const error = await api
      .post('/user/login', { email: 'a@b.c', password: 'x' }, { handleUnauthorized: false })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: 'Credenziali non valide' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getSession().token).toBe('still-mine');
  });

  it('429 exposes Retry-After in seconds', async () => {
    window.localStorage.setItem('csrfToken', 'anon');
    script([
      jsonResponse({ message: 'Troppi tentativi: riprova più tardi', code: 'RATE_LIMITED' }, 429, {
        'Retry-After': '840',
      }),
    ]);
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
        {
          message: 'Dati non validi',
          code: 'VALIDATION',
          details: [{ path: 'newPassword', message: 'Troppo comune' }],
        },
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
    await expect(
      api.get('/api/health', { schema: z.object({ status: z.literal('ok') }) }),
    ).rejects.toMatchObject({
      message: INVALID_SERVER_ANSWER,
    });
    spy.mockRestore();
  });

  it('a network failure becomes an Italian ApiError with status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
