import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestDatabase, onPostgres } from '../../test/database.js';
import { openDatabase, type Database } from '../db/client.js';
import { companies, users } from '../db/schema/index.js';
import { COMMON_PASSWORD_MESSAGE, verifyPassword } from '../lib/auth/passwords.js';
import { createAdmin, DEFAULT_COMPANY_NAME } from './create-admin-lib.js';

const execFileAsync = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'Una-Password-Lunga-2026';

const countRows = async (database: Database, table: typeof users | typeof companies) =>
  Number((await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n);

describe('create-admin', { timeout: 60_000 }, () => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.close();
  });

  test('on an empty database creates the company and an admin whose password verifies', async () => {
    const result = await createAdmin(database, { email: ' Capo@Cava.IT ', password: PASSWORD });
    expect(result.company).toMatchObject({ name: DEFAULT_COMPANY_NAME, created: true });
    expect(result.user).toMatchObject({
      email: 'capo@cava.it',
      role: 'admin',
      name: 'Capo',
      active: true,
    });
    const [row] = await database.db.select().from(users).where(eq(users.id, result.user._id));
    expect(row!.companyId).toBe(result.company.id);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.passwordHash, PASSWORD)).toBe(true);
  });

  test('names the new company from --company and the user from --name', async () => {
    const result = await createAdmin(database, {
      email: 'a@b.it',
      password: PASSWORD,
      name: 'Maria Rossi',
      company: 'Marmi Apuani S.p.A.',
    });
    expect(result.company).toMatchObject({ name: 'Marmi Apuani S.p.A.', created: true });
    expect(result.user.name).toBe('Maria Rossi');
  });

  test('uses an existing company: the first by default, or the one named by name or id', async () => {
    const [first] = await database.db
      .insert(companies)
      .values({ name: 'Prima', createdAt: new Date('2026-01-01T00:00:00Z') })
      .returning();
    const [second] = await database.db
      .insert(companies)
      .values({ name: 'Seconda', createdAt: new Date('2026-02-01T00:00:00Z') })
      .returning();
    expect((await createAdmin(database, { email: 'a1@b.it', password: PASSWORD })).company).toEqual(
      {
        id: first!.id,
        name: 'Prima',
        created: false,
      },
    );
    expect(
      (await createAdmin(database, { email: 'a2@b.it', password: PASSWORD, company: 'seconda' }))
        .company.id,
    ).toBe(second!.id);
    expect(
      (await createAdmin(database, { email: 'a3@b.it', password: PASSWORD, company: second!.id }))
        .company.id,
    ).toBe(second!.id);
    await expect(
      createAdmin(database, { email: 'a4@b.it', password: PASSWORD, company: 'Terza' }),
    ).rejects.toThrow(/Nessuna azienda «Terza».*Prima.*Seconda/s);
    expect(await countRows(database, companies)).toBe(2);
    expect(await countRows(database, users)).toBe(3);
  });

  test('refuses an email already in use (any case) and changes nothing', async () => {
    await createAdmin(database, { email: 'capo@cava.it', password: PASSWORD });
    await expect(
      createAdmin(database, { email: 'CAPO@cava.it', password: PASSWORD }),
    ).rejects.toThrow(/Esiste già un utente con l'email capo@cava\.it/);
    expect(await countRows(database, users)).toBe(1);
    expect(await countRows(database, companies)).toBe(1);
  });

  test('refuses short, long and common passwords and a bad email with the Italian messages', async () => {
    await expect(createAdmin(database, { email: 'a@b.it', password: 'corta' })).rejects.toThrow(
      'La password deve avere almeno 10 caratteri',
    );
    await expect(
      createAdmin(database, { email: 'a@b.it', password: 'x'.repeat(129) }),
    ).rejects.toThrow('La password può avere al massimo 128 caratteri');
    await expect(
      createAdmin(database, { email: 'a@b.it', password: 'password123' }),
    ).rejects.toThrow(COMMON_PASSWORD_MESSAGE);
    await expect(
      createAdmin(database, { email: 'non-una-email', password: PASSWORD }),
    ).rejects.toThrow('Email non valida');
    expect(await countRows(database, users)).toBe(0);
    expect(await countRows(database, companies)).toBe(0);
  });
});

describe.skipIf(onPostgres())('npm run create-admin (command line)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  const tsx = path.resolve(SERVER_DIR, '../../node_modules/.bin/tsx');
  const run = (args: string[], env: NodeJS.ProcessEnv) =>
    execFileAsync(tsx, ['src/cli/create-admin.ts', ...args], { cwd: SERVER_DIR, env });

  test('works in production without JWT_SECRET, migrating a new database, and refuses unsafe input', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-admin-'));
    dirs.push(dataDir);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      INIT_CWD: '',
    };
    delete env.JWT_SECRET;
    delete env.DATABASE_URL;

    const ok = await run(['--email', 'capo@cava.it', '--company', 'Marmi Apuani'], env);
    expect(ok.stdout).toMatch(/Creata l'azienda «Marmi Apuani»/);
    expect(ok.stdout).toMatch(/Creato l'amministratore Capo <capo@cava\.it>/);

    // (A taken email and a common password are refused by the same code: see the tests above.)
    await expect(
      run(['--email', 'altro@cava.it', '--password', PASSWORD], env),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/non si passa come argomento/),
    });
    // No ADMIN_PASSWORD and no terminal to ask on: refused, nothing created.
    await expect(
      run(['--email', 'altro@cava.it'], { ...env, ADMIN_PASSWORD: '' }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/ADMIN_PASSWORD/),
    });

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
    try {
      const rows = await database.db.select().from(users);
      expect(rows.map((r) => [r.email, r.role])).toEqual([['capo@cava.it', 'admin']]);
      expect(await verifyPassword(rows[0]!.passwordHash, PASSWORD)).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000);
});
