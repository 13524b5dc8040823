import { describe, expect, it } from 'vitest';
import {
  buildTestApp,
  fetchCsrf,
  login,
  setupCompany,
  TEST_PASSWORD,
  type TestContext,
} from './helpers.js';

const WRONG = 'Sbagliata-2026!';

/** A login from a chosen address (`remoteAddress` is what `request.ip` reports without a proxy). */
async function loginFrom(ctx: TestContext, ip: string, email: string, password: string) {
  const csrf = await fetchCsrf(ctx.app);
  return ctx.app.inject({
    method: 'POST',
    url: '/user/login',
    remoteAddress: ip,
    headers: { 'x-csrf-token': csrf, cookie: `XSRF-TOKEN=${csrf}` },
    payload: { email, password },
  });
}

async function withApp(env: Record<string, string>, run: (ctx: TestContext) => Promise<void>) {
  const ctx = await buildTestApp({
    LOGIN_MAX_FAILURES_PAIR: '1000',
    LOGIN_MAX_FAILURES_ACCOUNT: '1000',
    LOGIN_MAX_FAILURES_IP: '1000',
    ...env,
  });
  try {
    await run(ctx);
  } finally {
    await ctx.close();
  }
}

describe('login throttling under concurrency (docs/api.md "Sessions and anti-forgery")', () => {
  it('verifies at most the limit of parallel wrong passwords, and the right one waits too', async () => {
    await withApp({ LOGIN_MAX_FAILURES_PAIR: '5' }, async (ctx) => {
      const { admin } = await setupCompany(ctx);
      const results = await Promise.all(
        Array.from({ length: 40 }, () => loginFrom(ctx, '10.0.0.1', admin.email, WRONG)),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
      expect(codes.filter((c) => c === 401).length + codes.filter((c) => c === 429).length).toBe(
        40,
      );
      // Parallel attempts may refuse each other (each sees the others' rows), never let more through:
      // sequential guesses get exactly what is left of the limit, then even the right password waits.
      for (let i = codes.filter((c) => c === 401).length; i < 5; i++) {
        expect((await loginFrom(ctx, '10.0.0.1', admin.email, WRONG)).statusCode).toBe(401);
      }
      expect((await loginFrom(ctx, '10.0.0.1', admin.email, TEST_PASSWORD)).statusCode).toBe(429);
    });
  });
});

describe('login throttling is not a lockout weapon', () => {
  it('limits the (account, address) pair: the user at another desk still gets in', async () => {
    await withApp({ LOGIN_MAX_FAILURES_PAIR: '3' }, async (ctx) => {
      const { admin } = await setupCompany(ctx);
      for (let i = 0; i < 3; i++)
        expect((await loginFrom(ctx, '203.0.113.9', admin.email, WRONG)).statusCode).toBe(401);
      const blocked = await loginFrom(ctx, '203.0.113.9', admin.email, TEST_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await loginFrom(ctx, '192.168.1.20', admin.email, TEST_PASSWORD)).statusCode).toBe(
        200,
      );
    });
  });

  it('slows guesses on one account from many addresses with a growing delay, not a lock', async () => {
    await withApp(
      { LOGIN_MAX_FAILURES_PAIR: '2', LOGIN_MAX_FAILURES_ACCOUNT: '4' },
      async (ctx) => {
        const { admin } = await setupCompany(ctx);
        for (let i = 0; i < 4; i++)
          expect((await loginFrom(ctx, `198.51.100.${i}`, admin.email, WRONG)).statusCode).toBe(
            401,
          );
        // Past the account limit, an address that already failed waits before its next guess...
        const slowed = await loginFrom(ctx, '198.51.100.1', admin.email, WRONG);
        expect(slowed.statusCode).toBe(429);
        expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(300);
        // ...while the user at their own desk is not kept out.
        expect((await loginFrom(ctx, '192.168.1.20', admin.email, TEST_PASSWORD)).statusCode).toBe(
          200,
        );
      },
    );
  });

  it('limits one address across accounts, without touching the same accounts from elsewhere', async () => {
    await withApp({ LOGIN_MAX_FAILURES_IP: '4' }, async (ctx) => {
      const { admin } = await setupCompany(ctx);
      for (let i = 0; i < 4; i++)
        expect((await loginFrom(ctx, '10.9.9.9', `x${i}@prova.example`, WRONG)).statusCode).toBe(
          401,
        );
      expect((await loginFrom(ctx, '10.9.9.9', admin.email, TEST_PASSWORD)).statusCode).toBe(429);
      expect((await loginFrom(ctx, '10.9.9.10', admin.email, TEST_PASSWORD)).statusCode).toBe(200);
    });
  });
});

describe('POST /user/change-password throttling', () => {
  it('counts wrong current passwords like failed logins', async () => {
    await withApp({ LOGIN_MAX_FAILURES_PAIR: '3' }, async (ctx) => {
      const { admin } = await setupCompany(ctx);
      const client = await login(ctx.app, admin.email);
      const body = { currentPassword: WRONG, newPassword: 'Nuova-Password-2026!' };
      for (let i = 0; i < 3; i++)
        expect((await client.post('/user/change-password', body)).statusCode).toBe(400);
      const blocked = await client.post('/user/change-password', body);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      expect(
        (await client.post('/user/change-password', { ...body, currentPassword: TEST_PASSWORD }))
          .statusCode,
      ).toBe(429);
    });
  });
});
