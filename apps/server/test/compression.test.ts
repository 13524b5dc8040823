/**
 * Fast on a phone in the yard (docs/performance.md): every text answer compressed (brotli, gzip for older
 * clients), the web app's files sent in the copies the build compressed, never images, fonts or
 * archives, and the same bytes whatever the browser accepts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, setupCompany, type TestClient, type TestContext } from './helpers.js';

let ctx: TestContext;
let admin: TestClient;
let webDir: string;

/** A build like apps/web's: text files with .br and .gz beside them (build/precompress.ts). */
const TEXT_FILES: Record<string, string> = {
  'index.html': `<!doctype html><html><head><title>GestCava</title></head><body>${'<div id="root"></div>'.repeat(60)}</body></html>`,
  // the pages the build prerendered (apps/web/build/prerender.ts)
  'auth/login.html': `<!doctype html><html><head><title>Accedi · GestCava</title></head><body><div id="root"><main class="login-page">${'<input class="p-inputtext">'.repeat(40)}</main></div></body></html>`,
  'landing.html': `<!doctype html><html><head><title>Benvenuto · GestCava</title></head><body><div id="root"><div class="landing">${'<h2>Magazzino</h2>'.repeat(40)}</div></div></body></html>`,
  'assets/index-AbCdEf12.js': `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ i, nome: `blocco ${i}` })))};`,
  'assets/index-Gh34IjKl.css': '.p-button { color: var(--primary-color); }\n'.repeat(200),
  'manifest.webmanifest': JSON.stringify({
    name: 'GestCava',
    icons: Array.from({ length: 30 }, (_, i) => ({ src: `/icon-${i}.png` })),
  }),
};
let png: Buffer;
const WOFF2 = Buffer.from('wOF2'.repeat(2000));

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.mkdirSync(path.join(webDir, 'auth'));
  for (const [name, text] of Object.entries(TEXT_FILES)) {
    const file = path.join(webDir, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
  png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#94a3b8' } })
    .png()
    .toBuffer();
  fs.writeFileSync(path.join(webDir, 'icon-512.png'), png);
  fs.writeFileSync(path.join(webDir, 'assets', 'inter-MnOp56Qr.woff2'), WOFF2);
  fs.writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  ctx = await buildTestApp({ WEB_DIST_DIR: webDir });
  admin = await (await setupCompany(ctx)).adminClient();
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string) {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });
}

/** The body as the browser reads it once it has undone the Content-Encoding. */
function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload);
  expect(encoding).toBeUndefined();
  return res.rawPayload;
}

describe('the web app', () => {
  const encodings = [
    { accept: 'br, gzip, deflate', expected: 'br' },
    { accept: 'gzip, deflate', expected: 'gzip' },
    { accept: undefined, expected: undefined },
  ];

  for (const [name, text] of Object.entries(TEXT_FILES)) {
    for (const { accept, expected } of encodings) {
      it(`sends /${name} ${expected ?? 'uncompressed'} to a browser accepting ${accept ?? 'nothing'}`, async () => {
        const res = await get(`/${name}`, accept);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(expected);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(decoded(res).toString()).toBe(text);
      });
    }
  }

  it('keeps the year-long cache on a hashed asset sent compressed', async () => {
    for (const accept of ['br', 'gzip', undefined]) {
      expect((await get('/assets/index-AbCdEf12.js', accept)).headers['cache-control']).toBe(
        'public, max-age=31536000, immutable',
      );
    }
    expect((await get('/index.html', 'br')).headers['cache-control']).toBe('no-cache');
  });

  it('answers a client route with index.html in the brotli copy', async () => {
    const res = await get('/app/dashboard', 'br, gzip');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(decoded(res).toString()).toBe(TEXT_FILES['index.html']);
  });

  it('answers the login page and the landing with their prerendered HTML, every other route with index.html', async () => {
    // docs/performance.md "The login paints first"
    for (const [url, file] of [
      ['/auth/login', 'auth/login.html'],
      ['/auth/login?returnUrl=%2Fapp%2Fpages%2Fcollaudi', 'auth/login.html'],
      ['/landing', 'landing.html'],
      ['/', 'index.html'],
      ['/auth/change-password', 'index.html'],
      ['/landing/altro', 'index.html'],
      ['/app/pages/collaudi', 'index.html'],
    ] as const) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(res).toString(), url).toBe(TEXT_FILES[file]);
    }
  });

  it('never compresses images and fonts', async () => {
    const image = await get('/icon-512.png', 'br, gzip');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.equals(png)).toBe(true);
    const font = await get('/assets/inter-MnOp56Qr.woff2', 'br, gzip');
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.rawPayload.equals(WOFF2)).toBe(true);
  });

  it('serves robots.txt as text that keeps every crawler out', async () => {
    const res = await get('/robots.txt', 'br, gzip');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(decoded(res).toString()).toContain('Disallow: /');
  });
});

describe('the API', () => {
  it('compresses JSON over 1 KB (brotli, then gzip) and leaves small answers alone', async () => {
    const plain = await get('/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const { accept, expected } of [
      { accept: 'br, gzip', expected: 'br' },
      { accept: 'gzip', expected: 'gzip' },
    ]) {
      const res = await get('/docs/json', accept);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decoded(res).toString())).toEqual(plain.json());
    }
    expect((await get('/api/health', 'br, gzip')).headers['content-encoding']).toBeUndefined();
  });

  it('compresses a CSV export and never an XLSX one (a zip already)', async () => {
    for (let i = 0; i < 40; i++) {
      const created = await admin.post('/api/clienti', {
        ragioneSociale: `Cliente ${i} GmbH`,
        nazione: 'DE',
        indirizzo: `Hauptstr. ${i}`,
        comune: 'Berlin',
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const csv = await admin.get('/api/clienti/export', {
      query: { format: 'csv' },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-encoding']).toBe('br');
    expect(decoded(csv).toString()).toContain('Cliente 39 GmbH');

    const xlsx = await admin.get('/api/clienti/export', {
      query: { format: 'xlsx' },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-encoding']).toBeUndefined();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBeGreaterThan(40);
  });
});
