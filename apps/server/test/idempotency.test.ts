import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, idempotencyKeys } from '../src/db/schema/index.js';
import {
  buildTestApp,
  fetchCsrf,
  setupCompany,
  TEST_PASSWORD,
  TestClient,
  type TestContext,
} from './helpers.js';
import { bodyFieldNames, walkRoutes } from './security-helpers.js';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
});
afterAll(() => ctx.close());

const countNamed = async (name: string) =>
  (await ctx.database.db.select().from(companies).where(eq(companies.name, name))).length;

describe('Idempotency-Key on creating requests', () => {
  it('retry after a stale anti-forgery token creates one row and replays the first answer (R4)', async () => {
    const admin = await org.adminClient();
    const key = crypto.randomUUID();
    const body = { name: 'Marmi Idempotenti S.r.l.' };
    const stale = await admin.post('/companies/create', body, {
      headers: {
        'idempotency-key': key,
        'x-csrf-token': 'vecchio.token',
        cookie: 'XSRF-TOKEN=vecchio.token',
      },
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().tokenRefreshRequired).toBe(true);
    expect(await countNamed(body.name)).toBe(0);

    const fresh = new TestClient(
      ctx.app,
      admin.token,
      await fetchCsrf(ctx.app, admin.token),
      admin.user,
    );
    const first = await fresh.post('/companies/create', body, {
      headers: { 'idempotency-key': key },
    });
    expect(first.statusCode).toBe(201);
    const again = await fresh.post('/companies/create', body, {
      headers: { 'idempotency-key': key },
    });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/application\/json/);
    expect(await countNamed(body.name)).toBe(1);
  });

  it('the same key with another body is 422 and writes nothing', async () => {
    const admin = await org.adminClient();
    const key = crypto.randomUUID();
    expect(
      (
        await admin.post(
          '/companies/create',
          { name: 'Prima Ditta' },
          { headers: { 'idempotency-key': key } },
        )
      ).statusCode,
    ).toBe(201);
    const other = await admin.post(
      '/companies/create',
      { name: 'Seconda Ditta' },
      { headers: { 'idempotency-key': key } },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await countNamed('Seconda Ditta')).toBe(0);
  });

  it('two concurrent sends with one key: one 201, the other 409 or the replay; one row (R5)', async () => {
    const admin = await org.adminClient();
    const key = crypto.randomUUID();
    const body = { name: 'Ditta Concorrente' };
    const results = await Promise.all([
      admin.post('/companies/create', body, { headers: { 'idempotency-key': key } }),
      admin.post('/companies/create', body, { headers: { 'idempotency-key': key } }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(201);
    expect([201, 409]).toContain(codes[1]);
    const conflict = results.find((r) => r.statusCode === 409);
    if (conflict) expect(conflict.json().code).toBe('IDEMPOTENCY_IN_FLIGHT');
    expect(await countNamed(body.name)).toBe(1);
  });

  it('a key is scoped to its user: another admin with the same key creates their own', async () => {
    const first = await org.adminClient();
    const { createUser } = await import('./helpers.js');
    const second = await createUser(ctx, { companyId: org.company.id, role: 'admin' });
    const { login } = await import('./helpers.js');
    const other = await login(ctx.app, second.email);
    const key = crypto.randomUUID();
    const body = { name: 'Ditta Per Utente' };
    expect(
      (await first.post('/companies/create', body, { headers: { 'idempotency-key': key } }))
        .statusCode,
    ).toBe(201);
    const res = await other.post('/companies/create', body, {
      headers: { 'idempotency-key': key },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await countNamed(body.name)).toBe(2);
  });

  it('a validation failure stores nothing, so the corrected retry with the same key succeeds', async () => {
    const admin = await org.adminClient();
    const key = crypto.randomUUID();
    expect(
      (await admin.post('/companies/create', { name: '' }, { headers: { 'idempotency-key': key } }))
        .statusCode,
    ).toBe(400);
    const ok = await admin.post(
      '/companies/create',
      { name: '' },
      { headers: { 'idempotency-key': key } },
    );
    expect(ok.statusCode).toBe(400);
    expect(ok.headers['idempotent-replayed']).toBeUndefined();
  });

  it('no key is fine: every create without one is its own', async () => {
    const admin = await org.adminClient();
    expect((await admin.post('/companies/create', { name: 'Senza Chiave' })).statusCode).toBe(201);
    expect((await admin.post('/companies/create', { name: 'Senza Chiave' })).statusCode).toBe(201);
    expect(await countNamed('Senza Chiave')).toBe(2);
  });

  it('refuses a malformed key', async () => {
    const admin = await org.adminClient();
    const res = await admin.post(
      '/companies/create',
      { name: 'X' },
      { headers: { 'idempotency-key': 'con spazi non ammessi' } },
    );
    expect(res.statusCode).toBe(400);
  });
});

describe('no secret in the idempotency store', () => {
  const keptFor = async (userId: string) =>
    ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));

  it('a password change and a reset with a key are served, run again on a repeat, and leave nothing kept', async () => {
    const { user, client } = await org.userClient({ clienti: true });
    const key = crypto.randomUUID();
    const change = { currentPassword: TEST_PASSWORD, newPassword: 'Nuova-Segreta-2026-x' };
    const first = await client.post('/user/change-password', change, {
      headers: { 'idempotency-key': key },
    });
    expect(first.statusCode).toBe(200);
    // the repeat runs again: the current password is no longer that one
    const again = await client.post('/user/change-password', change, {
      headers: { 'idempotency-key': key },
    });
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.statusCode).toBe(400);
    expect(await keptFor(user.id)).toEqual([]);

    const admin = await org.adminClient();
    const resetKey = crypto.randomUUID();
    const reset = () =>
      admin.post(`/api/users/${user.id}/reset-password`, undefined, {
        headers: { 'idempotency-key': resetKey },
      });
    const one = await reset();
    const two = await reset();
    expect(one.statusCode).toBe(200);
    expect(two.statusCode).toBe(200);
    expect(two.json().temporaryPassword).not.toBe(one.json().temporaryPassword);
    const kept = JSON.stringify(await keptFor(org.admin.id));
    for (const secret of [one.json().temporaryPassword, two.json().temporaryPassword])
      expect(kept).not.toContain(secret);

    // an admin choosing a password for someone keeps nothing either
    const registered = await admin.post(
      '/user/register',
      { name: 'Con Chiave', email: `chiave-${key}@prova.example`, password: 'Scelta-Con-Chiave-9' },
      { headers: { 'idempotency-key': crypto.randomUUID() } },
    );
    expect(registered.statusCode, registered.body).toBe(201);
    expect(JSON.stringify(await keptFor(org.admin.id))).not.toContain('Scelta-Con-Chiave-9');
  });

  it('every route whose body names a password is kept out of the store', () => {
    const missing = walkRoutes(ctx.app)
      .filter((r) => bodyFieldNames(r.body).some((f) => /password/i.test(f)))
      .filter((r) => !r.holdsSecrets)
      .map((r) => r.label);
    expect(missing).toEqual([]);
  });

  it("any other fingerprint is keyed with the server's secret, not a plain hash of the body", async () => {
    const admin = await org.adminClient();
    const body = { name: 'Marmi Impronta S.r.l.' };
    const res = await admin.post('/companies/create', body, {
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(res.statusCode).toBe(201);
    const [row] = (await keptFor(org.admin.id)).filter((r) => r.path === '/companies/create');
    const plain = createHash('sha256')
      .update(`POST /companies/create\n${JSON.stringify(body)}`)
      .digest('hex');
    expect(row!.requestHash).not.toBe(plain);
    expect(row!.requestHash).toMatch(/^[\w-]{43}$/);
  });
});
