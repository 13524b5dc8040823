import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createProductionLookups,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

/** Defects marked on a photo (docs/photos.md, "Segni sui difetti"). */

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let produzione: TestClient;
let lettore: TestClient;
let soloBancate: TestClient;
let altraAzienda: TestClient;
let blocco: { _id: string; codice: string };
let photoId: string;

const W = 400;
const H = 300;
const pelo = {
  tipo: 'linea',
  punti: [
    [0.1, 0.5],
    [0.9, 0.5],
  ],
  difetto: 'pelo',
  lunghezzaCm: 40,
};
const macchia = {
  tipo: 'area',
  punti: [
    [0.1, 0.1],
    [0.3, 0.1],
    [0.2, 0.3],
  ],
  difetto: 'macchia',
  nota: 'faccia A',
};
const punto = { tipo: 'punto', punti: [[0.8, 0.8]], difetto: 'taroli' };

const segniOf = async (client: TestClient) =>
  (await client.get(`/api/photos/${photoId}/segni`)).json();

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
  const admin = await org.adminClient();
  produzione = (await org.userClient({ bancate: true, blocchi: true })).client;
  lettore = (await org.userClient({ blocchi: { access: true, write: false } })).client;
  soloBancate = (await org.userClient({ bancate: true })).client;
  const other = await setupCompany(ctx);
  altraAzienda = await other.adminClient();
  const lookups = await createProductionLookups(admin);
  const bancata = (
    await admin.post('/api/bancate', {
      cavaId: lookups.cavaId,
      materialeId: lookups.materialeId,
      dataTaglio: '2031-03-10',
      lunghezza: 1200,
      altezza: 600,
      profondita: 400,
    })
  ).json();
  for (const stato of ['in_taglio', 'ribaltata', 'in_riquadratura'])
    await admin.post(`/api/bancate/${bancata._id}/stato`, { stato });
  blocco = (
    await admin.post('/api/blocchi', {
      bancataId: bancata._id,
      ubicazioneId: lookups.ubicazioneId,
      lunghezza: 280,
      altezza: 150,
      profondita: 120,
    })
  ).json();
  const grey = await sharp({ create: { width: W, height: H, channels: 3, background: '#d0d0d0' } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const [row] = await ctx.app.services.photos.importBuffer(
    org.company.id,
    { entityType: 'blocco', entityId: blocco._id },
    grey,
    'fronte.jpg',
    null,
  );
  photoId = row!.id;
});
afterAll(() => ctx.close());

describe('segni on a photo', () => {
  it('saves the whole set, answers it, counts it in the lists and writes a history row', async () => {
    expect(await segniOf(lettore)).toEqual({ segni: [] });
    const res = await produzione.put(`/api/photos/${photoId}/segni`, {
      segni: [pelo, macchia, pelo],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().segni).toHaveLength(3);
    expect(res.json().segni[1]).toEqual(macchia);
    expect(await segniOf(lettore)).toEqual(res.json());

    const list = (
      await lettore.get('/photos/flutter/getPhotos', {
        query: { entityType: 'blocco', entityId: blocco._id },
      })
    ).json();
    expect(list.photos[0].nSegni).toBe(3);
    const single = (await lettore.get(`/photos/getPhoto/${photoId}`)).json();
    expect(single.photo.nSegni).toBe(3);

    const history = (await lettore.get(`/api/blocchi/${blocco._id}/history`)).json();
    const row = history.find((h: { action: string }) => h.action === 'segni');
    expect(row).toMatchObject({ note: 'Segni sulla foto fronte.jpg: 2 peli, 1 macchia' });
    expect(row.user.name).toBeTruthy();
  });

  it('replaces rather than adds: the new set is all there is, and an empty set clears', async () => {
    await produzione.put(`/api/photos/${photoId}/segni`, { segni: [pelo, macchia] });
    const res = await produzione.put(`/api/photos/${photoId}/segni`, { segni: [punto] });
    expect(res.json().segni).toEqual([punto]);
    expect(await segniOf(produzione)).toEqual({ segni: [punto] });
    await produzione.put(`/api/photos/${photoId}/segni`, { segni: [] });
    expect(await segniOf(produzione)).toEqual({ segni: [] });
  });

  it('refuses an invalid mark with a 400 naming it, and leaves the saved marks untouched', async () => {
    await produzione.put(`/api/photos/${photoId}/segni`, { segni: [pelo] });
    const outside = await produzione.put(`/api/photos/${photoId}/segni`, {
      segni: [
        macchia,
        {
          ...pelo,
          punti: [
            [0.1, 0.5],
            [1.5, 0.5],
          ],
        },
      ],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(
      'Segno 2 (pelo): Le coordinate vanno da 0 a 1 (frazioni della foto)',
    );
    const short = await produzione.put(`/api/photos/${photoId}/segni`, {
      segni: [
        pelo,
        pelo,
        {
          ...macchia,
          punti: [
            [0.1, 0.1],
            [0.2, 0.2],
          ],
        },
      ],
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Segno 3 (macchia): Un'area ha almeno 3 punti");
    const many = await produzione.put(`/api/photos/${photoId}/segni`, {
      segni: Array.from({ length: 101 }, () => punto),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('Al massimo 100 segni per foto');
    expect(await segniOf(produzione)).toEqual({ segni: [pelo] });
  });

  it('writing needs write on the entity page, reading needs read; another company gets 404', async () => {
    const readOnly = await lettore.put(`/api/photos/${photoId}/segni`, { segni: [] });
    expect(readOnly.statusCode).toBe(403);
    // bancate only: the block's photo is neither readable nor writable
    expect((await soloBancate.get(`/api/photos/${photoId}/segni`)).statusCode).toBe(403);
    expect((await soloBancate.put(`/api/photos/${photoId}/segni`, { segni: [] })).statusCode).toBe(
      403,
    );
    expect((await altraAzienda.get(`/api/photos/${photoId}/segni`)).statusCode).toBe(404);
    const foreign = await altraAzienda.put(`/api/photos/${photoId}/segni`, { segni: [punto] });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await altraAzienda.get(`/photos/downloadSinglePhoto/${photoId}`, { query: { segni: '1' } }))
        .statusCode,
    ).toBe(404);
    expect(await segniOf(produzione)).toEqual({ segni: [pelo] });
  });

  it('?segni=1 answers a JPEG with the marks drawn where they are, the rest of the picture unchanged', async () => {
    await produzione.put(`/api/photos/${photoId}/segni`, { segni: [pelo] });
    const plain = await lettore.get(`/photos/downloadSinglePhoto/${photoId}`);
    const drawn = await lettore.get(`/photos/downloadSinglePhoto/${photoId}`, {
      query: { segni: '1' },
    });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.headers['content-type']).toBe('image/jpeg');
    expect(drawn.headers['content-disposition']).toMatch(/_segni\.jpg/);
    const pixel = async (jpeg: Buffer, x: number, y: number) => {
      const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([W, H]);
      const at = (y * info.width + x) * info.channels;
      return [data[at]!, data[at + 1]!, data[at + 2]!] as const;
    };
    // on the line (the middle of the photo): red where the plain photo is grey
    const [r, g, b] = await pixel(drawn.rawPayload, W / 2, H / 2);
    expect(r - g).toBeGreaterThan(60);
    expect(r - b).toBeGreaterThan(60);
    const [pr, pg] = await pixel(plain.rawPayload, W / 2, H / 2);
    expect(Math.abs(pr - pg)).toBeLessThan(10);
    // far from it: the same grey in both, give or take the JPEG encoding
    const away = await pixel(drawn.rawPayload, W / 2, 20);
    const awayPlain = await pixel(plain.rawPayload, W / 2, 20);
    away.forEach((v, i) => expect(Math.abs(v - awayPlain[i]!)).toBeLessThan(8));
  });
});
