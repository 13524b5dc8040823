/**
 * the chat's HTTP calls (docs/api.md "Shape of the API"): access, who may write to whom, attachment rules through the
 * one upload pipeline, paging with skip/before/after, only-the-sender delete, idempotent resend, and
 * that nobody reads a conversation they are not part of.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import exifr from 'exifr';
import sharp from 'sharp';
import { CHAT_MESSAGES, type ChatMessage } from '@gestcava/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createCompany,
  createUser,
  login,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';
import { multipart } from './security-helpers.js';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
/** Anna and Bruno (different group companies) talk; Carla has the chat too but is not in their conversation. */
let anna: { user: { id: string }; client: TestClient };
let bruno: { user: { id: string }; client: TestClient };
let carla: { user: { id: string }; client: TestClient };
let noChat: { user: { id: string }; client: TestClient };

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
  const other = await createCompany(ctx, { name: 'Segheria di prova' });
  anna = await org.userClient({ chat: true });
  bruno = await org.userClient({ chat: true }, { companyId: other.id });
  carla = await org.userClient({ chat: { access: true } });
  noChat = await org.userClient({ blocchi: true });
});
afterAll(() => ctx.close());

type FilePart = { data: Buffer; filename: string; type: string };

async function send(
  client: TestClient,
  receiverId: string,
  content: string,
  files: FilePart[] = [],
  headers: Record<string, string> = {},
) {
  const form = await multipart([
    { name: 'receiverId', value: receiverId },
    { name: 'content', value: content },
    ...files.map((f) => ({ name: 'files', ...f })),
  ]);
  return client.post('/api/chat/message', form.payload, {
    headers: { ...form.headers, ...headers },
  });
}

async function sent(
  client: TestClient,
  receiverId: string,
  content: string,
  files: FilePart[] = [],
): Promise<ChatMessage> {
  const res = await send(client, receiverId, content, files);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { message: ChatMessage }).message;
}

const unread = async (client: TestClient) =>
  (await client.get('/api/chat/unread')).json().data.unreadCount as number;

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3311' } })
    .png()
    .toBuffer();
const pdf = () =>
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
async function xlsx() {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Blocchi').addRow(['BL-2026-0001', 12.5]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Every stored object, on whichever backend the app stores in. */
async function storedFiles(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of ctx.app.services.storage.backend.list()) keys.push(object.key);
  return keys;
}

/** Upload temporaries left on this instance's disk. */
function temporaryFiles(): string[] {
  return fs.readdirSync(ctx.app.services.storage.tempDir);
}

describe('access', () => {
  it('refuses every chat call to a user without the chat page, with Italian messages', async () => {
    for (const url of [
      '/api/chat/available-users',
      '/api/chat/users',
      `/api/chat/conversation/${anna.user.id}`,
      '/api/chat/unread',
      '/api/chat/unread-by-user',
    ]) {
      const res = await noChat.client.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.any(String) });
    }
    expect((await send(noChat.client, anna.user.id, 'ciao')).statusCode).toBe(403);
  });

  it('answers the unread count in the shape of docs/api.md "Shape of the API"', async () => {
    const res = await carla.client.get('/api/chat/unread');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { unreadCount: 0 } });
  });

  it('lists as available every active chat user of every group company, not the caller, not users without the chat', async () => {
    const res = await anna.client.get('/api/chat/available-users');
    expect(res.statusCode).toBe(200);
    const ids = (
      res.json().users as Array<{ _id: string; companyName: string; online: boolean }>
    ).map((u) => u._id);
    expect(ids).toContain(bruno.user.id);
    expect(ids).toContain(carla.user.id);
    expect(ids).toContain(org.admin.id); // admins have the chat
    expect(ids).not.toContain(anna.user.id);
    expect(ids).not.toContain(noChat.user.id);
    const brunoRow = res.json().users.find((u: { _id: string }) => u._id === bruno.user.id);
    expect(brunoRow).toMatchObject({
      companyName: 'Segheria di prova',
      online: false,
      name: expect.any(String),
    });
  });

  it('refuses a receiver without the chat, an inactive one, an unknown one, and oneself', async () => {
    const inactive = await createUser(ctx, {
      companyId: org.company.id,
      permissions: { chat: true },
      active: false,
    });
    let res = await send(anna.client, noChat.user.id, 'ciao');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CHAT_MESSAGES.receiverUnavailable);
    res = await send(anna.client, inactive.id, 'ciao');
    expect(res.statusCode).toBe(400);
    res = await send(anna.client, '0190a0b0-0000-7000-8000-000000000000', 'ciao');
    expect(res.statusCode).toBe(404);
    res = await send(anna.client, anna.user.id, 'ciao');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CHAT_MESSAGES.toSelf);
    res = await send(anna.client, 'non-un-id', 'ciao');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CHAT_MESSAGES.receiverInvalid);
  });
});

describe('messages', () => {
  it('stores a text message, counts it unread for the receiver and lists the conversation on both sides', async () => {
    const before = await unread(bruno.client);
    const message = await sent(
      anna.client,
      bruno.user.id,
      'Il blocco BL-2026-0118 è pronto per il collaudo',
    );
    expect(message).toMatchObject({
      senderId: anna.user.id,
      receiverId: bruno.user.id,
      deleted: false,
      readAt: null,
      attachments: [],
    });
    expect(await unread(bruno.client)).toBe(before + 1);
    expect(await unread(anna.client)).toBe(0);

    const byUser = (await bruno.client.get('/api/chat/unread-by-user')).json();
    expect(byUser.data).toContainEqual({ userId: anna.user.id, unreadCount: before + 1 });

    const brunoList = (await bruno.client.get('/api/chat/users')).json().users as Array<{
      _id: string;
      unreadCount: number;
      lastMessage: ChatMessage;
    }>;
    expect(brunoList[0]).toMatchObject({
      _id: anna.user.id,
      unreadCount: before + 1,
      lastMessage: { _id: message._id },
    });
    const annaList = (await anna.client.get('/api/chat/users')).json().users as Array<{
      _id: string;
      unreadCount: number;
    }>;
    expect(annaList.find((c) => c._id === bruno.user.id)).toMatchObject({ unreadCount: 0 });
  });

  it('refuses an empty message and one over 4 000 characters, and accepts exactly 4 000', async () => {
    let res = await send(anna.client, bruno.user.id, '   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CHAT_MESSAGES.empty);
    res = await send(anna.client, bruno.user.id, 'x'.repeat(4001));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CHAT_MESSAGES.tooLong);
    res = await send(anna.client, bruno.user.id, 'x'.repeat(4000));
    expect(res.statusCode).toBe(201);
  });

  it('refuses a JSON body (multipart only) with 415', async () => {
    const res = await anna.client.post('/api/chat/message', {
      receiverId: bruno.user.id,
      content: 'ciao',
    });
    expect(res.statusCode).toBe(415);
  });

  it('keeps text as text: markup comes back unchanged and is never interpreted by the server', async () => {
    const message = await sent(anna.client, bruno.user.id, '<img src=x onerror=alert(1)>');
    expect(message.content).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('attachments', () => {
  it('accepts an image, a PDF and an Office file checked by their bytes, served as downloads with nosniff', async () => {
    const message = await sent(anna.client, bruno.user.id, 'Foto e documenti', [
      { data: await png(), filename: 'fronte.png', type: 'image/png' },
      { data: pdf(), filename: 'verbale.pdf', type: 'application/pdf' },
      { data: await xlsx(), filename: 'misure.xlsx', type: 'application/octet-stream' },
    ]);
    expect(message.attachments.map((a) => [a.fileName, a.mime, a.isImage])).toEqual([
      ['fronte.png', 'image/png', true],
      ['verbale.pdf', 'application/pdf', false],
      ['misure.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', false],
    ]);
    const [image, doc] = message.attachments;
    expect(image!.inlineUrl).toMatch(/^\/api\/files\/.*-thumb\.webp\?/);
    expect(doc!.inlineUrl).toBeNull();
    // the conversation shows a small WebP, never the original
    const thumb = await bruno.client.get(image!.inlineUrl!);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['content-disposition']).toMatch(/^inline/);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 40,
      height: 30,
    });

    const download = await bruno.client.get(doc!.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="verbale.pdf"/);
    expect(download.headers['content-type']).toBe('application/pdf');
    const imageDownload = await bruno.client.get(image!.url);
    expect(imageDownload.headers['content-disposition']).toMatch(/^attachment/);

    // a tampered link is refused
    const forged = doc!.url.replace(/sig=[^&]+/, 'sig=abc');
    expect((await bruno.client.get(forged)).statusCode).toBe(403);
  });

  it("a phone photo's location never leaves the server; no temporary file stays behind", async () => {
    const phone = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#ccc' },
    })
      .jpeg()
      .withExif({
        IFD2: { DateTimeOriginal: '2026:05:04 10:11:12' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '44/1 4/1 30/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '10/1 6/1 0/1',
        },
      })
      .toBuffer();
    expect(await exifr.gps(phone)).toBeDefined();
    const message = await sent(anna.client, bruno.user.id, 'dal piazzale', [
      { data: phone, filename: 'IMG_0042.jpg', type: 'image/jpeg' },
    ]);
    const original = await bruno.client.get(message.attachments[0]!.url);
    expect(original.statusCode).toBe(200);
    expect(await exifr.gps(original.rawPayload)).toBeUndefined();
    expect(await sharp(original.rawPayload).metadata()).toMatchObject({ width: 300, height: 200 });
    expect(temporaryFiles()).toEqual([]);
  });

  it('refuses a file whose bytes are not an allowed type (HTML named .jpg, SVG) and leaves no file or message', async () => {
    const filesBefore = (await storedFiles()).length;
    const countBefore = (
      await bruno.client.get(`/api/chat/conversation/${anna.user.id}`, { query: { limit: '100' } })
    ).json().messages.length;
    for (const bad of [
      {
        data: Buffer.from('<html><script>alert(1)</script></html>'),
        filename: 'foto.jpg',
        type: 'image/jpeg',
      },
      {
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
        filename: 'x.svg',
        type: 'image/svg+xml',
      },
    ]) {
      const res = await send(anna.client, bruno.user.id, 'ecco', [
        { data: await png(), filename: 'ok.png', type: 'image/png' },
        bad,
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    expect(temporaryFiles()).toEqual([]);
    expect((await storedFiles()).length).toBe(filesBefore);
    const countAfter = (
      await bruno.client.get(`/api/chat/conversation/${anna.user.id}`, { query: { limit: '100' } })
    ).json().messages.length;
    expect(countAfter).toBe(countBefore);
  });

  it('signs attachment links for minutes like photo links, not for a shift', async () => {
    const message = await sent(anna.client, bruno.user.id, '', [
      { data: await png(), filename: 'foto.png', type: 'image/png' },
    ]);
    for (const link of [message.attachments[0]!.url, message.attachments[0]!.inlineUrl!]) {
      const exp = Number(new URL(link, 'http://localhost').searchParams.get('exp'));
      expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(45 * 60_000);
      expect(exp * 1000 - Date.now()).toBeGreaterThan(20 * 60_000);
    }
  });

  it('drops bidirectional-text controls from a file name, so a PDF cannot show as …fdp.jpg', async () => {
    const message = await sent(anna.client, bruno.user.id, '', [
      { data: pdf(), filename: 'fattura\u202egpj.pdf', type: 'application/pdf' },
      { data: pdf(), filename: '\u2066ver\u200fbale\u061c\u2069.pdf', type: 'application/pdf' },
    ]);
    expect(message.attachments.map((a) => a.fileName)).toEqual(['fatturagpj.pdf', 'verbale.pdf']);
  });

  it('never uses the client file name as a path: base name only, the real extension, a server-made key (S20)', async () => {
    const message = await sent(anna.client, bruno.user.id, '', [
      {
        data: pdf(),
        filename: '..\\..\\windows\\../../etc/verbale finale.exe',
        type: 'application/pdf',
      },
      { data: await png(), filename: 'foto.jpeg.exe', type: 'image/png' },
    ]);
    expect(message.attachments.map((a) => a.fileName)).toEqual([
      'verbale finale.pdf',
      'foto.jpeg.png',
    ]);
    for (const a of message.attachments)
      expect(a.url).toMatch(
        /^\/api\/files\/[0-9a-f-]{36}\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}\.(pdf|png)\?/,
      );
  });

  it('refuses a damaged image and one past the pixel limit, leaving nothing behind', async () => {
    const filesBefore = (await storedFiles()).length;
    const damaged = Buffer.concat([(await png()).subarray(0, 60), Buffer.alloc(200, 7)]);
    let res = await send(anna.client, bruno.user.id, 'rotta', [
      { data: pdf(), filename: 'ok.pdf', type: 'application/pdf' },
      { data: damaged, filename: 'rotta.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Immagine danneggiata o illeggibile');
    // a PNG header claiming 20000 × 20000 pixels (400 MP): refused from the header, before decoding
    const bomb = await png();
    bomb.writeUInt32BE(20000, 16);
    bomb.writeUInt32BE(20000, 20);
    res = await send(anna.client, bruno.user.id, 'bomba', [
      { data: bomb, filename: 'bomba.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(413);
    expect((await storedFiles()).length).toBe(filesBefore);
  });

  it('accepts 10 files and refuses 11', async () => {
    const image = await png();
    const ten = Array.from({ length: 10 }, (_, i) => ({
      data: image,
      filename: `f${i}.png`,
      type: 'image/png',
    }));
    expect((await send(anna.client, bruno.user.id, '', ten)).statusCode).toBe(201);
    const res = await send(anna.client, bruno.user.id, '', [
      ...ten,
      { data: image, filename: 'f10.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CHAT_MESSAGES.tooManyFiles);
    expect(temporaryFiles()).toEqual([]);
  });

  it('refuses a file over 25 MB with 413', async () => {
    const big = Buffer.concat([pdf(), Buffer.alloc(25 * 1024 * 1024)]);
    const res = await send(anna.client, bruno.user.id, 'grande', [
      { data: big, filename: 'grande.pdf', type: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(temporaryFiles()).toEqual([]);
  });
});

describe('paging', () => {
  let pair: Awaited<ReturnType<typeof org.userClient>>;
  let other: Awaited<ReturnType<typeof org.userClient>>;
  const sentIds: string[] = [];

  beforeAll(async () => {
    pair = await org.userClient({ chat: true });
    other = await org.userClient({ chat: true });
    for (let i = 0; i < 7; i++)
      sentIds.push(
        (
          await sent(
            i % 2 ? other.client : pair.client,
            i % 2 ? pair.user.id : other.user.id,
            `messaggio ${i}`,
          )
        )._id,
      );
  });

  const page = async (query: Record<string, string>) => {
    const res = await pair.client.get(`/api/chat/conversation/${other.user.id}`, { query });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { messages: ChatMessage[]; hasMore: boolean; user: { _id: string } };
    return { ids: body.messages.map((m) => m._id), hasMore: body.hasMore, user: body.user };
  };

  it('pages newest first with limit and skip (defaults 50 and 0)', async () => {
    const all = await page({});
    expect(all.ids).toEqual([...sentIds].reverse());
    expect(all.hasMore).toBe(false);
    expect(all.user._id).toBe(other.user.id);
    expect(await page({ limit: '3' })).toMatchObject({
      ids: sentIds.slice(4).reverse(),
      hasMore: true,
    });
    expect(await page({ limit: '3', skip: '3' })).toMatchObject({
      ids: sentIds.slice(1, 4).reverse(),
      hasMore: true,
    });
    expect(await page({ limit: '3', skip: '6' })).toMatchObject({
      ids: [sentIds[0]],
      hasMore: false,
    });
  });

  it('pages with before=<id> stably and catches up with after=<id> oldest first', async () => {
    expect(await page({ limit: '3', before: sentIds[4]! })).toMatchObject({
      ids: [sentIds[3], sentIds[2], sentIds[1]],
      hasMore: true,
    });
    expect(await page({ limit: '3', before: sentIds[1]! })).toMatchObject({
      ids: [sentIds[0]],
      hasMore: false,
    });
    expect(await page({ limit: '2', after: sentIds[2]! })).toMatchObject({
      ids: [sentIds[3], sentIds[4]],
      hasMore: true,
    });
    expect(await page({ after: sentIds[6]! })).toMatchObject({ ids: [], hasMore: false });
  });

  it('refuses a cursor from another conversation, before with after, and a limit over 100', async () => {
    const foreign = await sent(anna.client, bruno.user.id, 'altro');
    let res = await pair.client.get(`/api/chat/conversation/${other.user.id}`, {
      query: { before: foreign._id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CHAT_MESSAGES.cursorInvalid);
    res = await pair.client.get(`/api/chat/conversation/${other.user.id}`, {
      query: { before: sentIds[1]!, after: sentIds[0]! },
    });
    expect(res.statusCode).toBe(400);
    res = await pair.client.get(`/api/chat/conversation/${other.user.id}`, {
      query: { limit: '101' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('a third user', () => {
  it('never reads, pages into or deletes a conversation they are not part of', async () => {
    const secret = await sent(anna.client, bruno.user.id, 'Prezzo riservato: 1.250 €/m³', [
      { data: pdf(), filename: 'offerta.pdf', type: 'application/pdf' },
    ]);
    // Carla asks for "her conversation with Anna": only messages between Carla and Anna, never Anna–Bruno.
    const res = await carla.client.get(`/api/chat/conversation/${anna.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(secret._id);
    expect(res.body).not.toContain('Prezzo riservato');
    const cursor = await carla.client.get(`/api/chat/conversation/${anna.user.id}`, {
      query: { after: secret._id },
    });
    expect(cursor.statusCode).toBe(400);
    const del = await carla.client.delete(`/api/chat/message/${secret._id}`);
    expect(del.statusCode).toBe(404);
    const list = await carla.client.get('/api/chat/users');
    expect(list.body).not.toContain(secret._id);
    // …and an admin is a user like the others here: the admin's conversations are their own.
    const admin = await org.adminClient();
    const adminView = await admin.get(`/api/chat/conversation/${anna.user.id}`);
    expect(adminView.body).not.toContain(secret._id);
  });
});

describe('delete', () => {
  it('lets only the sender delete; the message stays as deleted, loses text and files, and leaves the unread count', async () => {
    const before = await unread(bruno.client);
    const message = await sent(anna.client, bruno.user.id, 'da cancellare', [
      { data: await png(), filename: 'x.png', type: 'image/png' },
    ]);
    expect(await unread(bruno.client)).toBe(before + 1);
    const storedBefore = (await storedFiles()).length;

    const byReceiver = await bruno.client.delete(`/api/chat/message/${message._id}`);
    expect(byReceiver.statusCode).toBe(403);
    expect(byReceiver.json().message).toBe(CHAT_MESSAGES.notSender);

    const res = await anna.client.delete(`/api/chat/message/${message._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({
      _id: message._id,
      deleted: true,
      content: '',
      attachments: [],
    });
    expect((await storedFiles()).length).toBe(storedBefore - 2); // the image and its thumbnail
    expect(await unread(bruno.client)).toBe(before);
    expect((await bruno.client.get(message.attachments[0]!.url)).statusCode).toBe(404);

    const conversation = (
      await bruno.client.get(`/api/chat/conversation/${anna.user.id}`, { query: { limit: '5' } })
    ).json().messages as ChatMessage[];
    expect(conversation.find((m) => m._id === message._id)).toMatchObject({
      deleted: true,
      content: '',
    });
    // again: the same answer, nothing more
    expect((await anna.client.delete(`/api/chat/message/${message._id}`)).statusCode).toBe(200);
    expect(
      (await anna.client.delete('/api/chat/message/0190a0b0-0000-7000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
  });
});

describe('idempotent resend', () => {
  it('creates one message for two sends with the same Idempotency-Key', async () => {
    const a = await org.userClient({ chat: true });
    const b = await org.userClient({ chat: true });
    const form = await multipart([
      { name: 'receiverId', value: b.user.id },
      { name: 'content', value: 'inviato due volte' },
      { name: 'files', data: await png(), filename: 'p.png', type: 'image/png' },
    ]);
    const headers = { ...form.headers, 'idempotency-key': 'chat-resend-0001' };
    const first = await a.client.post('/api/chat/message', form.payload, { headers });
    const second = await a.client.post('/api/chat/message', form.payload, { headers });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().message._id).toBe(first.json().message._id);
    const messages = (await b.client.get(`/api/chat/conversation/${a.user.id}`)).json()
      .messages as ChatMessage[];
    expect(messages).toHaveLength(1);
    expect(await unread(b.client)).toBe(1);
  });
});

describe('login as a demo-like user', () => {
  it('sees the available users with the right name field after a fresh login', async () => {
    const user = await createUser(ctx, {
      companyId: org.company.id,
      permissions: { chat: true },
      name: 'Dario Chat',
    });
    const client = await login(ctx.app, user.email);
    const res = await anna.client.get('/api/chat/available-users');
    expect(res.json().users.map((u: { name: string }) => u.name)).toContain('Dario Chat');
    expect((await client.get('/api/chat/users')).json()).toEqual({ success: true, users: [] });
  });
});
