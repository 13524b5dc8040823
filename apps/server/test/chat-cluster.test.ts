/**
 * scale-out (docs/architecture.md, §3.2): two server processes on one PostgreSQL database, linked by
 * socket.io's Redis adapter. A message sent through one instance reaches a client connected to the
 * other; presence and session revocation cross instances too.
 *
 * Needs TEST_DATABASE_URL (PostgreSQL: PGlite is one process) and REDIS_URL (a redis-server on
 * loopback, which .ci/run starts); without them it is skipped and says why.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  ChatClientToServerEvents,
  ChatMessage,
  ChatServerToClientEvents,
} from '@gestcava/contracts';
import pg from 'pg';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo.js';

const DATABASE = process.env.TEST_DATABASE_URL;
const REDIS = process.env.REDIS_URL;
const reason = !DATABASE
  ? 'TEST_DATABASE_URL is not set'
  : !REDIS
    ? 'REDIS_URL is not set (bash .ci/run starts redis-server)'
    : null;

const root = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

interface Instance {
  url: string;
  process: ChildProcess;
}

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function start(env: Record<string, string>): Promise<Instance> {
  return freePort().then(
    (port) =>
      new Promise<Instance>((resolve, reject) => {
        const child = spawn(tsx, [path.join(root, 'apps/server/src/main.ts')], {
          env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        const timer = setTimeout(
          () => reject(new Error(`instance did not start in 90 s:\n${output}`)),
          90_000,
        );
        const onData = (d: Buffer) => {
          output += d.toString();
          if (output.includes('GestCava è pronto')) {
            clearTimeout(timer);
            resolve({ url: `http://127.0.0.1:${port}`, process: child });
          }
        };
        child.stdout!.on('data', onData);
        child.stderr!.on('data', onData);
        child.on('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`instance exited with ${code}:\n${output}`));
        });
      }),
  );
}

async function stop(instance: Instance | undefined) {
  if (!instance || instance.process.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.process.once('exit', resolve));
  instance.process.kill('SIGTERM');
  await exited;
}

interface Session {
  token: string;
  userId: string;
  csrf: string;
}

async function csrfFor(base: string, token?: string): Promise<string> {
  const res = await fetch(`${base}/api/token`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

async function login(base: string, email: string): Promise<Session> {
  const anon = await csrfFor(base);
  const res = await fetch(`${base}/user/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': anon,
      cookie: `XSRF-TOKEN=${anon}`,
    },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const { user } = (await res.json()) as { user: { _id: string; accessToken: string } };
  return { token: user.accessToken, userId: user._id, csrf: await csrfFor(base, user.accessToken) };
}

const auth = (s: Session) => ({
  authorization: `Bearer ${s.token}`,
  'x-csrf-token': s.csrf,
  cookie: `XSRF-TOKEN=${s.csrf}`,
});

type ChatSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

/**
 * A connected socket and the unread count the server sends as it connects. That count can arrive in
 * the same read as the connection itself, before an `await connect()` resumes, so it is listened for
 * from the start (a listener added after the await missed it now and then, and the test timed out).
 */
function connect(
  base: string,
  token: string,
): Promise<{ socket: ChatSocket; firstUnread: Promise<number> }> {
  const socket: ChatSocket = connectClient(base, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  const firstUnread = new Promise<number>((resolve) =>
    socket.once('unread_count', (d) => resolve(d.unreadCount)),
  );
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, firstUnread }));
    socket.once('connect_error', reject);
  });
}

describe.skipIf(reason !== null)(
  `two instances linked by Redis${reason ? ` (skipped: ${reason})` : ''}`,
  () => {
    let a: Instance | undefined;
    let b: Instance | undefined;
    let dbName = '';
    let dataDir = '';
    const sockets: Socket[] = [];

    beforeAll(async () => {
      // A database of its own, cloned from the run's migrated template (test/global-setup.ts).
      const template = inject('pgTemplate')!;
      dbName = `gestcava_t_${template.replace('gestcava_tpl_', '')}_cl${crypto.randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: DATABASE });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${template}`);
      await admin.end();
      const target = new URL(DATABASE!);
      target.pathname = `/${dbName}`;
      // Shared by both: the signing secret (one JWT, valid on either) and the uploads folder.
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-cluster-'));
      const env = {
        NODE_ENV: 'development',
        DATABASE_URL: target.toString(),
        DATA_DIR: dataDir,
        REDIS_URL: REDIS!,
        JWT_SECRET: crypto.randomBytes(32).toString('hex'),
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        LOGIN_MAX_FAILURES_PAIR: '1000',
        LOGIN_MAX_FAILURES_ACCOUNT: '1000',
        LOGIN_MAX_FAILURES_IP: '10000',
      };
      // One after the other: the first seeds the demo data, the second finds it.
      a = await start(env);
      b = await start(env);
    }, 200_000);

    afterAll(async () => {
      for (const s of sockets) s.disconnect();
      await Promise.all([stop(a), stop(b)]);
      if (dbName) {
        const admin = new pg.Client({ connectionString: DATABASE });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('delivers a message sent through instance A to a client connected to instance B, with its unread count', async () => {
      const sender = await login(a!.url, 'produzione@cava.example');
      const receiver = await login(b!.url, 'segheria@cava.example');
      const { socket, firstUnread } = await connect(b!.url, receiver.token);
      sockets.push(socket);
      const before = await firstUnread;

      // presence crosses instances: A sees the receiver online through B
      const users = (await (
        await fetch(`${a!.url}/api/chat/available-users`, { headers: auth(sender) })
      ).json()) as { users: Array<{ _id: string; online: boolean }> };
      expect(users.users.find((u) => u._id === receiver.userId)?.online).toBe(true);

      const arrived = new Promise<ChatMessage>((resolve) => socket.once('new_message', resolve));
      const counted = new Promise<number>((resolve) =>
        socket.once('unread_count', (d) => resolve(d.unreadCount)),
      );
      const form = new FormData();
      form.append('receiverId', receiver.userId);
      form.append('content', 'Da A a B attraverso Redis');
      const res = await fetch(`${a!.url}/api/chat/message`, {
        method: 'POST',
        headers: auth(sender),
        body: form,
      });
      expect(res.status).toBe(201);
      const sent = ((await res.json()) as { message: ChatMessage }).message;

      expect(await arrived).toMatchObject({
        _id: sent._id,
        content: 'Da A a B attraverso Redis',
        senderId: sender.userId,
      });
      expect(await counted).toBe(before + 1);
    });

    it('disconnects on instance B the sockets of a session revoked through instance A', async () => {
      const user = await login(a!.url, 'magazzino@cava.example');
      const { socket } = await connect(b!.url, user.token);
      sockets.push(socket);
      const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      const res = await fetch(`${a!.url}/user/logout`, {
        method: 'POST',
        headers: { ...auth(user), 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBeLessThan(300);
      expect(await gone).toBe('io server disconnect');
    });
  },
);
