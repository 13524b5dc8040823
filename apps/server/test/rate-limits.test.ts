/**
 * (S24): per-user limits on costly work. Before, 200 parallel exports, 150 chat
 * messages, 30 uploads and 20 photo syncs were all accepted. The figures are set low here; the
 * mechanism is the production one (plugins/rate-limits.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../src/db/schema/index.js';
import { buildTestApp, setupCompany, type TestClient, type TestContext } from './helpers.js';
import { multipart } from './security-helpers.js';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;

beforeAll(async () => {
  ctx = await buildTestApp({
    RATE_LIMIT_EXPORTS: '3',
    RATE_LIMIT_CHAT_MESSAGES: '3',
    RATE_LIMIT_UPLOADS: '2',
    RATE_LIMIT_PHOTO_SYNC: '1',
    RATE_LIMIT_LABELS: '5',
  });
  org = await setupCompany(ctx);
});
afterAll(() => ctx.close());

function expectLimited(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toMatchObject({
    code: 'RATE_LIMITED',
    message: expect.stringMatching(/^Troppe richieste di questo tipo: riprova tra \d+ secondi$/),
  });
}

async function chat(
  client: TestClient,
  receiverId: string,
  content: string,
  headers: Record<string, string> = {},
) {
  const form = await multipart([
    { name: 'receiverId', value: receiverId },
    { name: 'content', value: content },
  ]);
  return client.post('/api/chat/message', form.payload, {
    headers: { ...form.headers, ...headers },
  });
}

describe('per-user limits on costly work', () => {
  it('exports: the limit is per user across every export route; a colleague is not affected', async () => {
    const { client: a } = await org.userClient({ clienti: true, blocchi: true });
    const { client: b } = await org.userClient({ clienti: true });
    expect((await a.get('/api/clienti/export?format=csv')).statusCode).toBe(200);
    expect((await a.get('/api/blocchi/export?format=csv')).statusCode).toBe(200);
    expect((await a.get('/api/clienti/export?format=xlsx')).statusCode).toBe(200);
    expectLimited(await a.get('/api/blocchi/export?format=xlsx'));
    expect((await b.get('/api/clienti/export?format=csv')).statusCode).toBe(200);
  });

  it('labels: charged by the label, not by the request; a colleague keeps his budget', async () => {
    const { client: a } = await org.userClient({ blocchi: true });
    const { client: b } = await org.userClient({ blocchi: true });
    const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID()).join(',');
    // unknown blocks: refused after the charge, which pays for the lookups too
    expect(
      (await a.get('/api/etichette', { query: { entityType: 'blocco', ids: ids(3) } })).statusCode,
    ).toBe(404);
    const over = await a.get('/api/etichette', { query: { entityType: 'blocco', ids: ids(3) } });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^Troppe etichette in un minuto \(al massimo 5\): riprova tra \d+ secondi$/,
      ),
    });
    expect(
      (await a.get('/api/etichette', { query: { entityType: 'blocco', ids: ids(2) } })).statusCode,
    ).toBe(404);
    expect(
      (await b.get('/api/etichette', { query: { entityType: 'blocco', ids: ids(5) } })).statusCode,
    ).toBe(404);
  });

  it('chat messages: the fourth in a minute is refused, nothing stored, and its idempotency key is free for the retry', async () => {
    const { client: a } = await org.userClient({ chat: true });
    const { user: b } = await org.userClient({ chat: true });
    for (let i = 0; i < 3; i++)
      expect((await chat(a, b.id, `messaggio ${i}`)).statusCode).toBe(201);
    const key = 'retry-after-the-limit-0001';
    expectLimited(await chat(a, b.id, 'uno di troppo', { 'idempotency-key': key }));
    const keys = await ctx.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    expect(keys).toHaveLength(0);
    const conversation = (await a.get(`/api/chat/conversation/${b.id}`)).json() as {
      messages: Array<{ content: string }>;
    };
    expect(conversation.messages.map((m) => m.content)).toEqual(
      expect.arrayContaining(['messaggio 0', 'messaggio 2']),
    );
    expect(conversation.messages.map((m) => m.content)).not.toContain('uno di troppo');
  });

  it('uploads: counted per request for photos and logos alike', async () => {
    const admin = await org.adminClient();
    const empty = await multipart([{ name: 'entityType', value: 'blocco' }]);
    // refused for their content, but each one was received and counted
    expect(
      (await admin.post('/photos/uploadPhotos', empty.payload, { headers: empty.headers }))
        .statusCode,
    ).toBe(400);
    const logo = await multipart([{ name: 'companyId', value: org.company.id }]);
    expect(
      (await admin.post('/companies/upload-logo', logo.payload, { headers: logo.headers }))
        .statusCode,
    ).toBe(400);
    expectLimited(
      await admin.post('/photos/uploadPhotos', empty.payload, { headers: empty.headers }),
    );
  });

  it('photo sync: once a minute per admin', async () => {
    const admin = await org.adminClient();
    expect((await admin.get('/photos/syncPhotosWithFilesystem')).statusCode).toBe(202);
    expectLimited(await admin.get('/photos/syncPhotosWithFilesystem'));
  });
});
