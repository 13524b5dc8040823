import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatAttachments, companies, photos } from '../src/db/schema/index.js';
import {
  buildTestApp,
  createCompany,
  createProductionLookups,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';
import { startTestS3, testS3Backend, type TestS3 } from './s3.js';
import { multipart } from './security-helpers.js';

/**
 * the photo, chat-attachment and logo flows once on the S3 backend (s3rver), ending with a
 * bucket that holds exactly the objects the rows own (docs/quality.md R7); and the presigned redirect.
 */

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.stop());

async function bucketKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of testS3Backend(s3).list(prefix)) keys.push(object.key);
  return keys.sort();
}

/** Every key a row of these companies owns: photos and their variants, chat attachments and thumbnails, logos. */
async function ownedKeys(ctx: TestContext, companyIds: string[]): Promise<string[]> {
  const { db } = ctx.database;
  const photoRows = await db.select().from(photos).where(inArray(photos.companyId, companyIds));
  const attachmentRows = await db
    .select()
    .from(chatAttachments)
    .where(inArray(chatAttachments.companyId, companyIds));
  const companyRows = await db.select().from(companies).where(inArray(companies.id, companyIds));
  return [
    ...photoRows.flatMap((p) => [p.originalKey, p.previewKey, p.thumbnailKey]),
    ...attachmentRows.flatMap((a) => [a.storageKey, a.thumbnailKey]),
    ...companyRows.map((c) => c.logoKey),
  ]
    .filter((key): key is string => key !== null)
    .sort();
}

const jpeg = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#d8d4cc' } })
    .jpeg({ quality: 85 })
    .toBuffer();
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3311' } })
    .png()
    .toBuffer();
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

async function uploadLogo(client: TestClient, data: Buffer) {
  const form = await multipart([{ name: 'logo', data, filename: 'logo.png', type: 'image/png' }]);
  return client.post('/companies/upload-logo', form.payload, { headers: form.headers });
}

describe('photos, chat attachments and logos on S3', () => {
  let ctx: TestContext;
  let org: Awaited<ReturnType<typeof setupCompany>>;
  let other: { id: string };
  beforeAll(async () => {
    ctx = await buildTestApp(s3.env(), { storageBackend: () => testS3Backend(s3) });
    org = await setupCompany(ctx);
    other = await createCompany(ctx, { name: 'Segheria del Carrione' });
  });
  afterAll(() => ctx.close());

  it('stores, shows, zips and deletes a photo; sends and opens a chat attachment; shows a logo; the bucket holds what the rows own', async () => {
    const admin = await org.adminClient();
    const lookups = await createProductionLookups(admin);
    const { client: cavatore } = await org.userClient({ bancate: true });
    const bancata = (
      await cavatore.post('/api/bancate', {
        cavaId: lookups.cavaId,
        materialeId: lookups.materialeId,
        dataTaglio: '2026-03-10',
        lunghezza: 1200,
        altezza: 600,
        profondita: 400,
      })
    ).json();

    // A photo: original and its two variants go to the bucket, and come back through the app.
    const form = await multipart([
      { name: 'entityType', value: 'bancata' },
      { name: 'entityId', value: bancata._id },
      { name: 'codice', value: bancata.codice },
      { name: 'photos', data: await jpeg(), filename: 'fronte.jpg', type: 'image/jpeg' },
    ]);
    const uploaded = await cavatore.post('/photos/uploadPhotos', form.payload, {
      headers: form.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [photo] = uploaded.json().photos;
    const thumb = await ctx.app.inject({ url: photo.thumbnailUrl });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const original = await ctx.app.inject({ url: photo.downloadUrl });
    expect(original.statusCode).toBe(200);
    expect((await sharp(original.rawPayload).metadata()).width).toBe(1200);
    const list = (
      await cavatore.get('/photos/flutter/getPhotos', {
        query: { entityType: 'bancata', entityId: bancata._id },
      })
    ).json();
    const zip = await ctx.app.inject({ url: list.zipUrl });
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(zip.rawPayload.toString('latin1')).toContain(`${bancata.codice}_001.jpg`);

    // A chat attachment sent by one company's user opens for the other's.
    const anna = await org.userClient({ chat: true });
    const bruno = await org.userClient({ chat: true }, { companyId: other.id });
    const chatForm = await multipart([
      { name: 'receiverId', value: bruno.user.id },
      { name: 'content', value: 'Verbale e foto' },
      { name: 'files', data: pdf, filename: 'verbale.pdf', type: 'application/pdf' },
      { name: 'files', data: await png(), filename: 'fronte.png', type: 'image/png' },
    ]);
    const sent = await anna.client.post('/api/chat/message', chatForm.payload, {
      headers: chatForm.headers,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [doc, image] = sent.json().message.attachments;
    const opened = await bruno.client.get(doc.url);
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(pdf)).toBe(true);
    expect((await bruno.client.get(image.inlineUrl)).headers['content-type']).toBe('image/webp');

    // A logo.
    const logo = await uploadLogo(admin, await png());
    expect(logo.statusCode, logo.body).toBe(200);
    const shown = await ctx.app.inject({ url: logo.json().logoUrl });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');

    // 3 photo objects + 2 attachments + 1 chat thumbnail + 1 logo, each owned by a row.
    const owners = [org.company.id, other.id];
    const stored = [
      ...(await bucketKeys(`${org.company.id}/`)),
      ...(await bucketKeys(`${other.id}/`)),
    ].sort();
    expect(stored).toHaveLength(7);
    expect(stored).toEqual(await ownedKeys(ctx, owners));

    // Deleting the photo takes its three objects with it.
    expect((await cavatore.delete(`/photos/deletePhoto/${photo._id}`)).json()).toEqual({
      success: true,
    });
    const after = [
      ...(await bucketKeys(`${org.company.id}/`)),
      ...(await bucketKeys(`${other.id}/`)),
    ].sort();
    expect(after).toHaveLength(4);
    expect(after).toEqual(await ownedKeys(ctx, owners));
    expect((await ctx.app.inject({ url: photo.thumbnailUrl })).statusCode).toBe(404);
  });
});

describe('S3_PRESIGNED=1', () => {
  let ctx: TestContext;
  let admin: TestClient;
  beforeAll(async () => {
    ctx = await buildTestApp(s3.env({ S3_PRESIGNED: '1' }), {
      storageBackend: () => testS3Backend(s3),
    });
    admin = await (await setupCompany(ctx)).adminClient();
  });
  afterAll(() => ctx.close());

  it('answers a signed link with a redirect to the bucket that lives at most 60 s, and only after its own check', async () => {
    const data = await png();
    const logoUrl = (await uploadLogo(admin, data)).json().logoUrl as string;

    const res = await ctx.app.inject({ url: logoUrl });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe(s3.endpoint);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('60');
    const fromBucket = await fetch(location);
    expect(fromBucket.status).toBe(200);
    expect(fromBucket.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await fromBucket.arrayBuffer()).equals(data)).toBe(true);

    // A download keeps its name; a forged signature never reaches the bucket.
    const key = new URL(logoUrl, 'http://x').pathname.replace('/api/files/', '');
    const download = await ctx.app.inject({
      url: ctx.app.services.storage.signedUrl(key, {
        ttlSeconds: 300,
        downloadName: 'Logo Marmi Apuani.png',
      }),
    });
    const named = await fetch(download.headers.location as string);
    expect(named.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Logo%20Marmi%20Apuani.png",
    );
    expect(
      (await ctx.app.inject({ url: logoUrl.replace(/sig=[^&]+/, 'sig=abc') })).statusCode,
    ).toBe(403);
  });

  it("lets the app's pages show images from the bucket, and only images", async () => {
    const csp = (await ctx.app.inject({ url: '/api/health' })).headers[
      'content-security-policy'
    ] as string;
    expect(csp).toContain(`img-src 'self' data: blob: ${s3.endpoint}`);
    expect(csp).toContain("connect-src 'self';");
  });
});
