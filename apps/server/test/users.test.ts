import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createUser,
  login,
  setupCompany,
  TEST_PASSWORD,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('users administration', () => {
  it('an admin registers, lists, reads, edits and deletes a user', async () => {
    const org = await setupCompany(ctx);
    const admin = await org.adminClient();
    const created = await admin.post('/user/register', {
      name: 'Anna Cavatori',
      email: 'Anna.Cavatori@Prova.example',
      password: 'Blocco-Statuario-71',
      permissions: { bancate: true, blocchi: { access: true, write: false } },
    });
    expect(created.statusCode).toBe(201);
    const user = created.json().user;
    expect(user).toMatchObject({
      name: 'Anna Cavatori',
      email: 'anna.cavatori@prova.example',
      role: 'user',
      companyId: org.company.id,
      active: true,
    });
    expect(
      (await admin.get('/user/users')).json().users.map((u: { _id: string }) => u._id),
    ).toContain(user._id);
    expect((await admin.get(`/user/user/${user._id}`)).json().user.permissions).toEqual({
      bancate: true,
      blocchi: { access: true, write: false },
    });

    const dup = await admin.post('/user/register', {
      name: 'Doppia',
      email: 'anna.cavatori@prova.example',
      password: 'Blocco-Statuario-72',
    });
    expect(dup.statusCode).toBe(409);

    const edited = await admin.put(`/user/update/${user._id}`, {
      name: 'Anna C.',
      permissions: { chat: true },
    });
    expect(edited.json().user).toMatchObject({ name: 'Anna C.', permissions: { chat: true } });

    expect((await admin.delete(`/user/user/${user._id}`)).statusCode).toBe(204);
    expect((await admin.get(`/user/user/${user._id}`)).statusCode).toBe(404);
  });

  it('a user reads and edits only their own name and email', async () => {
    const org = await setupCompany(ctx);
    const { user, client } = await org.userClient({ chat: true });
    const mine = await client.put(`/user/update/${user.id}`, {
      name: 'Nome Nuovo',
      email: 'nuova.mail@prova.example',
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().user).toMatchObject({
      name: 'Nome Nuovo',
      email: 'nuova.mail@prova.example',
    });
    const raise = await client.put(`/user/update/${user.id}`, { role: 'admin' });
    expect(raise.statusCode).toBe(400);
    expect(raise.json().details[0].path).toBe('role');
    const perms = await client.put(`/user/update/${user.id}`, { permissions: { bancate: true } });
    expect(perms.statusCode).toBe(400);
    expect((await client.get(`/user/user/${org.admin.id}`)).statusCode).toBe(403);
    expect((await client.get('/user/users')).statusCode).toBe(403);
  });

  it('keeps the last active admin: no delete, deactivation or demotion (409)', async () => {
    const local = await buildTestApp();
    try {
      const org = await setupCompany(local);
      const admin = await org.adminClient();
      for (const attempt of [
        () => admin.delete(`/user/user/${org.admin.id}`),
        () => admin.put(`/user/update/${org.admin.id}`, { active: false }),
        () => admin.put(`/user/update/${org.admin.id}`, { role: 'user' }),
      ]) {
        const res = await attempt();
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toMatch(/ultimo amministratore/);
      }
      // With a second admin the first may step down.
      const second = await createUser(local, { companyId: org.company.id, role: 'admin' });
      expect((await admin.put(`/user/update/${org.admin.id}`, { role: 'user' })).statusCode).toBe(
        200,
      );
      const other = await login(local.app, second.email);
      expect((await other.put(`/user/update/${second.id}`, { active: false })).statusCode).toBe(
        409,
      );
    } finally {
      await local.close();
    }
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const local = await buildTestApp();
    try {
      const org = await setupCompany(local);
      const second = await createUser(local, { companyId: org.company.id, role: 'admin' });
      const a = await org.adminClient();
      const b = await login(local.app, second.email);
      const results = await Promise.all([
        a.put(`/user/update/${second.id}`, { role: 'user' }),
        b.put(`/user/update/${org.admin.id}`, { role: 'user' }),
      ]);
      const statuses = results.map((r) => r.statusCode);
      const admins = await local.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from users where role = 'admin' and active`,
      );
      const rows = (admins as unknown as { rows: Array<{ n: number }> }).rows;
      expect(rows[0]!.n).toBe(1);
      // Whichever ran second saw one admin left; its caller may also have lost its session (401).
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    } finally {
      await local.close();
    }
  });

  it('a user that records reference is deactivated, not deleted (409)', async () => {
    const org = await setupCompany(ctx);
    const admin = await org.adminClient();
    const author = await createUser(ctx, { companyId: org.company.id });
    // Any later table that records who did something references users the same way.
    await ctx.database.db.execute(
      sql`create table if not exists test_records (id serial primary key, user_id uuid not null references users(id))`,
    );
    await ctx.database.db.execute(sql`insert into test_records (user_id) values (${author.id})`);
    const res = await admin.delete(`/user/user/${author.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/disattivalo/);
    expect((await admin.put(`/user/update/${author.id}`, { active: false })).statusCode).toBe(200);
    await expect(login(ctx.app, author.email, TEST_PASSWORD)).rejects.toThrow(/403/);
  });
});

describe('a password chosen by an admin', () => {
  it("must be replaced at first login, for a new user and for an edited one; the admin's own is not", async () => {
    const org = await setupCompany(ctx);
    const admin = await org.adminClient();
    const email = `scelta-${Math.random()}@prova.example`;
    const created = await admin.post('/user/register', {
      name: 'Nuova Venditrice',
      email,
      password: 'Scelta-Admin-2026',
      permissions: { clienti: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().user.mustChangePassword).toBe(true);
    const first = await login(ctx.app, email, 'Scelta-Admin-2026');
    expect((await first.get('/api/clienti')).json()).toMatchObject({
      passwordChangeRequired: true,
    });
    expect(
      (
        await first.post('/user/change-password', {
          currentPassword: 'Scelta-Admin-2026',
          newPassword: 'Mia-Password-Nuova-9',
        })
      ).statusCode,
    ).toBe(200);
    expect((await first.get('/api/clienti')).statusCode).toBe(200);

    const id = created.json().user._id;
    expect(
      (await admin.put(`/user/update/${id}`, { password: 'Altra-Scelta-2026' })).statusCode,
    ).toBe(200);
    expect(
      (await (await login(ctx.app, email, 'Altra-Scelta-2026')).get('/api/clienti')).statusCode,
    ).toBe(403);
    expect(
      (await admin.put(`/user/update/${org.admin.id}`, { password: 'Admin-Nuova-2026' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await (await login(ctx.app, org.admin.email, 'Admin-Nuova-2026')).get('/api/clienti'))
        .statusCode,
    ).toBe(200);
  });
});

describe('password reset by an admin', () => {
  it('gives a temporary password once; the user must replace it before anything else', async () => {
    const org = await setupCompany(ctx);
    const admin = await org.adminClient();
    const { user, client: before } = await org.userClient({ clienti: true });
    const res = await admin.post(`/api/users/${user.id}/reset-password`);
    expect(res.statusCode).toBe(200);
    const { temporaryPassword } = res.json();
    expect(temporaryPassword).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
    // The old session ends and the old password no longer works.
    expect((await before.get('/api/clienti')).statusCode).toBe(401);
    await expect(login(ctx.app, user.email)).rejects.toThrow(/401/);

    const temp = await login(ctx.app, user.email, temporaryPassword);
    const me = await temp.get(`/user/user/${user.id}`);
    expect(me.json().user.mustChangePassword).toBe(true);
    const blocked = await temp.get('/api/clienti');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ passwordChangeRequired: true });
    expect((await temp.get('/companies/user-company')).statusCode).toBe(200);

    expect(
      (
        await temp.post('/user/change-password', {
          currentPassword: temporaryPassword,
          newPassword: 'Mia-Password-Nuova-9',
        })
      ).statusCode,
    ).toBe(200);
    expect((await temp.get('/api/clienti')).statusCode).toBe(200);
    expect((await temp.get(`/user/user/${user.id}`)).json().user.mustChangePassword).toBe(false);
  });

  it('is for admins only', async () => {
    const org = await setupCompany(ctx);
    const { user, client } = await org.userClient({ clienti: true });
    expect((await client.post(`/api/users/${user.id}/reset-password`)).statusCode).toBe(403);
  });
});
