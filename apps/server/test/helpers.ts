import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { casse, mqPavimenti, type Permissions, type Role } from '@gestcava/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type AppDeps } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import type { Database } from '../src/db/client.js';
import type { ObjectBackend } from '../src/lib/object-store/backend.js';
import { companies, lavorazioniPavimenti, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/auth/passwords.js';
import { createTestDatabase } from './database.js';
import type { FaultPoints } from '../src/lib/faults.js';

export const TEST_PASSWORD = 'Prova-Sicura-2026!';
let passwordHash: Promise<string> | undefined;

export interface TestContext {
  app: App;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

/** Makes the storage backend of one test app; `dataDir` is the app's own (fresh) data folder. */
export type TestStorageBackend = (dataDir: string) => ObjectBackend | Promise<ObjectBackend>;

/**
 * The backend the test apps store files in: the option, else the module named by
 * TEST_STORAGE_BACKEND (a path relative to this folder whose `createTestBackend` is a
 * TestStorageBackend), so a suite written for the default filesystem also runs on another backend:
 * `TEST_STORAGE_BACKEND=./s3-backend.ts node scripts/test.mjs server -- test/photos.test.ts`.
 */
async function storageBackendFor(
  dataDir: string,
  option: TestStorageBackend | undefined,
): Promise<ObjectBackend | undefined> {
  if (option) return option(dataDir);
  const named = process.env.TEST_STORAGE_BACKEND;
  if (!named) return undefined;
  const module = (await import(path.resolve(import.meta.dirname, named))) as {
    createTestBackend: TestStorageBackend;
  };
  return module.createTestBackend(dataDir);
}

/** The real app on a fresh test database, with generous login limits unless a test sets its own. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    logger?: AppDeps['logger'];
    storageBackend?: TestStorageBackend;
    /** Set a point of it during a test to make a write fail there (lib/faults.ts). */
    faults?: FaultPoints;
  } = {},
): Promise<TestContext & { /** for tests that forge tokens with the right key */ secret: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOGIN_MAX_FAILURES_PAIR: '1000',
    LOGIN_MAX_FAILURES_ACCOUNT: '1000',
    LOGIN_MAX_FAILURES_IP: '10000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // no other instance uploads here: a crash's leftovers go at the first sweep
    STORAGE_PENDING_GRACE_MINUTES: '0',
    ...env,
  });
  const database = await createTestDatabase();
  const secret = crypto.randomBytes(32).toString('hex');
  const storageBackend = await storageBackendFor(dataDir, options.storageBackend);
  const app = await buildApp({
    config,
    database,
    secret,
    logger: options.logger,
    storageBackend,
    faults: options.faults,
  });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    secret,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createCompany(
  ctx: TestContext,
  values: Partial<typeof companies.$inferInsert> = {},
) {
  const [row] = await ctx.database.db
    .insert(companies)
    .values({
      name: `Azienda ${crypto.randomUUID().slice(0, 8)}`,
      quarryName: 'Cava di prova',
      ...values,
    })
    .returning();
  return row!;
}

export async function createUser(
  ctx: TestContext,
  opts: {
    companyId: string;
    role?: Role;
    permissions?: Permissions;
    active?: boolean;
    email?: string;
    name?: string;
  },
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      companyId: opts.companyId,
      email: opts.email ?? `utente-${crypto.randomUUID().slice(0, 8)}@prova.example`,
      name: opts.name ?? 'Utente di prova',
      role: opts.role ?? 'user',
      permissions: opts.permissions ?? {},
      active: opts.active ?? true,
      passwordHash: await passwordHash,
    })
    .returning();
  return row!;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** Leave out the anti-forgery header and cookie. */
  noCsrf?: boolean;
}

/** A logged-in (or anonymous) client over `app.inject`, carrying bearer and anti-forgery token like the web app. */
export class TestClient {
  constructor(
    readonly app: App,
    readonly token: string | null,
    readonly csrf: string,
    readonly user: { _id: string; companyId: string; role: string } | null,
  ) {}

  async request(
    method: Method,
    url: string,
    opts: RequestOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const unsafe = method !== 'GET';
    if (unsafe && !opts.noCsrf) {
      headers['x-csrf-token'] ??= this.csrf;
      headers.cookie ??= `XSRF-TOKEN=${this.csrf}`;
    }
    return this.app.inject({
      method,
      url,
      headers,
      query: opts.query,
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
  }
  get(url: string, opts?: RequestOptions) {
    return this.request('GET', url, opts);
  }
  post(url: string, body?: unknown, opts?: RequestOptions) {
    return this.request('POST', url, { ...opts, body });
  }
  put(url: string, body?: unknown, opts?: RequestOptions) {
    return this.request('PUT', url, { ...opts, body });
  }
  delete(url: string, body?: unknown, opts?: RequestOptions) {
    return this.request('DELETE', url, { ...opts, body });
  }
}

export async function fetchCsrf(app: App, token?: string | null): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/token',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return (res.json() as { csrfToken: string }).csrfToken;
}

export async function anonymousClient(app: App): Promise<TestClient> {
  return new TestClient(app, null, await fetchCsrf(app), null);
}

export async function login(
  app: App,
  email: string,
  password = TEST_PASSWORD,
): Promise<TestClient> {
  const anon = await anonymousClient(app);
  const res = await anon.post('/user/login', { email, password });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  const { user } = res.json() as {
    user: { _id: string; companyId: string; role: string; accessToken: string };
  };
  return new TestClient(app, user.accessToken, await fetchCsrf(app, user.accessToken), user);
}

/** A company with an admin and a client factory for users with chosen permissions. */
export async function setupCompany(ctx: TestContext) {
  const company = await createCompany(ctx);
  const admin = await createUser(ctx, { companyId: company.id, role: 'admin' });
  return {
    company,
    admin,
    adminClient: () => login(ctx.app, admin.email),
    async userClient(permissions: Permissions = {}, extra: { companyId?: string } = {}) {
      const user = await createUser(ctx, { companyId: extra.companyId ?? company.id, permissions });
      return { user, client: await login(ctx.app, user.email) };
    },
  };
}

/** The lookups a bancata and its blocchi need (cava, materiale, ubicazione), made by an admin. */
export async function createProductionLookups(admin: TestClient) {
  const cava = (
    await admin.post('/api/cave', { codice: '173', nome: 'Canalgrande', comune: 'Carrara' })
  ).json() as { _id: string };
  const materiale = (
    await admin.post('/api/materiali', { nome: 'Statuario', densita: 2.71 })
  ).json() as { _id: string };
  const ubicazione = (
    await admin.post('/api/ubicazioni', { nome: 'Piazzale cava', tipo: 'piazzale_cava' })
  ).json() as { _id: string };
  return { cavaId: cava._id, materialeId: materiale._id, ubicazioneId: ubicazione._id };
}

/**
 * The trade parties most sales and stock tests need: a German supplier of bought-in blocks and two
 * German customers (A buys, B is the other one a block may be optioned or sold to).
 */
export async function createTradeParties(admin: TestClient) {
  const party = async (path: string, ragioneSociale: string, indirizzo: string, comune: string) => {
    const res = await admin.post(path, { ragioneSociale, nazione: 'DE', indirizzo, comune });
    if (res.statusCode !== 201) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return (res.json() as { _id: string })._id;
  };
  return {
    fornitore: await party('/api/fornitori', 'Cave Esterne S.r.l.', 'Hauptstr. 1', 'Berlin'),
    clienteA: await party('/api/clienti', 'Stone Design GmbH', 'Hauptstr. 1', 'München'),
    clienteB: await party('/api/clienti', 'Edilmarmi S.p.A.', 'Ring 2', 'Berlin'),
  };
}

/**
 * A tile lot in stock, loaded through the ledger as a completed tile cut loads it (the cut itself is
 * written directly, `LP-` for the lot's `LO-`): 305×305×10 lucidato unless told, m² and boxes computed
 * as the app computes them.
 */
export async function loadLotto(
  ctx: TestContext,
  companyId: string,
  lot: {
    codice: string;
    materialeId: string;
    pezzi: number;
    pezziPerCassa: number;
    bloccoId?: string;
    ubicazioneId?: string;
    lunghezzaMm?: number;
    larghezzaMm?: number;
    spessoreMm?: number;
    finitura?: string;
  },
): Promise<{ id: string; lavorazioneId: string }> {
  const {
    codice,
    materialeId,
    pezzi,
    pezziPerCassa,
    bloccoId,
    ubicazioneId,
    lunghezzaMm = 305,
    larghezzaMm = 305,
    spessoreMm = 10,
    finitura = 'lucidato',
  } = lot;
  const db = ctx.database.db;
  const [lp] = await db
    .insert(lavorazioniPavimenti)
    .values({
      companyId,
      codice: codice.replace(/^LO-/, 'LP-'),
      origine: bloccoId ? 'blocco' : 'lastre',
      bloccoId,
      materialeId,
      lunghezzaMm,
      larghezzaMm,
      spessoreMm,
      finitura,
      bordo: 'vivo',
      stato: 'completata',
    })
    .returning();
  const { id } = await db.transaction((tx) =>
    ctx.app.services.magazzino.caricaLotto(
      tx,
      { companyId, userId: null },
      {
        companyId,
        codice,
        lavorazioneId: lp!.id,
        bloccoId,
        materialeId,
        lunghezzaMm,
        larghezzaMm,
        spessoreMm,
        finitura,
        bordo: 'vivo',
        calibrato: true,
        scelta: 'prima',
        pezzi,
        mq: mqPavimenti(pezzi, lunghezzaMm, larghezzaMm),
        pezziPerCassa,
        casse: casse(pezzi, pezziPerCassa),
        ubicazioneId,
      },
    ),
  );
  return { id, lavorazioneId: lp!.id };
}
