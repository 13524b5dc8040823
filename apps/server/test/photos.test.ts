import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { PHOTO_MESSAGES } from '@gestcava/contracts';
import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { photos, storagePending } from '../src/db/schema/index.js';
import {
  buildTestApp,
  createProductionLookups,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let admin: TestClient;
let cavatore: TestClient;
let blocco: { _id: string; codice: string };
let bancata: { _id: string; codice: string };
let cavaId: string;
const year = new Date().getFullYear();

/** A camera-like JPEG: EXIF capture date and a GPS position that must never be served. */
async function cameraJpeg(width = 1200, height = 900, color = '#d8d4cc') {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'Cava', Model: 'Tablet' },
      IFD2: { DateTimeOriginal: '2026:05:04 10:11:12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '44/1 4/1 30/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '10/1 6/1 0/1',
      },
    })
    .toBuffer();
}

interface FilePart {
  name?: string;
  data: Buffer;
  type?: string;
  field?: string;
}

async function multipart(fields: Record<string, string>, files: FilePart[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files)
    form.append(
      f.field ?? 'photos',
      new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/jpeg' }),
      f.name ?? 'foto.jpg',
    );
  const request = new Request('http://x', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

async function upload(client: TestClient, fields: Record<string, string>, files: FilePart[]) {
  const { payload, contentType } = await multipart(fields, files);
  return client.post('/photos/uploadPhotos', payload, { headers: { 'content-type': contentType } });
}

const forBlocco = () => ({ entityType: 'blocco', entityId: blocco._id, codice: blocco.codice });

/** A PNG header claiming a huge image over a few bytes of data: a decompression bomb. */
function pngBomb(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The company's stored objects, on whichever backend the app stores in. */
async function companyFiles(companyId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of ctx.app.services.storage.backend.list(`${companyId}/`))
    keys.push(object.key);
  return keys;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
  admin = await org.adminClient();
  cavatore = (await org.userClient({ bancate: true, blocchi: true, 'blocchi-esterni': true }))
    .client;
  const lookups = await createProductionLookups(admin);
  cavaId = lookups.cavaId;
  bancata = (
    await cavatore.post('/api/bancate', {
      cavaId,
      materialeId: lookups.materialeId,
      dataTaglio: `${year + 1}-03-10`,
      lunghezza: 1200,
      altezza: 600,
      profondita: 400,
    })
  ).json();
  for (const stato of ['in_taglio', 'ribaltata', 'in_riquadratura'])
    await cavatore.post(`/api/bancate/${bancata._id}/stato`, { stato });
  const res = await cavatore.post('/api/blocchi', {
    bancataId: bancata._id,
    ubicazioneId: lookups.ubicazioneId,
    lunghezza: 280,
    altezza: 150,
    profondita: 120,
  });
  expect(res.statusCode, res.body).toBe(201);
  blocco = res.json();
});
afterAll(() => ctx.close());

describe('upload and read', () => {
  it('stores two photos with variants, capture date, no location, and lists them newest first with a zip link', async () => {
    const res = await upload(
      cavatore,
      { ...forBlocco(), description: 'Fronte nord', userId: crypto.randomUUID() },
      [
        { name: 'uno.jpg', data: await cameraJpeg() },
        { name: 'due.jpg', data: await cameraJpeg(900, 1200, '#bbb') },
      ],
    );
    expect(res.statusCode, res.body).toBe(201);
    const uploaded = res.json().photos;
    expect(uploaded).toHaveLength(2);
    expect(uploaded[0]).toMatchObject({
      entityType: 'blocco',
      entityId: blocco._id,
      codice: blocco.codice,
      description: 'Fronte nord',
      width: 1200,
      height: 900,
      takenAt: '2026-05-04T10:11:12.000Z',
    });
    // the user is the session's, never the form's
    expect(uploaded[0].userId).toBe(cavatore.user!._id);

    const thumb = await ctx.app.inject({ url: uploaded[0].thumbnailUrl });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBeLessThanOrEqual(320);
    const preview = await sharp(
      (await ctx.app.inject({ url: uploaded[1].previewUrl })).rawPayload,
    ).metadata();
    expect([preview.width, preview.height]).toEqual([900, 1200]);

    const original = await ctx.app.inject({ url: uploaded[0].downloadUrl });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-disposition']).toMatch(/^attachment/);
    expect(await exifr.gps(original.rawPayload)).toBeUndefined();
    // the capture date lives on the row (takenAt above); the served file carries no camera metadata
    expect(await exifr.parse(original.rawPayload)).toBeUndefined();
    expect((await sharp(original.rawPayload).metadata()).width).toBe(1200);
    const single = await cavatore.get(`/photos/downloadSinglePhoto/${uploaded[0]._id}`);
    expect(single.statusCode).toBe(200);
    expect(await exifr.gps(single.rawPayload)).toBeUndefined();

    const list = await cavatore.get('/photos/flutter/getPhotos', {
      query: { entityType: 'blocco', entityId: blocco._id },
    });
    expect(list.json().photos.map((p: { _id: string }) => p._id)).toEqual([
      uploaded[1]._id,
      uploaded[0]._id,
    ]);
    const byCode = await cavatore.get('/photos/flutter/getPhotos', {
      query: { entityType: 'blocco', codice: blocco.codice },
    });
    expect(byCode.json().photos).toHaveLength(2);
    // the zip link works without a bearer token, as a browser download
    const zip = await ctx.app.inject({ url: list.json().zipUrl });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(zip.rawPayload.toString('latin1')).toContain(`${blocco.codice}_001.jpg`);
    expect(zip.rawPayload.toString('latin1')).toContain(`${blocco.codice}_002.jpg`);
    // and with a bearer, as the fixed binary call
    expect(
      (
        await cavatore.get('/photos/downloadPhotos', {
          query: { entityType: 'blocco', entityId: blocco._id },
        })
      ).statusCode,
    ).toBe(200);
    expect((await cavatore.get(`/photos/getPhoto/${uploaded[0]._id}`)).json().photo._id).toBe(
      uploaded[0]._id,
    );
  });

  it('refuses what is not a photo, with the fixed messages', async () => {
    const jpeg = await cameraJpeg(200, 150);
    const noFile = await upload(cavatore, forBlocco(), []);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(PHOTO_MESSAGES.noFiles);
    const noEntity = await upload(cavatore, { entityType: 'blocco' }, [{ data: jpeg }]);
    expect(noEntity.statusCode).toBe(400);
    expect(noEntity.json().message).toBe(PHOTO_MESSAGES.noEntity);
    const text = await upload(cavatore, forBlocco(), [
      { name: 'foto.jpg', data: Buffer.from('<html><script>alert(1)</script></html>') },
    ]);
    expect(text.statusCode).toBe(415);
    const heicHeader = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(64),
    ]);
    const heic = await upload(cavatore, forBlocco(), [{ name: 'IMG_0001.jpg', data: heicHeader }]);
    expect(heic.statusCode).toBe(415);
    expect(heic.json().message).toBe(PHOTO_MESSAGES.heic);
    const started = performance.now();
    const bomb = await upload(cavatore, forBlocco(), [
      { name: 'bomb.png', data: pngBomb(30_000, 30_000), type: 'image/png' },
    ]);
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().message).toMatch(/megapixel/);
    expect(performance.now() - started).toBeLessThan(2000);
    const big = await upload(cavatore, forBlocco(), [
      { data: Buffer.concat([jpeg, Buffer.alloc(25 * 1024 * 1024)]) },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(PHOTO_MESSAGES.tooLarge);
    const many = await upload(
      cavatore,
      forBlocco(),
      Array.from({ length: 51 }, (_, i) => ({ name: `f${i}.jpg`, data: jpeg })),
    );
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toBe(PHOTO_MESSAGES.tooMany);
    // nothing of the refused uploads stays behind
    const rows = await ctx.database.db.select().from(photos).where(eq(photos.entityId, blocco._id));
    expect(rows).toHaveLength(2);
    expect(await companyFiles(org.company.id)).toHaveLength(6);
    expect(fs.readdirSync(path.join(ctx.dataDir, 'uploads', 'tmp'))).toEqual([]);
  });

  it('a file name loses its bidirectional-text controls', async () => {
    const res = await upload(cavatore, { entityType: 'bancata', entityId: bancata._id }, [
      { name: 'foto\u202egpj.exe\u202c.jpg', data: await cameraJpeg(300, 200) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json().photos[0];
    expect(photo.fileName).toBe('fotogpj.exe.jpg');
    // the later tests count this bancata's photos
    expect((await cavatore.delete(`/photos/deletePhoto/${photo._id}`)).statusCode).toBe(200);
  });

  it('a path in the file name stays a name', async () => {
    const res = await upload(cavatore, { entityType: 'bancata', entityId: bancata._id }, [
      { name: '../../../../etc/passwd.jpg', data: await cameraJpeg(300, 200) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json().photos[0];
    expect(photo.fileName).not.toContain('/');
    const [row] = await ctx.database.db.select().from(photos).where(eq(photos.id, photo._id));
    expect(row!.originalKey.startsWith(`${org.company.id}/`)).toBe(true);
    expect(row!.originalKey).not.toContain('..');
    expect(fs.existsSync(path.join(ctx.dataDir, 'etc'))).toBe(false);
  });

  it('an upload cut off half way leaves no row and no file', async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const address = ctx.app.server.address() as { port: number };
    const before = (await companyFiles(org.company.id)).length;
    const { payload, contentType } = await multipart(forBlocco(), [
      { data: Buffer.concat([await cameraJpeg(), Buffer.alloc(2_000_000)]) },
    ]);
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port: address.port,
        method: 'POST',
        path: '/photos/uploadPhotos',
        headers: {
          'content-type': contentType,
          'content-length': payload.length,
          authorization: `Bearer ${cavatore.token}`,
          'x-csrf-token': cavatore.csrf,
          cookie: `XSRF-TOKEN=${cavatore.csrf}`,
        },
      });
      req.on('error', () => resolve());
      req.write(payload.subarray(0, Math.floor(payload.length / 2)), () =>
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 200),
      );
    });
    await vi.waitFor(
      () => expect(fs.readdirSync(path.join(ctx.dataDir, 'uploads', 'tmp'))).toEqual([]),
      { timeout: 5000 },
    );
    expect(await companyFiles(org.company.id)).toHaveLength(before);
    expect(
      await ctx.database.db.select().from(photos).where(eq(photos.entityId, blocco._id)),
    ).toHaveLength(2);
  });
});

describe('access', () => {
  it('signed links: a changed or expired signature answers 403', async () => {
    const [photo] = (
      await cavatore.get('/photos/flutter/getPhotos', {
        query: { entityType: 'blocco', entityId: blocco._id },
      })
    ).json().photos;
    const tampered = photo.thumbnailUrl.replace(/sig=[^&]+/, 'sig=abc');
    expect((await ctx.app.inject({ url: tampered })).statusCode).toBe(403);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2 * 3600_000);
      const expired = await ctx.app.inject({ url: photo.thumbnailUrl });
      expect(expired.statusCode).toBe(403);
      expect(expired.json().message).toMatch(/scaduto/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('another company sees nothing: 404 for its ids, 403 for a zip link moved to its company', async () => {
    const other = await setupCompany(ctx);
    const stranger = await other.adminClient();
    const [photo] = (
      await cavatore.get('/photos/flutter/getPhotos', {
        query: { entityType: 'blocco', entityId: blocco._id },
      })
    ).json().photos;
    expect((await stranger.get(`/photos/getPhoto/${photo._id}`)).statusCode).toBe(404);
    expect(
      (
        await stranger.get('/photos/flutter/getPhotos', {
          query: { entityType: 'blocco', entityId: blocco._id },
        })
      ).statusCode,
    ).toBe(404);
    expect((await stranger.delete(`/photos/deletePhoto/${photo._id}`)).statusCode).toBe(404);
    expect((await stranger.get(`/photos/downloadSinglePhoto/${photo._id}`)).statusCode).toBe(404);
    expect((await stranger.get('/photo-gallery/paginatedPhotos')).json()).toEqual({
      photos: [],
      total: 0,
    });
    const zipUrl = (
      await cavatore.get('/photos/flutter/getPhotos', {
        query: { entityType: 'blocco', entityId: blocco._id },
      })
    ).json().zipUrl as string;
    expect(
      (await ctx.app.inject({ url: zipUrl.replace(org.company.id, other.company.id) })).statusCode,
    ).toBe(403);
  });

  it('the zip link lives only as long as the session that listed the photos', async () => {
    const { client } = await org.userClient({ blocchi: true });
    const uploaded = await upload(client, forBlocco(), [
      { name: 'a.jpg', data: await cameraJpeg(64, 48) },
    ]);
    expect(uploaded.statusCode).toBe(201);
    const zipUrl = (
      await client.get('/photos/flutter/getPhotos', {
        query: { entityType: 'blocco', entityId: blocco._id },
      })
    ).json().zipUrl as string;
    expect((await ctx.app.inject({ url: zipUrl })).statusCode).toBe(200);
    expect((await client.post('/user/logout')).statusCode).toBe(200);
    const after = await ctx.app.inject({ url: zipUrl });
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toMatch(
      /^Collegamento non più valido: la sessione che lo ha creato è terminata/,
    );
    // the block's photos as the later tests count them
    expect(
      (await cavatore.delete(`/photos/deletePhoto/${uploaded.json().photos[0]._id}`)).statusCode,
    ).toBe(200);
  });

  it('reads need photo-gallery or the entity page; writes need write on the entity page', async () => {
    const { client: reader } = await org.userClient({ blocchi: { access: true, write: false } });
    const { client: quarry } = await org.userClient({ bancate: true });
    const { client: gallery } = await org.userClient({ 'photo-gallery': true });
    const { client: nobody } = await org.userClient({ clienti: true });
    const jpeg = await cameraJpeg(200, 150);
    expect((await upload(reader, forBlocco(), [{ data: jpeg }])).statusCode).toBe(403);
    expect((await upload(quarry, forBlocco(), [{ data: jpeg }])).statusCode).toBe(403);
    expect((await upload(gallery, forBlocco(), [{ data: jpeg }])).statusCode).toBe(403);
    expect(
      (
        await reader.get('/photos/flutter/getPhotos', {
          query: { entityType: 'blocco', entityId: blocco._id },
        })
      ).json().photos,
    ).toHaveLength(2);
    expect(
      (
        await quarry.get('/photos/flutter/getPhotos', {
          query: { entityType: 'blocco', entityId: blocco._id },
        })
      ).statusCode,
    ).toBe(403);
    expect((await nobody.get('/photo-gallery/paginatedPhotos')).statusCode).toBe(403);
    // the gallery shows each user what their pages allow
    const types = async (c: TestClient) =>
      (
        (await c.get('/photo-gallery/paginatedPhotos')).json().photos as Array<{
          entityType: string;
        }>
      )
        .map((p) => p.entityType)
        .sort();
    expect(await types(gallery)).toEqual(['bancata', 'blocco', 'blocco']);
    expect(await types(reader)).toEqual(['blocco', 'blocco']);
    expect(await types(quarry)).toEqual(['bancata']);
    const [photo] = (
      await reader.get('/photos/flutter/getPhotos', {
        query: { entityType: 'blocco', entityId: blocco._id },
      })
    ).json().photos;
    expect((await reader.delete(`/photos/deletePhoto/${photo._id}`)).statusCode).toBe(403);
  });
});

describe('gallery', () => {
  it('pages of 20 by default, filters by type, quarry and text, with the entity info', async () => {
    const all = (
      await admin.get('/photo-gallery/paginatedPhotos', { query: { includeEntityInfo: 'true' } })
    ).json();
    expect(all.total).toBe(3);
    const card = all.photos.find((p: { entityType: string }) => p.entityType === 'blocco');
    expect(card.entity).toEqual({
      codice: blocco.codice,
      materiale: 'Statuario',
      stato: 'in_piazzale',
      cava: 'Canalgrande',
      detailPath: `/app/pages/blocchi/${blocco._id}`,
    });
    const bancataCard = all.photos.find((p: { entityType: string }) => p.entityType === 'bancata');
    expect(bancataCard.entity).toMatchObject({
      codice: bancata.codice,
      detailPath: `/app/bancate/${bancata._id}`,
    });
    const total = (query: Record<string, string>) =>
      admin.get('/photo-gallery/paginatedPhotos', { query }).then((r) => r.json().total);
    expect(await total({ entityType: 'bancata' })).toBe(1);
    expect(await total({ searchTerm: blocco.codice })).toBe(2);
    expect(await total({ searchTerm: 'fronte NORD' })).toBe(2);
    expect(await total({ searchTerm: '100%' })).toBe(0);
    // an admin corrects the block's code: its photos are found by the new one
    expect(
      (await admin.put(`/api/blocchi/${blocco._id}`, { codice: `${blocco.codice}-X` })).statusCode,
    ).toBe(200);
    expect(await total({ searchTerm: `${blocco.codice}-X` })).toBe(2);
    await admin.put(`/api/blocchi/${blocco._id}`, { codice: blocco.codice });
    expect(await total({ cavaId })).toBe(3);
    expect(await total({ cavaId: crypto.randomUUID() })).toBe(0);
    const page2 = (
      await admin.get('/photo-gallery/paginatedPhotos', { query: { page: '2', limit: '2' } })
    ).json();
    expect(page2).toMatchObject({ total: 3 });
    expect(page2.photos).toHaveLength(1);
    // slabs and collaudi carry photos now (magazzino.test.ts, collaudi.test.ts); a kind that carries none is refused
    expect(await total({ entityType: 'lastra' })).toBe(0);
    expect(await total({ entityType: 'collaudo' })).toBe(0);
    // sawings and tile cuts are in the entity registry, so photos can hang on them: the filter knows them
    expect(await total({ entityType: 'lavorazione-lastre' })).toBe(0);
    expect(await total({ entityType: 'lavorazione-pavimenti' })).toBe(0);
    expect(
      (await admin.get('/photo-gallery/paginatedPhotos', { query: { entityType: 'fattura' } }))
        .statusCode,
    ).toBe(400);
    expect((await admin.get('/photos/list')).json().total).toBe(3);
  });
});

describe('sync with the filesystem', () => {
  it('is for admins; imports the inbox into the right company, flags missing files, counts orphans', async () => {
    expect((await cavatore.get('/photos/syncPhotosWithFilesystem')).statusCode).toBe(403);
    expect((await cavatore.get('/photos/getSyncStatus')).statusCode).toBe(403);
    const inbox = path.join(ctx.dataDir, 'uploads', 'inbox', org.company.id);
    fs.mkdirSync(path.join(inbox, 'blocco', blocco.codice), { recursive: true });
    fs.writeFileSync(
      path.join(inbox, 'blocco', blocco.codice, 'da-ftp.jpg'),
      await cameraJpeg(400, 300),
    );
    fs.mkdirSync(path.join(inbox, 'blocco', 'BL-1999-9999'), { recursive: true });
    fs.writeFileSync(
      path.join(inbox, 'blocco', 'BL-1999-9999', 'sconosciuto.jpg'),
      await cameraJpeg(400, 300),
    );
    // a stored original removed by hand, and a file nobody knows
    const [gone] = (
      await cavatore.get('/photos/flutter/getPhotos', {
        query: { entityType: 'bancata', entityId: bancata._id },
      })
    ).json().photos;
    const [goneRow] = await ctx.database.db.select().from(photos).where(eq(photos.id, gone._id));
    await ctx.app.services.storage.remove(goneRow!.originalKey);
    const orphanKey = goneRow!.originalKey.replace(
      /[0-9a-f-]{36}\.jpg$/,
      '01900000-0000-7000-8000-000000000000.jpg',
    );
    await ctx.app.services.storage.putBuffer(orphanKey, Buffer.from('x'), 'image/jpeg');

    const started = await admin.get('/photos/syncPhotosWithFilesystem');
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ success: true, started: true });
    await ctx.app.services.photoSync.idle();
    const status = (await admin.get('/photos/getSyncStatus')).json();
    expect(status).toMatchObject({ running: false, imported: 1, missing: 1, orphans: 1 });
    expect(status.errors).toHaveLength(1);
    expect(status.errors[0]).toMatch(/BL-1999-9999.*non trovato/);
    expect(fs.existsSync(path.join(inbox, 'blocco', blocco.codice, 'da-ftp.jpg'))).toBe(false);
    const imported = (
      await cavatore.get('/photos/flutter/getPhotos', {
        query: { entityType: 'blocco', entityId: blocco._id },
      })
    ).json().photos;
    expect(imported.map((p: { fileName: string }) => p.fileName)).toContain('da-ftp.jpg');
    const flagged = (await cavatore.get(`/photos/getPhoto/${gone._id}`)).json().photo;
    expect(flagged.fileMissing).toBe(true);
  });
});

describe('delete', () => {
  it('one with its files, then all of an entity', async () => {
    const list = (
      await cavatore.get('/photos/flutter/getPhotos', {
        query: { entityType: 'blocco', entityId: blocco._id },
      })
    ).json().photos;
    const before = (await companyFiles(org.company.id)).length;
    expect((await cavatore.delete(`/photos/deletePhoto/${list[0]._id}`)).json()).toEqual({
      success: true,
    });
    expect(await companyFiles(org.company.id)).toHaveLength(before - 3);
    expect((await cavatore.get(`/photos/getPhoto/${list[0]._id}`)).statusCode).toBe(404);
    const all = await cavatore.delete('/photos/deletePhotos', {
      entityType: 'blocco',
      entityId: blocco._id,
    });
    expect(all.json()).toEqual({ success: true, deleted: list.length - 1 });
    expect(await companyFiles(org.company.id)).toHaveLength(before - 3 * list.length);
    // the keys released with the rows are gone with their files: nothing is left for the sweep
    expect(await ctx.database.db.select().from(storagePending)).toEqual([]);
    expect(
      (
        await cavatore.get('/photos/flutter/getPhotos', {
          query: { entityType: 'blocco', entityId: blocco._id },
        })
      ).json(),
    ).toMatchObject({ photos: [], zipUrl: null });
    expect(
      (await cavatore.delete('/photos/deletePhotos', { entityType: 'blocco' })).json().message,
    ).toBe(PHOTO_MESSAGES.noEntity);
  });
});

describe('served originals', () => {
  it('a JPEG comes back with no comment, no metadata and nothing after its end, losslessly, its orientation and colour profile kept', async () => {
    const base = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#a0522d' },
    })
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6, icc: 'p3' })
      .withExif({
        IFD0: { ImageDescription: '<img src=x onerror=alert(1)>', Artist: 'Mario Rossi' },
      })
      .toBuffer();
    // a comment segment right after SOI, and an HTML page after the end marker
    const comment = Buffer.from('<html><script>alert(1)</script></html>', 'latin1');
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
    const crafted = Buffer.concat([
      base.subarray(0, 2),
      com,
      base.subarray(2),
      Buffer.from('<html><script>alert(2)</script>', 'latin1'),
    ]);

    const res = await upload(cavatore, forBlocco(), [{ name: 'ritocco.jpg', data: crafted }]);
    expect(res.statusCode, res.body).toBe(201);
    const served = (await ctx.app.inject({ url: res.json().photos[0].downloadUrl })).rawPayload;
    const text = served.toString('latin1');
    expect(text).not.toContain('<script>');
    expect(text).not.toContain('onerror');
    expect(text).not.toContain('Mario Rossi');
    expect(served.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    const meta = await sharp(served).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48, orientation: 6 });
    expect(meta.icc).toBeDefined();
    // lossless: the same pixels as the camera's file
    const [a, b] = await Promise.all([
      sharp(served).raw().toBuffer(),
      sharp(base).raw().toBuffer(),
    ]);
    expect(a.equals(b)).toBe(true);
  });
});
