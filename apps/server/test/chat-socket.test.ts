/**
 * the realtime half (docs/api.md "Sessions and anti-forgery") with real socket.io clients against the listening app:
 * the handshake refuses a missing or invalid token and a user without the chat page; `authenticate`
 * answers only the token's own user; messages, unread counts and read receipts reach the right tabs
 * and nobody else; a revoked session is disconnected at once; a reconnecting client catches up with
 * `after=<last seen id>`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  ChatClientToServerEvents,
  ChatMessage,
  ChatServerToClientEvents,
} from '@gestcava/contracts';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { SOCKET_EVENT_LIMIT } from '../src/realtime/chat-gateway.js';
import { loadConfig } from '../src/config/config.js';
import { createTestDatabase } from './database.js';
import {
  buildTestApp,
  createCompany,
  createUser,
  fetchCsrf,
  login,
  setupCompany,
  TestClient,
  type TestContext,
} from './helpers.js';
import { multipart } from './security-helpers.js';

type ClientSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let url: string;
const opened: ClientSocket[] = [];

beforeAll(async () => {
  ctx = await buildTestApp();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ctx.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  org = await setupCompany(ctx);
});
afterEach(() => {
  for (const s of opened.splice(0)) s.disconnect();
});
afterAll(() => ctx.close());

function open(
  token: string | null,
  extra: { headers?: Record<string, string> } = {},
): ClientSocket {
  const socket: ClientSocket = connectClient(url, {
    path: '/socket.io',
    auth: token === null ? {} : { token },
    transports: ['websocket'],
    extraHeaders: extra.headers,
    forceNew: true,
    reconnection: false,
    timeout: 5000,
  });
  opened.push(socket);
  return socket;
}

/** Connects and returns the socket with the unread count the server sent on connect. */
async function connected(token: string): Promise<{ socket: ClientSocket; unread: number }> {
  const socket = open(token);
  const unread = next(socket, 'unread_count');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, unread: (await unread).unreadCount };
}

function refused(socket: ClientSocket): Promise<Error & { data?: { code?: string } }> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected, but should have been refused')));
    socket.once('connect_error', (err) => resolve(err as Error & { data?: { code?: string } }));
  });
}

function next<E extends keyof ChatServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  timeoutMs = 3000,
): Promise<Parameters<ChatServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${event} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    (socket as unknown as { once(e: string, f: (d: unknown) => void): void }).once(
      event,
      (data: unknown) => {
        clearTimeout(timer);
        resolve(data as Parameters<ChatServerToClientEvents[E]>[0]);
      },
    );
  });
}

/** Everything a socket receives of one event, to assert later what did (not) arrive. */
function record<E extends keyof ChatServerToClientEvents>(socket: ClientSocket, event: E) {
  const seen: Array<Parameters<ChatServerToClientEvents[E]>[0]> = [];
  (socket as unknown as { on(e: string, f: (d: unknown) => void): void }).on(event, (d: unknown) =>
    seen.push(d as (typeof seen)[number]),
  );
  return seen;
}

const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

async function send(
  client: TestClient,
  receiverId: string,
  content: string,
  socketId?: string,
): Promise<ChatMessage> {
  const form = await multipart([
    { name: 'receiverId', value: receiverId },
    { name: 'content', value: content },
    ...(socketId ? [{ name: 'socketId', value: socketId }] : []),
  ]);
  const res = await client.post('/api/chat/message', form.payload, { headers: form.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message as ChatMessage;
}

describe('handshake', () => {
  it('refuses a socket without a token, with a forged token, and a user without the chat page', async () => {
    let err = await refused(open(null));
    expect(err.data?.code).toBe('UNAUTHORIZED');
    expect(err.message).toMatch(/Sessione scaduta/);
    err = await refused(open('eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJh'));
    expect(err.data?.code).toBe('UNAUTHORIZED');
    const { client } = await org.userClient({ blocchi: true });
    err = await refused(open(client.token));
    expect(err.data?.code).toBe('FORBIDDEN');
    expect(err.message).toBe('Non hai il permesso per la chat');
  });

  it('refuses a browser page of a foreign origin', async () => {
    const { client } = await org.userClient({ chat: true });
    const socket = open(client.token, { headers: { origin: 'https://evil.example' } });
    await refused(socket);
  });

  it('lets in a chat user and an admin, sending the unread count on connect', async () => {
    const { client } = await org.userClient({ chat: true });
    expect((await connected(client.token!)).unread).toBe(0);
    const admin = await org.adminClient();
    expect((await connected(admin.token!)).unread).toBe(0);
  });

  it("answers authenticate only for the token's own user", async () => {
    const a = await org.userClient({ chat: true });
    const b = await org.userClient({ chat: true });
    const { socket } = await connected(a.client.token!);
    const ok = next(socket, 'authenticated');
    socket.emit('authenticate', { userId: a.user.id });
    expect(await ok).toEqual({ userId: a.user.id });

    const authenticated = record(socket, 'authenticated');
    const error = next(socket, 'error');
    socket.emit('authenticate', { userId: b.user.id });
    expect((await error).message).toMatch(/non corrispondente/);
    await settle(100);
    expect(authenticated).toEqual([]);
  });
});

describe('flooding', () => {
  it('drops client events past the limit with one error, and disconnects a socket that keeps on', async () => {
    const a = await org.userClient({ chat: true });
    const { socket } = await connected(a.client.token!);
    const answers = record(socket, 'authenticated');
    const errors = record(socket, 'error');
    for (let i = 0; i < SOCKET_EVENT_LIMIT.max + 10; i++)
      socket.emit('authenticate', { userId: a.user.id });
    await settle(500);
    expect(answers).toHaveLength(SOCKET_EVENT_LIMIT.max);
    expect(errors).toEqual([{ message: 'Troppe richieste: riprova più tardi' }]);
    expect(socket.connected).toBe(true);

    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    for (let i = 0; i < SOCKET_EVENT_LIMIT.disconnectAt; i++)
      socket.emit('authenticate', { userId: a.user.id });
    expect(await gone).toBe('io server disconnect');
  });

  it('refuses a user more sockets than SOCKETS_PER_USER (20), and lets one in again when another closes', async () => {
    const a = await org.userClient({ chat: true });
    const sockets: ClientSocket[] = [];
    for (let i = 0; i < 20; i++) sockets.push((await connected(a.client.token!)).socket);
    const err = await refused(open(a.client.token!));
    expect(err.data?.code).toBe('RATE_LIMITED');
    expect(err.message).toMatch(/^Troppe connessioni aperte \(20\)/);
    // a colleague is not affected
    const b = await org.userClient({ chat: true });
    await connected(b.client.token!);

    const closed = new Promise((resolve) => sockets[0]!.once('disconnect', resolve));
    sockets[0]!.disconnect();
    await closed;
    await settle(100);
    await connected(a.client.token!);
  });
});

describe('delivery', () => {
  it("delivers a new message to the receiver's tabs and the sender's other tabs, not to the sending tab or a third user", async () => {
    const a = await org.userClient({ chat: true });
    const b = await org.userClient({ chat: true });
    const c = await org.userClient({ chat: true });
    const aTab1 = (await connected(a.client.token!)).socket;
    const aTab2 = (await connected(a.client.token!)).socket;
    const bTab1 = (await connected(b.client.token!)).socket;
    const bTab2 = (await connected(b.client.token!)).socket;
    // Carla's socket claims to be Bruno: the claim gets an error, and nothing of Bruno's arrives.
    const cSocket = (await connected(c.client.token!)).socket;
    const cMessages = record(cSocket, 'new_message');
    const cCounts = record(cSocket, 'unread_count');
    cSocket.emit('authenticate', { userId: b.user.id });
    await next(cSocket, 'error');

    const tab1Messages = record(aTab1, 'new_message');
    const got = Promise.all([
      next(bTab1, 'new_message'),
      next(bTab2, 'new_message'),
      next(aTab2, 'new_message'),
    ]);
    const counts = Promise.all([next(bTab1, 'unread_count'), next(bTab2, 'unread_count')]);
    const message = await send(a.client, b.user.id, 'Carico pronto in piazzale', aTab1.id);

    for (const m of await got)
      expect(m).toMatchObject({
        _id: message._id,
        content: 'Carico pronto in piazzale',
        senderId: a.user.id,
      });
    expect((await counts).map((x) => x.unreadCount)).toEqual([1, 1]);
    await settle();
    expect(tab1Messages).toEqual([]);
    expect(cMessages).toEqual([]);
    expect(cCounts).toEqual([]);
  });

  it('pushes a message with a file to each session with links signed for that session (docs/security.md, "Links bound to their session")', async () => {
    const a = await org.userClient({ chat: true });
    const b = await org.userClient({ chat: true });
    const bDesk = await login(ctx.app, b.user.email);
    const aTab = (await connected(a.client.token!)).socket;
    const aOther = (await connected(a.client.token!)).socket;
    const phone = (await connected(b.client.token!)).socket;
    const desk = (await connected(bDesk.token!)).socket;
    const sendingTab = record(aTab, 'new_message');
    const got = Promise.all([
      next(phone, 'new_message'),
      next(desk, 'new_message'),
      next(aOther, 'new_message'),
    ]);
    const form = await multipart([
      { name: 'receiverId', value: b.user.id },
      { name: 'content', value: 'Il verbale firmato' },
      { name: 'socketId', value: aTab.id! },
      {
        name: 'files',
        data: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
        filename: 'verbale.pdf',
        type: 'application/pdf',
      },
    ]);
    const res = await a.client.post('/api/chat/message', form.payload, { headers: form.headers });
    expect(res.statusCode, res.body).toBe(201);
    const [onPhone, onDesk, onSenderTab] = await got;
    const status = async (m: ChatMessage) =>
      (await ctx.app.inject({ url: m.attachments[0]!.url })).statusCode;
    expect(onPhone.attachments).toHaveLength(1);
    expect(onPhone.attachments[0]!.url).not.toBe(onDesk.attachments[0]!.url);
    expect([await status(onPhone), await status(onDesk), await status(onSenderTab)]).toEqual([
      200, 200, 200,
    ]);
    // the phone logs out: its copy's link closes, the desk's stays open
    expect((await b.client.post('/user/logout')).statusCode).toBe(200);
    expect([await status(onPhone), await status(onDesk)]).toEqual([403, 200]);
    await settle();
    expect(sendingTab).toEqual([]);
  });

  it('marks a conversation read: the new count to all the reader’s tabs, a receipt to the sender', async () => {
    const a = await org.userClient({ chat: true });
    const b = await org.userClient({ chat: true });
    const aSocket = (await connected(a.client.token!)).socket;
    await send(a.client, b.user.id, 'uno');
    await send(a.client, b.user.id, 'due');
    const first = await connected(b.client.token!);
    expect(first.unread).toBe(2);
    const other = (await connected(b.client.token!)).socket;

    const zero = Promise.all([next(first.socket, 'unread_count'), next(other, 'unread_count')]);
    const receipt = next(aSocket, 'messages_read');
    first.socket.emit('mark_as_read', { senderId: a.user.id });
    expect((await zero).map((z) => z.unreadCount)).toEqual([0, 0]);
    expect(await receipt).toMatchObject({ readerId: b.user.id, readAt: expect.any(String) });
    expect((await b.client.get('/api/chat/unread')).json().data.unreadCount).toBe(0);
    const messages = (await a.client.get(`/api/chat/conversation/${b.user.id}`)).json()
      .messages as ChatMessage[];
    expect(messages.every((m) => m.readAt !== null)).toBe(true);

    // a malformed request gets an error, not a crash
    const error = next(first.socket, 'error');
    first.socket.emit('mark_as_read', { senderId: 'non-un-id' });
    expect((await error).message).toBe('Richiesta non valida');
  });

  it('tells both sides when the sender deletes a message, and lowers the unread count', async () => {
    const a = await org.userClient({ chat: true });
    const b = await org.userClient({ chat: true });
    const bSocket = (await connected(b.client.token!)).socket;
    const message = await send(a.client, b.user.id, 'sbagliato');
    await next(bSocket, 'unread_count');
    const deleted = next(bSocket, 'message_deleted');
    const count = next(bSocket, 'unread_count');
    expect((await a.client.delete(`/api/chat/message/${message._id}`)).statusCode).toBe(200);
    expect(await deleted).toMatchObject({ _id: message._id, deleted: true, content: '' });
    expect((await count).unreadCount).toBe(0);
  });
});

describe('sessions', () => {
  it("disconnects a session's sockets at once when it is revoked (logout), and only that session's", async () => {
    const a = await org.userClient({ chat: true });
    const other = await org.adminClient();
    const otherSocket = (await connected(other.token!)).socket;
    const { socket } = await connected(a.client.token!);
    const gone = new Promise<string>((resolve) =>
      socket.once('disconnect', (reason) => resolve(reason)),
    );
    const started = Date.now();
    expect((await a.client.post('/user/logout', {})).statusCode).toBeLessThan(300);
    expect(await gone).toBe('io server disconnect');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(otherSocket.connected).toBe(true);
    // the old token cannot come back
    expect((await refused(open(a.client.token))).data?.code).toBe('UNAUTHORIZED');
  });

  it("disconnects a user's sockets when an admin takes the chat away", async () => {
    const a = await org.userClient({ chat: true });
    const admin = await org.adminClient();
    const { socket } = await connected(a.client.token!);
    const gone = new Promise<string>((resolve) =>
      socket.once('disconnect', (reason) => resolve(reason)),
    );
    const res = await admin.put(`/user/update/${a.user.id}`, { permissions: { blocchi: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });

  it("disconnects a deleted user's sockets at once (the cascade used to fire no revocation)", async () => {
    const a = await org.userClient({ chat: true });
    const admin = await org.adminClient();
    const { socket } = await connected(a.client.token!);
    const gone = new Promise<string>((resolve) =>
      socket.once('disconnect', (reason) => resolve(reason)),
    );
    const started = Date.now();
    const res = await admin.delete(`/user/user/${a.user.id}`);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await gone).toBe('io server disconnect');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('reconnect', () => {
  it('catches up what was sent while away with after=<last seen id>, in order, once each', async () => {
    const a = await org.userClient({ chat: true });
    const b = await org.userClient({ chat: true });
    let { socket } = await connected(b.client.token!);
    const seen: ChatMessage[] = [];
    socket.on('new_message', (m) => seen.push(m));
    const arrived = next(socket, 'new_message');
    await send(a.client, b.user.id, 'prima della disconnessione');
    await arrived;
    socket.disconnect();

    const missed: string[] = [];
    for (let i = 0; i < 20; i++)
      missed.push((await send(a.client, b.user.id, `mentre eri via ${i}`))._id);

    ({ socket } = await connected(b.client.token!));
    socket.on('new_message', (m) => seen.push(m));
    // The client pages with after=<last id> until hasMore is false (limit 7 forces three pages).
    let last = seen.at(-1)!._id;
    for (;;) {
      const res = await b.client.get(`/api/chat/conversation/${a.user.id}`, {
        query: { after: last, limit: '7' },
      });
      const page = res.json() as { messages: ChatMessage[]; hasMore: boolean };
      for (const m of page.messages) if (!seen.some((s) => s._id === m._id)) seen.push(m);
      if (page.messages.length) last = page.messages.at(-1)!._id;
      if (!page.hasMore) break;
    }
    expect(seen.map((m) => m._id)).toEqual([seen[0]!._id, ...missed]);
  });
});

describe('server restart (docs/quality.md R12)', () => {
  it('a client reconnects by itself after a restart and catches up from the database, in order, once each', async () => {
    // An app of its own on a known port and secret, so a second app can take over the same database.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-restart-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'none'),
      LOGIN_MAX_FAILURES_PAIR: '1000',
      LOGIN_MAX_FAILURES_ACCOUNT: '1000',
      LOGIN_MAX_FAILURES_IP: '10000',
    });
    const database = await createTestDatabase();
    const secret = 'r'.repeat(64);
    let app = await buildApp({ config, database, secret, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const restartCtx = { app, database, dataDir, close: async () => undefined };
      const company = await createCompany(restartCtx);
      const a = await createUser(restartCtx, {
        companyId: company.id,
        permissions: { chat: true },
      });
      const b = await createUser(restartCtx, {
        companyId: company.id,
        permissions: { chat: true },
      });
      const aClient = await login(app, a.email);
      const bClient = await login(app, b.email);

      const socket: ClientSocket = connectClient(`http://127.0.0.1:${port}`, {
        path: '/socket.io',
        auth: { token: bClient.token },
        transports: ['websocket'],
        forceNew: true,
        reconnectionDelay: 1500,
        reconnectionDelayMax: 1500,
      });
      opened.push(socket);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const seen: ChatMessage[] = [];
      socket.on('new_message', (m) => seen.push(m));
      const first = next(socket, 'new_message');
      await send(aClient, b.id, 'prima del riavvio');
      await first;

      // The restart: the first app goes (its sockets are dropped), a new one serves the same database.
      const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      await app.close();
      expect(await dropped).toBe('transport close');
      app = await buildApp({ config, database, secret, logger: false });
      await app.listen({ host: '127.0.0.1', port });
      // The sender writes through the new instance before the receiver is back.
      const aAgain = new TestClient(
        app,
        aClient.token,
        await fetchCsrf(app, aClient.token),
        aClient.user,
      );
      const missed: string[] = [];
      for (let i = 0; i < 5; i++)
        missed.push((await send(aAgain, b.id, `dopo il riavvio ${i}`))._id);

      // socket.io reconnects by itself; the client then asks what came after the last message it saw.
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const bAgain = new TestClient(app, bClient.token, bClient.csrf, bClient.user);
      const page = (
        await bAgain.get(`/api/chat/conversation/${a.id}`, { query: { after: seen.at(-1)!._id } })
      ).json() as { messages: ChatMessage[]; hasMore: boolean };
      for (const m of page.messages) if (!seen.some((s) => s._id === m._id)) seen.push(m);
      expect(page.hasMore).toBe(false);
      expect(seen.map((m) => m.content)).toEqual([
        'prima del riavvio',
        ...missed.map((_, i) => `dopo il riavvio ${i}`),
      ]);
      expect(seen.slice(1).map((m) => m._id)).toEqual(missed);
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
