import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatAttachments, companies } from '../src/db/schema/index.js';
import { buildTestApp, setupCompany, type TestContext } from './helpers.js';

/**
 * The start-up sweep of interrupted uploads (QUALITY R7) must never take a file a row owns: a crash
 * note naming a company logo and a chat attachment with its thumbnail keeps them, and removes only
 * the noted file nobody owns. (fault-upload-crash.test.ts covers photos with a real crash.)
 */

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
});
afterAll(() => ctx.close());

async function form(fields: Record<string, string>, field: string, data: Buffer) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append(field, new Blob([new Uint8Array(data)], { type: 'image/png' }), 'immagine.png');
  const request = new Request('http://x', { method: 'POST', body: f });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

describe('start-up sweep of interrupted uploads', () => {
  it('keeps the noted files a logo or a chat attachment owns and removes the one no row owns', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa8866' } }).png().toBuffer();
    const admin = await org.adminClient();
    const logo = await form({}, 'logo', png);
    expect((await admin.post('/companies/upload-logo', logo.payload, { headers: logo.headers })).statusCode).toBe(200);
    const anna = await org.userClient({ chat: true });
    const bruno = await org.userClient({ chat: true });
    const message = await form({ receiverId: bruno.user.id, content: 'con allegato' }, 'files', png);
    const sent = await anna.client.post('/api/chat/message', message.payload, { headers: message.headers });
    expect(sent.statusCode, sent.body).toBe(201);

    const [company] = await ctx.database.db.select().from(companies).where(eq(companies.id, org.company.id));
    const [attachment] = await ctx.database.db.select().from(chatAttachments).where(eq(chatAttachments.companyId, org.company.id));
    const { storage, photoSync } = ctx.app.services;
    const orphan = storage.newKey(org.company.id, 'jpg');
    await storage.putBuffer(orphan, png, 'image/jpeg');
    const owned = [company!.logoKey!, attachment!.storageKey, attachment!.thumbnailKey!];

    // Finished uploads leave no note behind.
    expect(fs.readdirSync(storage.tempDir)).toEqual([]);
    // What a crash leaves: a note naming the files (never ended) and a temporary file.
    const note = await storage.beginPlacement();
    for (const key of [...owned, orphan]) await note.add(key);
    fs.writeFileSync(storage.tempPath(), 'a metà');

    expect(await photoSync.sweepInterruptedUploads()).toEqual({ removed: 1, kept: 3 });
    for (const key of owned) expect(await storage.head(key), key).not.toBeNull();
    expect(await storage.head(orphan)).toBeNull();
    expect(fs.readdirSync(storage.tempDir)).toEqual([]);
  });
});
