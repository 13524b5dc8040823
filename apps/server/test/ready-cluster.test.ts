/**
 * several hosts: instances A and B with different DATA_DIRs on one PostgreSQL, one Redis and
 * one bucket act as one (a session, a chat message, a photo, a chat attachment), `/api/ready` follows
 * what they depend on, and SIGTERM to A while requests run loses none of them, while its chat sockets
 * come back through the proxy to B.
 *
 * Needs TEST_DATABASE_URL and REDIS_URL (as chat-cluster.test.ts); without them it is skipped and says
 * why. The bucket is s3rver (test/s3.ts). Redis and the bucket are reached through relays the test can
 * cut, so the shared Redis itself is never stopped.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  readyResponseSchema,
  type ChatClientToServerEvents,
  type Ready,
  type ChatMessage,
  type ChatServerToClientEvents,
} from '@gestcava/contracts';
import sharp from 'sharp';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/auth/passwords.js';
import { TEST_PASSWORD } from './helpers.js';
import {
  createInstallation,
  loginOverHttp,
  partialRequest,
  slowCreate,
  startServer,
  waitFor,
  type Installation,
  type ServerProcess,
} from './server-process.js';
import { createRelay, type Relay } from './relay.js';
import { startTestS3, testS3Backend, type TestS3 } from './s3.js';

const DATABASE = process.env.TEST_DATABASE_URL;
const REDIS = process.env.REDIS_URL;
const reason = !DATABASE
  ? 'TEST_DATABASE_URL is not set'
  : !REDIS
    ? 'REDIS_URL is not set (bash .ci/run starts redis-server)'
    : null;

const CHAT_USER = 'chat@guasti.example';

async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return check();
}

type ChatSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

/** Which checks answered, by name. */
const checksOf = (body: Ready) => Object.fromEntries(body.checks.map((c) => [c.name, c.ok]));

async function readyOf(url: string) {
  const res = await fetch(`${url}/api/ready`);
  return { status: res.status, body: readyResponseSchema.parse(await res.json()) };
}

describe.skipIf(reason !== null)(
  `two instances, readiness and SIGTERM${reason ? ` (skipped: ${reason})` : ''}`,
  { timeout: 90_000 },
  () => {
    let install: Installation;
    let dataDirB = '';
    let redisRelay: Relay;
    let s3: TestS3;
    let bucketRelay: Relay;
    let a: ServerProcess;
    let b: ServerProcess;
    /** What the instances share: the database, Redis, the bucket and the signing secret. */
    let shared: Record<string, string>;
    let chatUserId = '';
    const sockets: ChatSocket[] = [];

    /** A chat message (with a file) to the chat user through one instance. */
    function sendChat(url: string, headers: Record<string, string>, content: string, file?: File) {
      const form = new FormData();
      form.append('receiverId', chatUserId);
      form.append('content', content);
      if (file) form.append('files', file);
      return fetch(`${url}/api/chat/message`, { method: 'POST', headers, body: form });
    }

    /**
     * A chat message sent through `from` reaches the chat user's socket connected to `to` (over
     * WebSocket, as the web app connects first); the socket, still open, is returned.
     */
    /** Waits for `socket` to connect; every socket of these tests is closed after them. */
    async function connected(socket: ChatSocket): Promise<ChatSocket> {
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    }

    async function expectChatRelayed(from: string, to: string, content: string) {
      const sender = await loginOverHttp(from);
      const receiver = await loginOverHttp(to, CHAT_USER);
      const socket = await connected(
        connectClient(to, {
          path: '/socket.io',
          auth: { token: receiver.headers().authorization!.slice(7) },
          transports: ['websocket'],
          forceNew: true,
        }),
      );
      const arrived = new Promise<ChatMessage>((resolve) => socket.once('new_message', resolve));
      expect((await sendChat(from, sender.headers(), content)).status).toBe(201);
      expect(await arrived).toMatchObject({ content, receiverId: chatUserId });
      return socket;
    }

    beforeAll(async () => {
      install = await createInstallation({ onPostgres: true });
      // the receiver of the chat messages: a plain user with the chat page
      const database = await openDatabase({ databaseUrl: install.databaseUrl, poolSize: 1 });
      try {
        const [admin] = await database.db.select().from(users);
        const [user] = await database.db
          .insert(users)
          .values({
            companyId: admin!.companyId,
            email: CHAT_USER,
            name: 'Addetta chat',
            role: 'user',
            permissions: { chat: true },
            active: true,
            passwordHash: await hashPassword(TEST_PASSWORD),
          })
          .returning();
        chatUserId = user!.id;
      } finally {
        await database.close();
      }
      const redis = new URL(REDIS!);
      redisRelay = await createRelay([{ host: redis.hostname, port: Number(redis.port || 6379) }]);
      redis.host = `127.0.0.1:${redisRelay.port}`;
      s3 = await startTestS3();
      bucketRelay = await createRelay([
        { host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) },
      ]);
      dataDirB = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-instance-b-'));
      // What the instances share: the database, Redis, the bucket and the signing secret. Nothing on disk.
      shared = {
        REDIS_URL: redis.toString(),
        JWT_SECRET: crypto.randomBytes(32).toString('hex'),
        ...s3.env({ S3_ENDPOINT: `http://127.0.0.1:${bucketRelay.port}` }),
      };
      a = await startServer(install, shared);
      b = await startServer(install, {
        ...shared,
        DATA_DIR: dataDirB,
        WEB_DIST_DIR: path.join(dataDirB, 'no-web'),
      });
    }, 200_000);

    afterAll(async () => {
      for (const s of sockets) s.disconnect();
      for (const server of [a, b]) {
        if (server && server.child.exitCode === null && server.child.signalCode === null)
          server.child.kill('SIGTERM');
      }
      await Promise.all([a?.exited, b?.exited]);
      redisRelay?.close();
      bucketRelay?.close();
      await s3?.stop();
      await install?.remove();
      if (dataDirB) fs.rmSync(dataDirB, { recursive: true, force: true });
    }, 60_000);

    it('answers /api/ready 200 on both, having checked the database, Redis and the bucket', async () => {
      for (const url of [a.url, b.url]) {
        const { status, body } = await readyOf(url);
        expect(status).toBe(200);
        expect(checksOf(body)).toEqual({ database: true, redis: true, storage: true });
      }
    });

    it('takes on B a session opened by a login on A', async () => {
      const admin = await loginOverHttp(a.url);
      const onB = await fetch(`${b.url}/api/clienti`, { headers: admin.headers() });
      expect(onB.status).toBe(200);
      const created = await fetch(`${b.url}/api/clienti`, {
        method: 'POST',
        headers: admin.headers({ 'content-type': 'application/json' }),
        body: JSON.stringify({
          ragioneSociale: 'Cliente creato su B',
          nazione: 'DE',
          indirizzo: 'Hauptstr. 2',
          comune: 'Berlin',
        }),
      });
      expect(created.status).toBe(201);
    });

    it('delivers a chat message sent through A to a socket connected to B', async () => {
      await expectChatRelayed(a.url, b.url, 'Da A a B');
    });

    it('shows, zips and deletes through B a photo uploaded through A', async () => {
      const admin = await loginOverHttp(a.url);
      const onB = (p: string, init: RequestInit = {}) =>
        fetch(`${b.url}${p}`, { ...init, headers: admin.headers() });
      const created = async (p: string, body: unknown) =>
        (await (await admin.postJson(p, body)).json()) as { _id: string; codice: string };
      const cava = await created('/api/cave', {
        codice: '173',
        nome: 'Canalgrande',
        comune: 'Carrara',
      });
      const materiale = await created('/api/materiali', { nome: 'Statuario', densita: 2.71 });
      const bancata = await created('/api/bancate', {
        cavaId: cava._id,
        materialeId: materiale._id,
        dataTaglio: '2026-03-10',
        lunghezza: 1200,
        altezza: 600,
        profondita: 400,
      });
      const jpeg = await sharp({
        create: { width: 1200, height: 900, channels: 3, background: '#d8d4cc' },
      })
        .jpeg({ quality: 85 })
        .toBuffer();
      const form = new FormData();
      form.append('entityType', 'bancata');
      form.append('entityId', bancata._id);
      form.append('codice', bancata.codice);
      form.append('photos', new Blob([jpeg], { type: 'image/jpeg' }), 'fronte.jpg');
      const uploaded = await fetch(`${a.url}/photos/uploadPhotos`, {
        method: 'POST',
        headers: admin.headers(),
        body: form,
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(201);
      const [photo] = ((await uploaded.json()) as { photos: Array<{ _id: string }> }).photos;

      // B lists it and serves its variants, its original and the zip from the bucket, with its own disk empty.
      const list = (await (
        await onB(`/photos/flutter/getPhotos?entityType=bancata&entityId=${bancata._id}`)
      ).json()) as {
        photos: Array<{ _id: string; thumbnailUrl: string; downloadUrl: string }>;
        zipUrl: string;
      };
      expect(list.photos.map((p) => p._id)).toEqual([photo!._id]);
      const [shown] = list.photos;
      const thumb = await fetch(`${b.url}${shown!.thumbnailUrl}`);
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('content-type')).toBe('image/webp');
      const original = await fetch(`${b.url}${shown!.downloadUrl}`);
      expect(original.status).toBe(200);
      expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).width).toBe(1200);
      const zip = Buffer.from(await (await fetch(`${b.url}${list.zipUrl}`)).arrayBuffer());
      expect(zip.subarray(0, 2).toString()).toBe('PK');
      expect(zip.toString('latin1')).toContain(`${bancata.codice}_001.jpg`);

      // Deleted through B: gone from the bucket, so A no longer serves it either.
      const bucket = async () => {
        const keys: string[] = [];
        for await (const object of testS3Backend(s3).list(`${admin.companyId}/`))
          keys.push(object.key);
        return keys;
      };
      expect(await bucket()).toHaveLength(3);
      expect(
        await (await onB(`/photos/deletePhoto/${photo!._id}`, { method: 'DELETE' })).json(),
      ).toEqual({ success: true });
      expect(await bucket()).toEqual([]);
      expect((await fetch(`${a.url}${shown!.thumbnailUrl}`)).status).toBe(404);
    });

    it('opens on B a chat attachment sent through A', async () => {
      const sender = await loginOverHttp(a.url);
      const receiver = await loginOverHttp(b.url, CHAT_USER);
      const pdf = Buffer.from(
        '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      );
      const sent = await sendChat(
        a.url,
        sender.headers(),
        'Il verbale',
        new File([pdf], 'verbale.pdf', { type: 'application/pdf' }),
      );
      expect(sent.status).toBe(201);
      const [attachment] = ((await sent.json()) as { message: ChatMessage }).message.attachments;
      const opened = await receiver.get(attachment!.url);
      expect(opened.status).toBe(200);
      expect(Buffer.from(await opened.arrayBuffer()).equals(pdf)).toBe(true);
    });

    it('answers /api/ready 503 naming the file storage while the bucket cannot be reached, and 200 again once it is back', async () => {
      await bucketRelay.cut();
      try {
        for (const url of [a.url, b.url]) {
          const { status, body } = await readyOf(url);
          expect(status).toBe(503);
          expect(body.message).toBe("Non pronto: l'archivio dei file non risponde");
          expect(checksOf(body)).toEqual({ database: true, redis: true, storage: false });
        }
      } finally {
        await bucketRelay.restore();
      }
      for (const url of [a.url, b.url]) {
        expect(
          await eventually(async () => (await readyOf(url)).status === 200, 15_000),
          `${url} ready again`,
        ).toBe(true);
      }
    });

    it('answers /api/ready 503 naming Redis while Redis cannot be reached, and 200 again once it is back', async () => {
      // Chat messages whose publish to the other instance is on the wire when Redis goes: the adapter's
      // rejected publish once went unhandled and stopped the process (two runs in three here).
      const sender = await loginOverHttp(a.url);
      const sends = Array.from({ length: 5 }, (_, i) => {
        return sendChat(a.url, sender.headers(), `Mentre Redis cade ${i}`).then((r) => r.status);
      });
      await Promise.race(sends);
      await redisRelay.cut();
      // stored and answered on A all the same: Redis only carries them to the other instance
      expect(await Promise.all(sends)).toEqual([201, 201, 201, 201, 201]);
      try {
        for (const url of [a.url, b.url]) {
          const started = Date.now();
          const { status, body } = await readyOf(url);
          expect(status).toBe(503);
          expect(body.message).toBe('Non pronto: Redis non risponde');
          expect(checksOf(body)).toEqual({ database: true, redis: false, storage: true });
          // a dropped connection is known at once; a hung one would cost the 2 s timeout
          expect(Date.now() - started).toBeLessThan(2500);
        }
      } finally {
        await redisRelay.restore();
      }
      // node-redis reconnects by itself within a couple of seconds
      for (const url of [a.url, b.url]) {
        expect(
          await eventually(async () => (await readyOf(url)).status === 200, 15_000),
          `${url} ready again`,
        ).toBe(true);
      }
      expect(a.child.exitCode).toBeNull();
    });

    it('an instance started while Redis is down serves, answers /api/ready 503 naming Redis until it is back, and stops with exit 0 either way', async () => {
      const dirs: string[] = [];
      const started: ServerProcess[] = [];
      const startAnother = async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-instance-late-'));
        dirs.push(dir);
        const server = await startServer(install, {
          ...shared,
          DATA_DIR: dir,
          WEB_DIST_DIR: path.join(dir, 'no-web'),
        });
        started.push(server);
        return server;
      };
      try {
        await redisRelay.cut();
        let c: ServerProcess;
        try {
          // it once waited for Redis before listening, for as long as Redis was away
          c = await startAnother();
          const d = await startAnother();
          for (const server of [c, d]) {
            const { status, body } = await readyOf(server.url);
            expect(status).toBe(503);
            expect(body.message).toBe('Non pronto: Redis non risponde');
            expect(checksOf(body)).toEqual({ database: true, redis: false, storage: true });
            const admin = await loginOverHttp(server.url);
            expect((await admin.get('/api/clienti')).status).toBe(200);
          }
          // stopped before Redis ever answered: at once, without an unhandled rejection
          d.child.kill('SIGTERM');
          expect(await d.exited).toEqual({ code: 0, signal: null });
        } finally {
          await redisRelay.restore();
        }
        // A and B, cut off meanwhile too, as well
        for (const url of [c.url, a.url, b.url]) {
          expect(
            await eventually(async () => (await readyOf(url)).status === 200, 15_000),
            `${url} ready once Redis is back`,
          ).toBe(true);
        }
        // linked late, C relays chat as the others do: a message sent through A reaches a socket on C
        (await expectChatRelayed(a.url, c.url, 'Da A a C')).disconnect();

        c.child.kill('SIGTERM');
        expect(await c.exited).toEqual({ code: 0, signal: null });
      } finally {
        for (const server of started)
          if (server.child.exitCode === null && server.child.signalCode === null)
            server.child.kill('SIGKILL');
        for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('on SIGTERM to A during 20 requests loses none, answers /api/ready 503 while it drains, sends its chat socket to B and exits 0 within 10 s', async () => {
      const admin = await loginOverHttp(a.url);
      const chatUser = await loginOverHttp(a.url, CHAT_USER);
      // The chat socket goes through a proxy (A first, B when A refuses the connection) with the web app's
      // options (apps/web chat-socket.ts) and socket.io's own reconnection.
      const port = (url: string) => Number(new URL(url).port);
      const front = await createRelay([
        { host: '127.0.0.1', port: port(a.url) },
        { host: '127.0.0.1', port: port(b.url) },
      ]);
      try {
        const socket = await connected(
          connectClient(`http://127.0.0.1:${front.port}`, {
            path: '/socket.io',
            auth: { token: chatUser.headers().authorization!.slice(7) },
            transports: ['websocket', 'polling'],
            tryAllTransports: true,
            forceNew: true,
          }),
        );
        const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
        const back = dropped.then(
          () => new Promise<void>((resolve) => socket.once('connect', () => resolve())),
        );

        // Ten requests A has begun when the signal comes: heads and half the bodies sent, and in A's log.
        const posts = () =>
          a
            .output()
            .split('\n')
            .filter(
              (l) =>
                l.includes('incoming request') &&
                l.includes('"POST"') &&
                l.includes('/api/clienti'),
            ).length;
        const before = posts();
        let release!: () => void;
        const released = new Promise<void>((r) => (release = r));
        const inFlight = Array.from({ length: 10 }, (_, i) =>
          slowCreate(a.url, admin.headers(), `Richiesta ${String(i).padStart(2, '0')}`, released),
        );
        await Promise.all(inFlight.map((w) => w.sentHead));
        expect(
          await waitFor(() => posts() - before >= 10, 10_000),
          `${posts() - before} of 10 begun`,
        ).toBe(true);
        // A load balancer's probe on a connection A already holds.
        const probe = await partialRequest(a.url, '/api/ready');

        const signalledAt = Date.now();
        a.child.kill('SIGTERM');
        expect(await waitFor(() => a.output().includes('arresto in corso'), 5000)).toBe(true);
        const draining = await probe.finish();
        const readyB = await readyOf(b.url);

        // Ten more while A drains, each sent to A first and, when A refused it before it began (no
        // connection, or its 503), to B, as a proxy's retry on the next upstream does.
        const late = await Promise.all(
          Array.from({ length: 10 }, async (_, i) => {
            const name = `Richiesta ${10 + i}`;
            const onA = await slowCreate(a.url, admin.headers(), name, Promise.resolve()).status;
            const refused =
              onA === 'ECONNREFUSED' ||
              onA === 'ECONNRESET' ||
              (typeof onA === 'string' &&
                onA.startsWith('503 ') &&
                onA.includes('"SERVICE_UNAVAILABLE"'));
            return {
              onA,
              refused,
              onB: refused
                ? await slowCreate(b.url, admin.headers(), name, Promise.resolve()).status
                : null,
            };
          }),
        );
        release();
        const answers = await Promise.all(inFlight.map((w) => w.status));
        const { code, signal } = await a.exited;
        const exitMs = Date.now() - signalledAt;
        console.log(
          `SIGTERM to A: in flight ${JSON.stringify(answers)}, later on A ${JSON.stringify(late.map((l) => String(l.onA).slice(0, 3)))}, exit ${code} in ${exitMs} ms`,
        );

        expect(answers).toEqual(Array(10).fill(201));
        expect(
          late.map((l) => ({ refused: l.refused, onB: l.onB })),
          JSON.stringify(late),
        ).toEqual(Array(10).fill({ refused: true, onB: 201 }));
        expect(draining.status).toBe(503);
        expect(readyResponseSchema.parse(JSON.parse(draining.body))).toEqual({
          status: 'not-ready',
          message: 'Il server si sta arrestando: riprova tra poco',
          stopping: true,
          checks: [],
        });
        expect(draining.head).toContain('connection: close');
        expect(readyB.status).toBe(200);
        expect({ code, signal }).toEqual({ code: 0, signal: null });
        expect(exitMs).toBeLessThan(10_000);
        // none lost, none done twice
        const stored = await install.query<{ name: string; n: number }>(
          `select ragione_sociale as name, count(*)::int as n from clienti where ragione_sociale like 'Richiesta %' group by 1 order by 1`,
        );
        expect(stored).toEqual(
          Array.from({ length: 20 }, (_, i) => ({
            name: `Richiesta ${String(i).padStart(2, '0')}`,
            n: 1,
          })),
        );

        // The chat socket was closed at the transport, so socket.io reconnected, through the proxy, to B.
        expect(await dropped).toBe('transport close');
        await back;
        const arrived = new Promise<ChatMessage>((resolve) => socket.once('new_message', resolve));
        const res = await sendChat(b.url, admin.headers(), 'Dopo il riavvio di A');
        expect(res.status).toBe(201);
        expect(await arrived).toMatchObject({ content: 'Dopo il riavvio di A' });
      } finally {
        front.close();
      }
    });
  },
);
