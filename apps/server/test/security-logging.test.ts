/**
 * docs/quality.md S26: security events are logged (authentication success and failure, access denied,
 * anti-forgery failures) and no secret is: no password, no whole token, no cookie (docs/domain.md "Constants and limits": a token
 * only as its first 10 characters). The app runs with the production logger options, writing to a
 * stream the test reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/lib/logger.js';
import {
  anonymousClient,
  buildTestApp,
  setupCompany,
  TEST_PASSWORD,
  TestClient,
  type TestContext,
} from './helpers.js';

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

const raw: string[] = [];
let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;

const WRONG_PASSWORD = 'Sbagliata-Segretissima-2026';
const NEW_PASSWORD = 'Nuova-Password-Riservata-77';

beforeAll(async () => {
  const stream = { write: (msg: string) => void raw.push(msg) };
  ctx = await buildTestApp(
    {},
    { logger: loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'production' }, stream) },
  );
  org = await setupCompany(ctx);
});
afterAll(() => ctx.close());

/** Every write is exactly one JSON line (a CR/LF in a value cannot start a forged line). */
function parsed(from = 0): LogLine[] {
  return raw.slice(from).map((chunk) => {
    expect(chunk.endsWith('\n')).toBe(true);
    expect(chunk.slice(0, -1)).not.toMatch(/[\r\n]/);
    return JSON.parse(chunk) as LogLine;
  });
}

describe('security logging (S26)', () => {
  let userToken: string;
  let userCsrf: string;

  it('logs the whole journey without a password, a whole token or a cookie', async () => {
    const start = raw.length;
    const anon = await anonymousClient(ctx.app);

    // failed logins: a wrong password, an unknown email, an email carrying CR/LF and a fake log line
    expect(
      (await anon.post('/user/login', { email: org.admin.email, password: WRONG_PASSWORD }))
        .statusCode,
    ).toBe(401);
    expect(
      (await anon.post('/user/login', { email: 'nessuno@prova.example', password: WRONG_PASSWORD }))
        .statusCode,
    ).toBe(401);
    const forged = 'x@prova.example\r\n{"level":30,"msg":"accesso riuscito","userId":"finto"}';
    expect(
      (await anon.post('/user/login', { email: forged, password: WRONG_PASSWORD })).statusCode,
    ).toBe(401);

    // a successful login of a plain user
    const { user, client } = await org.userClient({});
    userToken = client.token!;
    userCsrf = client.csrf;

    // an anti-forgery failure: a token that is not this session's, header and cookie alike
    const csrf = await client.post(
      '/user/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
      {
        headers: {
          'x-csrf-token': anon.csrf,
          cookie: `XSRF-TOKEN=${anon.csrf}; altro=biscotto-segreto-123456`,
        },
      },
    );
    expect(csrf.statusCode).toBe(403);
    expect(csrf.json().code).toBe('CSRF_INVALID');

    // a permission failure
    expect((await client.get('/user/users')).statusCode).toBe(403);

    // a password change
    expect(
      (
        await client.post('/user/change-password', {
          currentPassword: TEST_PASSWORD,
          newPassword: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    // …and a dead token afterwards is refused and logged as such
    const stale = new TestClient(ctx.app, `${userToken}x`, userCsrf, null);
    expect((await stale.get('/companies/user-company')).statusCode).toBe(401);

    const lines = parsed(start);
    const all = raw.slice(start).join('');

    const success = lines.find((l) => l.msg === 'accesso riuscito');
    expect(success, 'a line for the successful login').toMatchObject({
      level: 30,
      userId: user.id,
    });
    const failures = lines.filter((l) => l.msg === 'accesso non riuscito');
    expect(failures.length, 'a line per failed login').toBe(3);
    expect(failures.every((l) => l.level === 40)).toBe(true);
    expect(failures.map((l) => l.email)).toEqual(
      expect.arrayContaining([org.admin.email, 'nessuno@prova.example', forged.toLowerCase()]),
    );
    // the forged line stayed inside its JSON string
    expect(
      lines.filter((l) => l.msg === 'accesso riuscito').every((l) => l.userId !== 'finto'),
    ).toBe(true);

    const denied = lines.filter((l) => l.msg === 'accesso negato');
    expect(denied.map((l) => l.code)).toEqual(
      expect.arrayContaining(['CSRF_INVALID', 'FORBIDDEN', 'UNAUTHORIZED']),
    );
    // who was refused, not only what
    expect(denied.find((l) => l.code === 'FORBIDDEN')).toMatchObject({
      level: 40,
      url: '/user/users',
      userId: user.id,
    });

    for (const secret of [TEST_PASSWORD, WRONG_PASSWORD, NEW_PASSWORD, 'biscotto-segreto-123456']) {
      expect(all, 'a password or cookie value in the log').not.toContain(secret);
    }
    for (const token of [userToken, userCsrf, anon.csrf]) {
      // at most the first 10 characters of a token
      expect(all, 'a token in the log').not.toContain(token.slice(0, 11));
      expect(all).not.toContain(token.slice(-20));
    }
  });

  it('never logs a credential carried in a query string, in the request log or the 401 warning', async () => {
    const start = raw.length;
    const jwt = (await org.adminClient()).token!;
    const url = `/companies/user-company?token=${jwt}&access_token=${jwt}&sig=firma-segreta-9&key=chiave-segreta-8&password=Segreta-77&pagina=2`;
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const all = raw.slice(start).join('');
    const lines = parsed(start);
    expect(lines.find((l) => l.msg === 'accesso negato')).toMatchObject({
      url: '/companies/user-company?token=[nascosto]&access_token=[nascosto]&sig=[nascosto]&key=[nascosto]&password=[nascosto]&pagina=2',
    });
    expect(all).toContain('pagina=2');
    for (const secret of [
      jwt.slice(0, 11),
      jwt.slice(-20),
      'firma-segreta',
      'chiave-segreta',
      'Segreta-77',
    ]) {
      expect(all, 'a credential from the query string in the log').not.toContain(secret);
    }
  });

  it('redacts secrets that a future log call might pass, with the production options', () => {
    const start = raw.length;
    const token = userToken;
    ctx.app.log.info(
      {
        headers: {
          authorization: `Bearer ${token}`,
          cookie: `XSRF-TOKEN=${userCsrf}`,
          'x-csrf-token': userCsrf,
        },
        reply: { headers: { 'set-cookie': `XSRF-TOKEN=${userCsrf}; Path=/` } },
        body: {
          email: 'a@prova.example',
          password: 'Password-Breve',
          currentPassword: TEST_PASSWORD,
          newPassword: NEW_PASSWORD,
        },
        user: { accessToken: token, csrfToken: userCsrf, temporaryPassword: 'Temporanea-1234567' },
      },
      'prova di redazione',
    );
    const [line] = parsed(start) as unknown as Array<
      { msg: string } & Record<string, Record<string, Record<string, string>>>
    >;
    const all = raw.slice(start).join('');
    expect(line!.msg).toBe('prova di redazione');
    expect(line!.headers!.authorization).toBe(`${token.slice(0, 10)}…`);
    expect(line!.headers!['x-csrf-token']).toBe(`${userCsrf.slice(0, 10)}…`);
    expect(line!.user!.accessToken).toBe(`${token.slice(0, 10)}…`);
    // passwords and cookies: nothing at all, not even a prefix
    for (const secret of [
      'Password-B',
      TEST_PASSWORD.slice(0, 6),
      NEW_PASSWORD.slice(0, 6),
      'Temporanea',
    ]) {
      expect(all).not.toContain(secret);
    }
    expect(line!.headers!.cookie).toBe('[nascosto]');
    expect(line!.reply!.headers!['set-cookie']).toBe('[nascosto]');
    expect(line!.body!.email).toBe('a@prova.example');
  });
});
