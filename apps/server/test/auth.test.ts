import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.js';
import { deriveKeys } from '../src/lib/secrets.js';
import {
  anonymousClient,
  buildTestApp,
  createUser,
  fetchCsrf,
  login,
  setupCompany,
  TEST_PASSWORD,
  TestClient,
} from './helpers.js';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let org: Awaited<ReturnType<typeof setupCompany>>;

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
});
afterAll(() => ctx.close());
afterEach(() => vi.useRealTimers());

describe('POST /user/login', () => {
  it('answers the user with an access token and no password hash', async () => {
    const anon = await anonymousClient(ctx.app);
    const res = await anon.post('/user/login', {
      email: org.admin.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.user).toMatchObject({
      _id: org.admin.id,
      email: org.admin.email,
      role: 'admin',
      companyId: org.company.id,
      active: true,
    });
    expect(typeof body.user.accessToken).toBe('string');
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('passwordHash');
  });

  it('gives an unknown email and a wrong password the same 401 body (S1)', async () => {
    const anon = await anonymousClient(ctx.app);
    const unknown = await anon.post('/user/login', {
      email: 'nessuno@prova.example',
      password: TEST_PASSWORD,
    });
    const wrong = await anon.post('/user/login', {
      email: org.admin.email,
      password: 'Sbagliata-2026!',
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json()).toEqual({
      success: false,
      message: 'Credenziali non valide',
      code: 'UNAUTHORIZED',
    });
  });

  it('says Account disattivato only after a correct password', async () => {
    const inactive = await createUser(ctx, { companyId: org.company.id, active: false });
    const anon = await anonymousClient(ctx.app);
    const wrong = await anon.post('/user/login', {
      email: inactive.email,
      password: 'Sbagliata-2026!',
    });
    expect(wrong.statusCode).toBe(401);
    const right = await anon.post('/user/login', {
      email: inactive.email,
      password: TEST_PASSWORD,
    });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ success: false, message: 'Account disattivato' });
  });

  it('refuses a login without the anti-forgery token', async () => {
    const anon = await anonymousClient(ctx.app);
    const res = await anon.post(
      '/user/login',
      { email: org.admin.email, password: TEST_PASSWORD },
      { noCsrf: true },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CSRF_INVALID', tokenRefreshRequired: true });
  });
});

describe('login throttling (S2)', () => {
  it('answers 429 with Retry-After after the configured failures, and frees the account after the window', async () => {
    const local = await buildTestApp({
      LOGIN_MAX_FAILURES_PAIR: '3',
      LOGIN_FAILURE_WINDOW_MINUTES: '15',
    });
    try {
      const company = await setupCompany(local);
      const anon = await anonymousClient(local.app);
      for (let i = 0; i < 3; i++) {
        expect(
          (
            await anon.post('/user/login', {
              email: company.admin.email,
              password: 'Sbagliata-2026!',
            })
          ).statusCode,
        ).toBe(401);
      }
      // Even the right password waits: that is what stops guessing.
      const blocked = await anon.post('/user/login', {
        email: company.admin.email,
        password: TEST_PASSWORD,
      });
      expect(blocked.statusCode).toBe(429);
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(blocked.json().message).toMatch(/Troppi tentativi.*riprova tra \d+ minut/);

      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * 60_000 + 1000 });
      const freed = await anon.post('/user/login', {
        email: company.admin.email,
        password: TEST_PASSWORD,
      });
      expect(freed.statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
      await local.close();
    }
  });

  it('limits failures from one address across accounts', async () => {
    const local = await buildTestApp({ LOGIN_MAX_FAILURES_IP: '4' });
    try {
      const anon = await anonymousClient(local.app);
      for (let i = 0; i < 4; i++) {
        expect(
          (
            await anon.post('/user/login', {
              email: `x${i}@prova.example`,
              password: 'Sbagliata-2026!',
            })
          ).statusCode,
        ).toBe(401);
      }
      expect(
        (
          await anon.post('/user/login', {
            email: 'altro@prova.example',
            password: 'Sbagliata-2026!',
          })
        ).statusCode,
      ).toBe(429);
    } finally {
      await local.close();
    }
  });
});

describe('access tokens (S6)', () => {
  async function withToken(token: string) {
    return ctx.app.inject({
      method: 'GET',
      url: `/user/user/${org.admin.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
  }

  it('accepts a valid token and refuses a tampered one', async () => {
    const client = await org.adminClient();
    expect((await withToken(client.token!)).statusCode).toBe(200);
    const parts = client.token!.split('.');
    const sig = parts[2]!;
    const flipped = `${parts[0]}.${parts[1]}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    expect((await withToken(flipped)).statusCode).toBe(401);
  });

  it('refuses alg none, another key, a wrong audience and a wrong issuer', async () => {
    const client = await org.adminClient();
    const [, payload] = client.token!.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await withToken(`${header}.${payload}.`)).statusCode).toBe(401);

    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const otherKey = new TextEncoder().encode('x'.repeat(64));
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(otherKey);
    expect((await withToken(forged)).statusCode).toBe(401);

    // The right key: only the audience differs, then the issuer; the untouched claims still pass.
    const key = deriveKeys(ctx.secret).jwt;
    const sign = (extra: Record<string, unknown>) =>
      new SignJWT({ ...claims, ...extra })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(key);
    expect((await withToken(await sign({}))).statusCode).toBe(200);
    expect((await withToken(await sign({ aud: 'altra-app' }))).statusCode).toBe(401);
    expect((await withToken(await sign({ iss: 'altro-emittente' }))).statusCode).toBe(401);
  });

  it('refuses an expired token signed with the right key (S6)', async () => {
    const client = await org.adminClient();
    const claims = JSON.parse(Buffer.from(client.token!.split('.')[1]!, 'base64url').toString());
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(deriveKeys(ctx.secret).jwt);
    expect((await withToken(expired)).statusCode).toBe(401);
  });

  it('refuses an algorithm switch: HS512 with the right key, RS256 and ES256 with their own keys (S6)', async () => {
    const client = await org.adminClient();
    const claims = JSON.parse(Buffer.from(client.token!.split('.')[1]!, 'base64url').toString());
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .sign(deriveKeys(ctx.secret).jwt);
    expect((await withToken(hs512)).statusCode).toBe(401);
    for (const alg of ['RS256', 'ES256'] as const) {
      const { privateKey } = await generateKeyPair(alg);
      const asymmetric = await new SignJWT(claims)
        .setProtectedHeader({ alg, typ: 'JWT' })
        .sign(privateKey);
      expect((await withToken(asymmetric)).statusCode, alg).toBe(401);
    }
  });

  it('expires after 8 idle hours and after 12 hours in any case (S8)', async () => {
    const client = await org.adminClient();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start + 7 * 3600_000 });
    expect((await withToken(client.token!)).statusCode).toBe(200);
    vi.setSystemTime(start + 7 * 3600_000 + 8 * 3600_000 + 60_000);
    expect((await withToken(client.token!)).statusCode).toBe(401);

    vi.useRealTimers();
    const busy = await org.adminClient();
    const begun = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: begun });
    for (let h = 2; h < 12; h += 2) {
      vi.setSystemTime(begun + h * 3600_000);
      expect((await withToken(busy.token!)).statusCode).toBe(200);
    }
    vi.setSystemTime(begun + 12 * 3600_000 + 1000);
    expect((await withToken(busy.token!)).statusCode).toBe(401);
  });
});

describe('revocation (S7)', () => {
  it('logout ends the session: the old token answers 401', async () => {
    const { client } = await org.userClient({ chat: true });
    const me = `/user/user/${client.user!._id}`;
    expect((await client.get(me)).statusCode).toBe(200);
    expect((await client.post('/user/logout')).statusCode).toBe(200);
    const after = await client.get(me);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('a password change keeps this session and ends the others', async () => {
    const { user, client } = await org.userClient();
    const other = await login(ctx.app, user.email);
    const res = await client.post('/user/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Nuova-Password-Cava-77',
    });
    expect(res.statusCode).toBe(200);
    expect((await client.get(`/user/user/${user.id}`)).statusCode).toBe(200);
    expect((await other.get(`/user/user/${user.id}`)).statusCode).toBe(401);
    await expect(login(ctx.app, user.email)).rejects.toThrow(/401/);
    expect((await login(ctx.app, user.email, 'Nuova-Password-Cava-77')).token).toBeTruthy();
  });

  it('a wrong current password is refused without changing anything', async () => {
    const { user, client } = await org.userClient();
    const res = await client.post('/user/change-password', {
      currentPassword: 'Sbagliata-2026!',
      newPassword: 'Nuova-Password-Cava-77',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('currentPassword');
    expect((await login(ctx.app, user.email)).token).toBeTruthy();
  });

  it.each([
    ['role', { role: 'admin' }],
    ['permissions', { permissions: { chat: true, bancate: true } }],
    ['active flag', { active: false }],
    ['password reset', { password: 'Reimpostata-Cava-2026' }],
  ])('an admin change of %s ends all the user’s sessions', async (_label, change) => {
    const { user, client } = await org.userClient({ chat: true });
    const admin = await org.adminClient();
    const res = await admin.put(`/user/update/${user.id}`, change);
    expect(res.statusCode).toBe(200);
    expect((await client.get(`/user/user/${user.id}`)).statusCode).toBe(401);
  });

  it('a change of company ends the sessions too', async () => {
    const other = await ctx.database.db
      .insert((await import('../src/db/schema/index.js')).companies)
      .values({ name: 'Altra' })
      .returning();
    const { user, client } = await org.userClient();
    const admin = await org.adminClient();
    const res = await admin.post('/companies/associate-user', {
      userId: user.id,
      companyId: other[0]!.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.companyId).toBe(other[0]!.id);
    expect((await client.get(`/user/user/${user.id}`)).statusCode).toBe(401);
  });
});

describe('passwords (S3, S4)', () => {
  it('stores argon2id with m >= 19 MiB, t >= 2, p = 1', async () => {
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, org.admin.id));
    const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/.exec(row!.passwordHash);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThanOrEqual(19456);
    expect(Number(m![2])).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['9 characters', 'Abc-12345', 400],
    ['10 characters', 'Abcd-12345', 201],
    ['64 characters', 'a'.repeat(30) + 'B-' + 'c'.repeat(32), 201],
    ['128 characters', 'Z'.repeat(64) + 'y'.repeat(64), 201],
    ['129 characters', 'Z'.repeat(65) + 'y'.repeat(64), 400],
    ['a common password', 'qwertyuiop', 400],
  ])('register with %s → %s', async (_label, password, status) => {
    const admin = await org.adminClient();
    const res = await admin.post('/user/register', {
      name: 'Nuovo',
      email: `n-${Math.random()}@prova.example`,
      password,
    });
    expect(res.statusCode).toBe(status);
    if (status === 400) expect(res.json().message).toMatch(/password/i);
  });

  it('does not truncate: a password differing only after byte 72 does not log in', async () => {
    const admin = await org.adminClient();
    const password = 'p'.repeat(90) + 'A';
    const email = `lunga-${Date.now()}@prova.example`;
    expect(
      (await admin.post('/user/register', { name: 'Lunga', email, password })).statusCode,
    ).toBe(201);
    await expect(login(ctx.app, email, 'p'.repeat(90) + 'B')).rejects.toThrow(/401/);
    expect((await login(ctx.app, email, password)).token).toBeTruthy();
  });
});

describe('anti-forgery (S12, S13)', () => {
  it('sets XSRF-TOKEN readable, SameSite=Strict, Path=/, Secure only over HTTPS', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/token' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^XSRF-TOKEN=[^;]+/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/HttpOnly/);
    expect(cookie).not.toMatch(/Secure/);
    expect(res.json().csrfToken).toBe(/^XSRF-TOKEN=([^;]+)/.exec(cookie)![1]);

    const secure = await buildTestApp({ TRUST_PROXY: '1' });
    try {
      const https = await secure.app.inject({
        method: 'GET',
        url: '/api/token',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(String(https.headers['set-cookie'])).toMatch(/Secure/);
    } finally {
      await secure.close();
    }
  });

  it('refuses a missing token, a header unlike the cookie, another session’s token and an anonymous one; nothing is written', async () => {
    const admin = await org.adminClient();
    const { client: other } = await org.userClient();
    const anonToken = await fetchCsrf(ctx.app);
    const before = (await admin.get('/companies/list')).json().companies.length;
    const attempts = [
      admin.post('/companies/create', { name: 'Senza token' }, { noCsrf: true }),
      admin.post(
        '/companies/create',
        { name: 'Diverso' },
        { headers: { 'x-csrf-token': admin.csrf, cookie: `XSRF-TOKEN=${other.csrf}` } },
      ),
      admin.post(
        '/companies/create',
        { name: 'Altrui' },
        { headers: { 'x-csrf-token': other.csrf, cookie: `XSRF-TOKEN=${other.csrf}` } },
      ),
      admin.post(
        '/companies/create',
        { name: 'Anonimo' },
        { headers: { 'x-csrf-token': anonToken, cookie: `XSRF-TOKEN=${anonToken}` } },
      ),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: expect.any(String),
        code: 'CSRF_INVALID',
        tokenRefreshRequired: true,
      });
    }
    expect((await admin.get('/companies/list')).json().companies.length).toBe(before);
  });

  it('a revoked session gets 401 (go log in), not a token refresh', async () => {
    const { client } = await org.userClient();
    await client.post('/user/logout');
    const res = await client.post('/user/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Nuova-Password-Cava-77',
    });
    expect(res.statusCode).toBe(401);
  });

  it('GET never needs the token', async () => {
    const client = new TestClient(ctx.app, (await org.adminClient()).token, '', null);
    expect((await client.get('/user/users')).statusCode).toBe(200);
  });
});
