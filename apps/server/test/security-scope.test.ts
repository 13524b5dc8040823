/**
 * docs/quality.md S10 (as far as the foundation goes) and S11: the company comes from the session and only an
 * admin may pick another with `X-Company-Id`; a non-admin edits only their own name and email.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema/index.js';
import {
  buildTestApp,
  createCompany,
  createUser,
  login,
  setupCompany,
  TEST_PASSWORD,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
let orgA: Awaited<ReturnType<typeof setupCompany>>;
let orgB: Awaited<ReturnType<typeof setupCompany>>;

beforeAll(async () => {
  ctx = await buildTestApp();
  orgA = await setupCompany(ctx);
  orgB = await setupCompany(ctx);
});
afterAll(() => ctx.close());

const userRow = async (id: string) => {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row!;
};

describe('company scope: X-Company-Id (S10)', () => {
  it('refuses the header from a non-admin with 403, even naming their own company', async () => {
    const { client } = await orgA.userClient({ clienti: true });
    for (const companyId of [orgB.company.id, orgA.company.id, 'non-un-id']) {
      for (const url of [
        '/companies/user-company',
        '/companies/list',
        `/companies/details/${orgA.company.id}`,
      ]) {
        const res = await client.get(url, { headers: { 'x-company-id': companyId } });
        expect(res.statusCode, `${url} with ${companyId}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    // a writing call is refused too, and the user was not touched
    const { user, client: writer } = await orgA.userClient({});
    const res = await writer.put(
      `/user/update/${user.id}`,
      { name: 'Cambiato' },
      { headers: { 'x-company-id': orgB.company.id } },
    );
    expect(res.statusCode).toBe(403);
    expect((await userRow(user.id)).name).toBe(user.name);
  });

  it('answers 400 to an admin naming a malformed or unknown company', async () => {
    const admin = await orgA.adminClient();
    for (const bad of [
      'abc',
      `${orgB.company.id}x`,
      "' OR 1=1 --",
      crypto.randomUUID(),
      `${orgA.company.id}, ${orgB.company.id}`,
    ]) {
      const res = await admin.get('/companies/user-company', { headers: { 'x-company-id': bad } });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('lets an admin act for another group company: user-company answers that company', async () => {
    const admin = await orgA.adminClient();
    const own = await admin.get('/companies/user-company');
    expect(own.json().company._id).toBe(orgA.company.id);
    const other = await admin.get('/companies/user-company', {
      headers: { 'x-company-id': orgB.company.id },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().company).toMatchObject({ _id: orgB.company.id, name: orgB.company.name });
  });

  it('a new user is registered in the company the admin acts for', async () => {
    const admin = await orgA.adminClient();
    const res = await admin.post(
      '/user/register',
      {
        name: 'Nuovo',
        email: `nuovo-${crypto.randomUUID().slice(0, 8)}@prova.example`,
        password: 'Una-Password-Lunga-2026',
      },
      { headers: { 'x-company-id': orgB.company.id } },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().user.companyId).toBe(orgB.company.id);
  });

  it('gives a user their own company, and 404 for a company that does not exist', async () => {
    const { client } = await orgA.userClient({ clienti: true });
    const mine = await client.get('/companies/user-company');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().company._id).toBe(orgA.company.id);

    const { client: clientB } = await orgB.userClient({
      fornitori: { access: true, write: false },
    });
    expect((await clientB.get('/companies/user-company')).json().company._id).toBe(orgB.company.id);

    const missing = await client.get(`/companies/details/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
    expect((await client.get('/companies/details/not-an-id')).statusCode).toBe(400);
  });
});

describe('mass assignment (S11)', () => {
  const raises = (otherCompanyId: string) => [
    { role: 'admin' },
    { permissions: { clienti: true, blocchi: { access: true, write: true } } },
    { companyId: otherCompanyId },
    { active: false },
    { password: 'Nuova-Password-Sicura-2026' },
    { name: 'Ok', role: 'admin' },
    { email: `x-${crypto.randomUUID().slice(0, 6)}@prova.example`, permissions: {} },
    { passwordHash: 'x' },
    { _id: crypto.randomUUID() },
    { createdAt: '2020-01-01T00:00:00Z' },
  ];

  it('refuses role, permissions, company, active and password from a non-admin on themself (400) and changes nothing', async () => {
    const { user, client } = await orgA.userClient({ blocchi: { access: true, write: false } });
    const before = await userRow(user.id);
    for (const body of raises(orgB.company.id)) {
      const res = await client.put(`/user/update/${user.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    const after = await userRow(user.id);
    expect(after).toEqual(before);
    // the session still works and still has no admin power
    expect((await client.get('/user/users')).statusCode).toBe(403);
    expect((await client.get(`/user/user/${user.id}`)).json().user).toMatchObject({
      role: 'user',
      companyId: orgA.company.id,
    });
    // the old password still works, so it was not reset
    await login(ctx.app, user.email, TEST_PASSWORD);
  });

  it('lets a non-admin change their own name and email (200)', async () => {
    const { user, client } = await orgA.userClient({});
    const email = `rinominato-${crypto.randomUUID().slice(0, 8)}@prova.example`;
    const res = await client.put(`/user/update/${user.id}`, {
      name: 'Nome Nuovo',
      email: email.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      _id: user.id,
      name: 'Nome Nuovo',
      email,
      role: 'user',
    });
    const row = await userRow(user.id);
    expect(row).toMatchObject({
      name: 'Nome Nuovo',
      email,
      role: 'user',
      active: true,
      companyId: orgA.company.id,
      passwordHash: user.passwordHash,
    });
    // their own name change does not log them out
    expect((await client.get(`/user/user/${user.id}`)).statusCode).toBe(200);
  });

  it('refuses a non-admin editing someone else (403), in their company or another, and changes nothing', async () => {
    const { client } = await orgA.userClient({});
    const colleague = await createUser(ctx, { companyId: orgA.company.id });
    for (const target of [colleague.id, orgA.admin.id, orgB.admin.id]) {
      const before = await userRow(target);
      for (const body of [
        { name: 'Preso' },
        { active: false },
        { password: 'Nuova-Password-Sicura-2026' },
      ]) {
        const res = await client.put(`/user/update/${target}`, body);
        expect(res.statusCode).toBe(403);
      }
      expect((await client.get(`/user/user/${target}`)).statusCode).toBe(403);
      expect(await userRow(target)).toEqual(before);
    }
  });

  it("an admin's change to a user's access ends that user's sessions (the new values are enforced at once)", async () => {
    const { user, client } = await orgA.userClient({ clienti: true });
    expect((await client.get('/companies/list')).statusCode).toBe(200);
    const admin = await orgA.adminClient();
    expect((await admin.put(`/user/update/${user.id}`, { permissions: {} })).statusCode).toBe(200);
    expect((await client.get('/companies/list')).statusCode).toBe(401);
    const live = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
  });

  it('does not let a body name another company for a new user unless it exists', async () => {
    const admin = await orgA.adminClient();
    const res = await admin.post('/user/register', {
      name: 'Nessuna',
      email: `nessuna-${crypto.randomUUID().slice(0, 8)}@prova.example`,
      password: 'Una-Password-Lunga-2026',
      companyId: crypto.randomUUID(),
    });
    expect(res.statusCode).toBe(400);
    const other = await createCompany(ctx);
    const ok = await admin.post('/user/register', {
      name: 'Altra',
      email: `altra-${crypto.randomUUID().slice(0, 8)}@prova.example`,
      password: 'Una-Password-Lunga-2026',
      companyId: other.id,
    });
    expect(ok.statusCode).toBe(201);
  });
});
