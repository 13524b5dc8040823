import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../src/db/schema/index.js';
import {
  buildTestApp,
  createUser,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

/**
 * docs/quality.md R13: the answer to a chat message is lost on its way back (a proxy that cuts the connection
 * as soon as the server answers: the fault hook), the client retries up to 3 times with the same
 * Idempotency-Key, as the web app's send does → one message stored, and the answer that finally
 * arrives is the first one replayed. Real HTTP through a real socket, on PGlite and PostgreSQL.
 */

let ctx: TestContext;
let sender: TestClient;
let receiverId: string;
let serverPort: number;
let proxy: net.Server;
let proxyPort: number;
/** How many answers the proxy still drops. */
let answersToDrop = 0;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  ctx = await buildTestApp({ RATE_LIMIT_CHAT_MESSAGES: '1000' });
  const org = await setupCompany(ctx);
  sender = (await org.userClient({ chat: true })).client;
  receiverId = (await createUser(ctx, { companyId: org.company.id, permissions: { chat: true } }))
    .id;
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  serverPort = (ctx.app.server.address() as net.AddressInfo).port;

  proxy = net.createServer((client) => {
    const upstream = net.connect(serverPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (answersToDrop > 0) {
        // The server has done the work and answered: the answer never reaches the client.
        answersToDrop--;
        upstream.destroy();
        client.destroy();
        return;
      }
      client.write(chunk);
    });
    upstream.on('end', () => client.end());
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyPort = (proxy.address() as net.AddressInfo).port;
});
afterAll(async () => {
  // fetch keeps its connections alive: cut them, or the proxy and the server wait for them.
  sockets.forEach((s) => s.destroy());
  await new Promise((r) => proxy.close(r));
  await ctx.close();
});

/** The web app's send: the same form and Idempotency-Key on every try, up to 3 retries on a network error. */
async function sendWithRetries(content: string, key: string) {
  const attempts: string[] = [];
  for (let attempt = 0; attempt <= 3; attempt++) {
    const form = new FormData();
    form.append('receiverId', receiverId);
    form.append('content', content);
    try {
      const res = await fetch(`http://127.0.0.1:${proxyPort}/api/chat/message`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${sender.token}`,
          'x-csrf-token': sender.csrf,
          cookie: `XSRF-TOKEN=${sender.csrf}`,
          'idempotency-key': key,
        },
        body: form,
      });
      attempts.push(String(res.status));
      return {
        attempts,
        status: res.status,
        body: (await res.json()) as { message: { _id: string; content: string } },
      };
    } catch (error) {
      attempts.push((error as { cause?: { code?: string } }).cause?.code ?? 'error');
    }
  }
  return { attempts, status: 0, body: null };
}

async function stored(content: string) {
  return ctx.database.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.content, content));
}

describe('chat answer lost, client retries (R13)', () => {
  it('two answers lost, the third try gets the first answer replayed: one message stored', async () => {
    answersToDrop = 2;
    const result = await sendWithRetries('Arrivato una volta sola', crypto.randomUUID());
    console.log(`R13: attempts ${JSON.stringify(result.attempts)}`);
    expect(result.attempts).toHaveLength(3);
    expect(result.status).toBe(201);
    const rows = await stored('Arrivato una volta sola');
    expect(rows).toHaveLength(1);
    expect(result.body!.message._id).toBe(rows[0]!.id);
  });

  it('every answer lost: after 3 retries the client gives up, still one message stored', async () => {
    answersToDrop = 4;
    const result = await sendWithRetries('Nessuna risposta', crypto.randomUUID());
    expect(result.attempts).toHaveLength(4);
    expect(result.status).toBe(0);
    expect(await stored('Nessuna risposta')).toHaveLength(1);
  });

  it('without the key each retry is a new message: the key is what prevents the duplicate', async () => {
    answersToDrop = 1;
    const form = () => {
      const f = new FormData();
      f.append('receiverId', receiverId);
      f.append('content', 'Senza chiave');
      return f;
    };
    const headers = {
      authorization: `Bearer ${sender.token}`,
      'x-csrf-token': sender.csrf,
      cookie: `XSRF-TOKEN=${sender.csrf}`,
    };
    await expect(
      fetch(`http://127.0.0.1:${proxyPort}/api/chat/message`, {
        method: 'POST',
        headers,
        body: form(),
      }),
    ).rejects.toThrow();
    const retry = await fetch(`http://127.0.0.1:${proxyPort}/api/chat/message`, {
      method: 'POST',
      headers,
      body: form(),
    });
    expect(retry.status).toBe(201);
    expect(await stored('Senza chiave')).toHaveLength(2);
  });
});
