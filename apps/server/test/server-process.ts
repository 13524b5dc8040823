import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { companies, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/auth/passwords.js';
import { TEST_PASSWORD } from './helpers.js';

/**
 * The real server as a child process (`src/main.ts` through tsx, as `npm start` runs it), for the fault tests
 * (docs/quality.md R7, R9, R10): signals, crashes and restarts need a process, not `app.inject`.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const main = path.join(root, 'apps/server/src/main.ts');

export const ADMIN_EMAIL = 'admin@guasti.example';

export interface Installation {
  dataDir: string;
  /** Set when the installation lives on PostgreSQL (the suite's TEST_DATABASE_URL server). */
  databaseUrl?: string;
  /** Rows of one table, read with a fresh connection after the server is gone. */
  query<T>(sql: string): Promise<T[]>;
  remove(): Promise<void>;
}

/**
 * A migrated installation with one company and one admin, so the server starts without the demo data
 * (it seeds only an empty database): file-backed PGlite in DATA_DIR, or a database of its own on the
 * PostgreSQL server of TEST_DATABASE_URL when `onPostgres`.
 */
export async function createInstallation({ onPostgres = false } = {}): Promise<Installation> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-fault-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (onPostgres) {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `gestcava_fault_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    await withClient(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    dropDatabase = () =>
      withClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      );
  }
  // On PGlite the run's migrated template (global-setup) is unpacked into the folder: faster than migrating.
  const template = databaseUrl ? undefined : inject('pgliteTemplate');
  const database = await openDatabase({
    databaseUrl,
    pgliteDir: databaseUrl ? undefined : path.join(dataDir, 'pgdata'),
    loadDataDir: template ? new Blob([fs.readFileSync(template)]) : undefined,
    poolSize: 1,
  });
  await database.migrate();
  const [company] = await database.db
    .insert(companies)
    .values({ name: 'Cava dei guasti', quarryName: 'Cava dei guasti' })
    .returning();
  await database.db.insert(users).values({
    companyId: company!.id,
    email: ADMIN_EMAIL,
    name: 'Amministratore',
    role: 'admin',
    permissions: {},
    active: true,
    passwordHash: await hashPassword(TEST_PASSWORD),
  });
  await database.close();
  return {
    dataDir,
    databaseUrl,
    async query<T>(sql: string) {
      const db = await openDatabase({
        databaseUrl,
        pgliteDir: databaseUrl ? undefined : path.join(dataDir, 'pgdata'),
        poolSize: 1,
      });
      try {
        if (db.pglite) return (await db.pglite.query<T>(sql)).rows;
        return (await db.pool!.query(sql)).rows as T[];
      } finally {
        await db.close();
      }
    },
    async remove() {
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  url: string;
  /** Exit code and signal, once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/** Starts the server on an installation and waits until it listens. */
export async function startServer(
  install: Installation,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  // One process (tsx as a loader, not its CLI, which would run the server in a child of its own):
  // SIGKILL must reach the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: install.dataDir,
      DATABASE_URL: install.databaseUrl ?? '',
      TEST_DATABASE_URL: '',
      REDIS_URL: '',
      PORT: String(port),
      LOG_LEVEL: 'info',
      // The fault tests are the only clients: generous limits so they measure faults, not throttles.
      LOGIN_MAX_FAILURES_PAIR: '1000',
      RATE_LIMIT_UPLOADS: '1000',
      WEB_DIST_DIR: path.join(install.dataDir, 'no-web'),
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = await Promise.race([
    waitFor(() => output.includes('GestCava è pronto'), 60_000),
    exited.then(() => false),
  ]);
  if (!ready) {
    child.kill('SIGKILL');
    throw new Error(`the server did not start:\n${output}`);
  }
  return { child, url: `http://127.0.0.1:${port}`, exited, output: () => output };
}

export async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

/** A logged-in client over real HTTP, with bearer and anti-forgery token like the web app. */
export async function loginOverHttp(url: string, email = ADMIN_EMAIL, password = TEST_PASSWORD) {
  const csrfFor = async (token?: string) => {
    const res = await fetch(`${url}/api/token`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return ((await res.json()) as { csrfToken: string }).csrfToken;
  };
  const anon = await csrfFor();
  const login = await fetch(`${url}/user/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': anon,
      cookie: `XSRF-TOKEN=${anon}`,
    },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { user } = (await login.json()) as { user: { accessToken: string; companyId: string } };
  const csrf = await csrfFor(user.accessToken);
  const headers = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${user.accessToken}`,
    'x-csrf-token': csrf,
    cookie: `XSRF-TOKEN=${csrf}`,
    ...extra,
  });
  return {
    companyId: user.companyId,
    headers,
    get: (p: string, init: RequestInit = {}) =>
      fetch(`${url}${p}`, { ...init, headers: headers() }),
    postJson: (p: string, body: unknown, init: RequestInit = {}) =>
      fetch(`${url}${p}`, {
        ...init,
        method: 'POST',
        headers: headers({ 'content-type': 'application/json' }),
        body: JSON.stringify(body),
      }),
  };
}

/**
 * A cliente created over a request of its own connection whose body arrives in two halves: the first
 * at once (so the server begins handling it), the second when `release` resolves. Resolves to 201 or
 * `<status> <body>`, or the connection's error code (ECONNREFUSED: the server did not take it).
 */
export function slowCreate(
  url: string,
  headers: Record<string, string>,
  ragioneSociale: string,
  release: Promise<void>,
) {
  const body = Buffer.from(
    JSON.stringify({ ragioneSociale, nazione: 'DE', indirizzo: 'Hauptstr. 1', comune: 'Berlin' }),
  );
  let headSent!: () => void;
  const sentHead = new Promise<void>((r) => (headSent = r));
  const status = new Promise<number | string>((resolve) => {
    const req = http.request(`${url}/api/clienti`, {
      method: 'POST',
      agent: false,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(body.length),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve(res.statusCode === 201 ? 201 : `${res.statusCode} ${text}`));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.flushHeaders();
    req.write(body.subarray(0, 10), () => headSent());
    void release.then(() => req.end(body.subarray(10)));
  });
  return { sentHead, status };
}

/** A connection that has sent the first line of a GET; `finish` sends the rest and reads the answer. */
export async function partialRequest(url: string, path: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise((r) => socket.once('connect', r));
  let raw = '';
  socket.on('data', (d: Buffer) => (raw += d.toString()));
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  socket.on('error', () => undefined);
  socket.write(`GET ${path} HTTP/1.1\r\n`);
  return {
    async finish() {
      socket.write(`Host: ${hostname}:${port}\r\n\r\n`);
      await closed;
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), head: head.toLowerCase(), body };
    },
  };
}
