import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocchi as blocchiTable } from '../src/db/schema/index.js';
import { isLoopback } from '../src/modules/etichette/etichette.service.js';
import {
  buildTestApp,
  createProductionLookups,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

// Labels with QR codes: the PDF is rasterised and its QR codes decoded back to the URLs.

const PUBLIC_URL = 'https://gestcava.cava-demo.example';
let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let admin: TestClient;
let blocchi: Array<{ _id: string; codice: string }>;
let pacco: { _id: string; codice: string };
const year = new Date().getFullYear();

/** Every page as RGBA pixels at 3× (216 dpi), and its text. */
function pages(pdf: Buffer) {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  return Array.from({ length: doc.countPages() }, (_, n) => {
    const page = doc.loadPage(n);
    const pix = page.toPixmap(mupdf.Matrix.scale(3, 3), mupdf.ColorSpace.DeviceRGB, true, true);
    return {
      width: pix.getWidth(),
      height: pix.getHeight(),
      pixels: pix.getPixels(),
      text: page.toStructuredText('preserve-whitespace').asText(),
    };
  });
}

/** The QR code inside a region of a page (x, y, w, h as fractions of the page). */
function qrIn(
  p: ReturnType<typeof pages>[number],
  [fx, fy, fw, fh]: [number, number, number, number],
): string | null {
  const x0 = Math.round(fx * p.width);
  const y0 = Math.round(fy * p.height);
  const w = Math.round(fw * p.width);
  const h = Math.round(fh * p.height);
  const region = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++)
    region.set(
      p.pixels.subarray(((y0 + y) * p.width + x0) * 4, ((y0 + y) * p.width + x0 + w) * 4),
      y * w * 4,
    );
  return jsQR(region, w, h)?.data ?? null;
}

beforeAll(async () => {
  ctx = await buildTestApp({ PUBLIC_URL });
  org = await setupCompany(ctx);
  admin = await org.adminClient();
  const lookups = await createProductionLookups(admin);
  const macchina = (
    await admin.post('/api/macchine', { nome: 'Telaio', tipo: 'telaio', kerfMm: 5, rifiloMm: 20 })
  ).json();
  const bancata = (
    await admin.post('/api/bancate', {
      cavaId: lookups.cavaId,
      materialeId: lookups.materialeId,
      dataTaglio: `${year}-01-10`,
      lunghezza: 1000,
      altezza: 500,
      profondita: 400,
    })
  ).json();
  for (const stato of ['ribaltata', 'in_riquadratura'])
    await admin.post(`/api/bancate/${bancata._id}/stato`, { stato });
  blocchi = [];
  // the 280 cm block was weighed at the weighbridge
  for (const l of [300, 280, 260])
    blocchi.push(
      (
        await admin.post('/api/blocchi', {
          bancataId: bancata._id,
          ubicazioneId: lookups.ubicazioneId,
          lunghezza: l,
          altezza: 160,
          profondita: 140,
          stato: 'disponibile',
          ...(l === 280 ? { pesoPesa: 17.35 } : {}),
        })
      ).json(),
    );
  const lav = (
    await admin.post('/api/lavorazioni-lastre', {
      bloccoId: blocchi[2]!._id,
      macchinaId: macchina._id,
      spessoreMm: 20,
    })
  ).json();
  await admin.post(`/api/lavorazioni-lastre/${lav._id}/stato`, { stato: 'in_segagione' });
  pacco = (
    await admin.post(`/api/lavorazioni-lastre/${lav._id}/completa`, {
      numeroLastre: 5,
      lunghezzaMm: 2500,
      altezzaMm: 1500,
      ubicazioneId: lookups.ubicazioneId,
    })
  ).json().pacchi[0];
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/etichette', () => {
  it('an A4 sheet of block labels: each QR code decodes to the public address of its block, with the code and facts beside it', async () => {
    const res = await admin.get('/api/etichette', {
      query: { entityType: 'blocco', ids: blocchi.map((b) => b._id).join(','), formato: 'a4' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="etichette-blocco.pdf"; filename*=UTF-8''etichette-blocco.pdf`,
    );
    const [page, ...more] = pages(res.rawPayload);
    expect(more).toHaveLength(0);
    // slots of 2 × 4: left column first row, right column first row, left column second row
    const slots: Array<[number, number, number, number]> = [
      [0, 0, 0.5, 0.25],
      [0.5, 0, 0.5, 0.25],
      [0, 0.25, 0.5, 0.25],
    ];
    expect(slots.map((s) => qrIn(page!, s))).toEqual(
      blocchi.map((b) => `${PUBLIC_URL}/c/${b.codice}`),
    );
    for (const b of blocchi) expect(page!.text).toContain(b.codice);
    expect(page!.text).toContain('Statuario');
    expect(page!.text).toContain('300 × 160 × 140 cm');
    expect(page!.text).toContain(org.company.name);
  });

  it('block and bundle labels print the weight, a block’s with its basis', async () => {
    // 300 × 160 × 140 cm = 6.72 m³ × 2.71 t/m³ = 18.21 t theoretical; 280 × 160 × 140 cm weighed at 17.35 t
    const blocks = pages(
      (
        await admin.get('/api/etichette', {
          query: {
            entityType: 'blocco',
            ids: `${blocchi[0]!._id},${blocchi[1]!._id}`,
            formato: 'a4',
          },
        })
      ).rawPayload,
    )[0]!.text;
    expect(blocks).toContain('18,21 t teorico');
    expect(blocks).toContain('17,35 t pesato');
    // 5 slabs of 2500 × 1500 mm = 18.75 m² × 20 mm × 2.71 t/m³ = 1.02 t
    const bundle = pages(
      (
        await admin.get('/api/etichette', {
          query: { entityType: 'pacco', ids: pacco._id, formato: '100x150' },
        })
      ).rawPayload,
    )[0]!.text;
    expect(bundle).toContain('1,02 t teorico');
  });

  it('a slab label prints its grade beside its measures', async () => {
    const lastra = (await admin.get('/api/magazzino/lastre', { query: { limit: '1' } })).json()
      .items[0];
    const res = await admin.get('/api/etichette', {
      query: { entityType: 'lastra', ids: lastra._id, formato: '100x150' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [page] = pages(res.rawPayload);
    expect(page!.text).toContain(lastra.codice);
    expect(page!.text).toContain('Scelta prima');
    expect(page!.text).toContain('2500 × 1500 mm');
  });

  it('a 100×150 label of a bundle: one per page, for a thermal printer', async () => {
    const res = await admin.get('/api/etichette', {
      query: { entityType: 'pacco', ids: pacco._id, formato: '100x150' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="etichetta-${pacco.codice}.pdf"; filename*=UTF-8''etichetta-${pacco.codice}.pdf`,
    );
    const [page] = pages(res.rawPayload);
    expect(page!.width / page!.height).toBeCloseTo(100 / 150, 2);
    expect(qrIn(page!, [0, 0, 1, 0.7])).toBe(`${PUBLIC_URL}/c/${pacco.codice}`);
    expect(page!.text).toContain(pacco.codice);
    expect(page!.text).toContain('5 lastre');
  });

  it('refuses another company’s items, unknown kinds and items the user may not read', async () => {
    const other = await (await setupCompany(ctx)).adminClient();
    expect(
      (await other.get('/api/etichette', { query: { entityType: 'blocco', ids: blocchi[0]!._id } }))
        .statusCode,
    ).toBe(404);
    const kind = await admin.get('/api/etichette', {
      query: { entityType: 'astronave', ids: blocchi[0]!._id },
    });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().details[0].path).toBe('entityType');
    const magazziniere = (await org.userClient({ 'magazzino-lastre': true })).client;
    expect(
      (
        await magazziniere.get('/api/etichette', {
          query: { entityType: 'blocco', ids: blocchi[0]!._id },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await magazziniere.get('/api/etichette', { query: { entityType: 'pacco', ids: pacco._id } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await admin.get('/api/etichette', { query: { entityType: 'blocco', ids: 'non-un-id' } }))
        .statusCode,
    ).toBe(400);
  });

  it('a code cannot choose the download’s name or break its header: quoted and encoded by the shared helper', async () => {
    // codes written before the rule, or arrived with a transfer, may still hold any character
    const [b] = blocchi;
    const label = (codice: string) =>
      ctx.database.db.update(blocchiTable).set({ codice }).where(eq(blocchiTable.id, b!._id));
    try {
      await label(`BL-X"; filename*=UTF-8''e.html`);
      const injected = await admin.get('/api/etichette', {
        query: { entityType: 'blocco', ids: b!._id },
      });
      expect(injected.statusCode, injected.body).toBe(200);
      expect(injected.headers['content-disposition']).toBe(
        `attachment; filename="etichetta-BL-X_; filename*=UTF-8''e.html.pdf"; filename*=UTF-8''etichetta-BL-X%22%3B%20filename*%3DUTF-8''e.html.pdf`,
      );
      await label('BL-€-1');
      const euro = await admin.get('/api/etichette', {
        query: { entityType: 'blocco', ids: b!._id },
      });
      expect(euro.statusCode, euro.body).toBe(200);
      expect(euro.headers['content-disposition']).toBe(
        `attachment; filename="etichetta-BL-_-1.pdf"; filename*=UTF-8''etichetta-BL-%E2%82%AC-1.pdf`,
      );
      expect(pages(euro.rawPayload)[0]!.text).toContain('BL-€-1');
    } finally {
      await label(b!.codice);
    }
  });

  it('a code typed by an admin holds letters, digits, spaces and - / . _ only', async () => {
    for (const codice of [`BL-X"; filename*=UTF-8''e.html`, 'BL-€-1']) {
      const res = await admin.put(`/api/blocchi/${blocchi[0]!._id}`, { codice });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0]).toMatchObject({
        path: 'codice',
        message: expect.stringMatching(/^Codice: solo lettere/),
      });
    }
  });

  it('says where the QR codes point, and whether that is a loopback address no phone can open', async () => {
    expect((await admin.get('/api/etichette/indirizzo')).json()).toEqual({
      publicUrl: PUBLIC_URL,
      loopback: false,
    });
    const { client: anyone } = await org.userClient({});
    expect((await anyone.get('/api/etichette/indirizzo')).statusCode).toBe(200);
    // PUBLIC_URL unset: the labels carry the local address
    const local = await buildTestApp();
    try {
      const localAdmin = await (await setupCompany(local)).adminClient();
      expect((await localAdmin.get('/api/etichette/indirizzo')).json()).toEqual({
        publicUrl: expect.stringMatching(/^http:\/\/localhost:\d+$/),
        loopback: true,
      });
    } finally {
      await local.close();
    }
  });

  it('loopback addresses: localhost and its subdomains, 127.0.0.0/8, ::1, 0.0.0.0', () => {
    for (const url of [
      'http://localhost:3000',
      'http://LOCALHOST',
      'http://app.localhost',
      'http://127.0.0.1:3000',
      'http://127.8.9.10',
      'http://[::1]:3000',
      'http://0.0.0.0:3000',
    ])
      expect(isLoopback(url), url).toBe(true);
    for (const url of [
      'https://gestcava.cava-demo.example',
      'http://192.168.1.20:3000',
      'http://127.example',
      'http://localhost.example',
    ])
      expect(isLoopback(url), url).toBe(false);
  });
});
