/**
 * The upload pipeline as it is reachable today, through `POST /companies/upload-logo` (docs/quality.md S17–S21,
 * R8): types by their bytes, the 2 MB limit, the pixel limit, metadata stripped, server-chosen names,
 * and files served only through short-lived signed URLs with nosniff. A refused upload leaves nothing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createCompany,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';
import { multipart } from './security-helpers.js';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let admin: TestClient;

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
  admin = await org.adminClient();
});
afterAll(() => ctx.close());

const uploadsDir = () => path.join(ctx.dataDir, 'uploads');

/** Every file under the uploads folder, relative; the temporary folder must end up empty. */
function storedFiles(): string[] {
  const dir = uploadsDir();
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    .sort();
}

async function uploadLogo(
  data: Buffer,
  filename = 'logo.png',
  type = 'image/png',
  extra: Array<{ name: string; value: string }> = [],
) {
  const form = await multipart([...extra, { name: 'logo', data, filename, type }]);
  return admin.post('/companies/upload-logo', form.payload, { headers: form.headers });
}

const png = (width = 64, height = 32) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid-looking PNG of a few hundred bytes whose header claims width × height pixels. */
function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    // a real image's worth of rows when it is small, a few KB of zeros when the header lies
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(Math.min(height * (1 + 3 * width), 4096)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function expectNothingLeft(before: string[]) {
  expect(storedFiles()).toEqual(before);
  expect(storedFiles().filter((f) => f.startsWith(`tmp${path.sep}`))).toEqual([]);
}

describe('POST /companies/upload-logo and the signed file URL', () => {
  let logoUrl: string;

  it('stores a PNG and answers a relative signed URL', async () => {
    const res = await uploadLogo(await png());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    logoUrl = body.company.logoUrl;
    expect(body.logoUrl).toBe(logoUrl);
    expect(logoUrl).toMatch(
      /^\/api\/files\/[0-9a-f-]{36}\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}\.png\?exp=\d+&sig=[\w-]+$/,
    );
    expect(logoUrl.startsWith(`/api/files/${org.company.id}/`)).toBe(true);
    // the company's answers carry the same kind of URL
    expect((await admin.get('/companies/user-company')).json().company.logoUrl).toMatch(
      /^\/api\/files\/.+\?exp=\d+&sig=/,
    );
  });

  it('serves the file to anyone holding the URL, as image/png with nosniff', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: logoUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="[0-9a-f-]{36}\.png"/);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 64, height: 32 });
  });

  it('refuses the URL with a changed signature, a changed expiry or an expiry in the past (403)', async () => {
    const url = new URL(logoUrl, 'http://x');
    const key = url.pathname.slice('/api/files/'.length);
    const sig = url.searchParams.get('sig')!;
    const exp = Number(url.searchParams.get('exp'));
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const variants = [
      `/api/files/${key}?exp=${exp}&sig=${flipped}`,
      `/api/files/${key}?exp=${exp + 3600}&sig=${sig}`,
      `/api/files/${key}?exp=${exp}&sig=${sig}&dl=${encodeURIComponent('logo.html')}`,
      // correctly signed, but already expired
      ctx.app.services.storage.signedUrl(key, { ttlSeconds: -60 }),
    ];
    for (const variant of variants) {
      const res = await ctx.app.inject({ method: 'GET', url: variant });
      expect(res.statusCode, variant).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    // another file's key with this signature
    const other = key.replace(/[0-9a-f](?=\.png$)/, (c) => (c === '0' ? '1' : '0'));
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/files/${other}?exp=${exp}&sig=${sig}` }))
        .statusCode,
    ).toBe(403);
    // a path that tries to leave the uploads folder
    for (const evil of [
      '../../etc/passwd',
      '..%2f..%2fetc%2fpasswd',
      `${org.company.id}/../../secret.png`,
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/files/${evil}?exp=${exp}&sig=${sig}`,
      });
      expect([400, 403, 404], evil).toContain(res.statusCode);
    }
  });

  it('accepts a JPEG, re-encodes it and drops its metadata (no EXIF survives)', async () => {
    const jpeg = await sharp({
      create: { width: 900, height: 300, channels: 3, background: '#808080' },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'coordinate-segrete-GPS', Artist: 'Mario Rossi' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await uploadLogo(jpeg, 'foto.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    const file = await ctx.app.inject({ method: 'GET', url: res.json().logoUrl });
    expect(file.headers['content-type']).toBe('image/png');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBeLessThanOrEqual(600);
    expect(file.rawPayload.toString('latin1')).not.toContain('coordinate-segrete');
  });

  it('removes the replaced logo, so its old URL stops working', async () => {
    const first = (await uploadLogo(await png(10, 10))).json().logoUrl as string;
    expect((await ctx.app.inject({ method: 'GET', url: first })).statusCode).toBe(200);
    const before = storedFiles().length;
    const second = (await uploadLogo(await png(12, 12))).json().logoUrl as string;
    expect(second).not.toBe(first);
    expect(storedFiles().length).toBe(before);
    expect((await ctx.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
  });

  it('names the stored file itself: a hostile file name is never a path', async () => {
    const before = storedFiles();
    const res = await uploadLogo(await png(), '../../../../escape.png');
    expect(res.statusCode).toBe(200);
    const after = storedFiles();
    expect(after.some((f) => f.includes('escape'))).toBe(false);
    expect(fs.existsSync(path.join(ctx.dataDir, 'escape.png'))).toBe(false);
    expect(fs.existsSync(path.resolve(uploadsDir(), '../../../../escape.png'))).toBe(false);
    expect(after.length).toBe(before.length); // the previous logo was replaced
  });
});

describe('refused uploads leave nothing behind', () => {
  it('refuses a text file named logo.png (415)', async () => {
    const before = storedFiles();
    const res = await uploadLogo(
      Buffer.from('<?php echo "ciao"; ?>\n<script>alert(1)</script>'),
      'logo.png',
      'image/png',
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expectNothingLeft(before);
  });

  it('refuses an SVG (415), even one declared as PNG', async () => {
    const before = storedFiles();
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    for (const [name, type] of [
      ['logo.svg', 'image/svg+xml'],
      ['logo.png', 'image/png'],
    ] as const) {
      const res = await uploadLogo(svg, name, type);
      expect(res.statusCode, name).toBe(415);
    }
    expectNothingLeft(before);
  });

  it('refuses HTML, GIF and a truncated PNG (4xx)', async () => {
    const before = storedFiles();
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(30)]);
    const truncated = (await png(200, 200)).subarray(0, 60);
    for (const [data, name] of [
      [Buffer.from('<!doctype html><title>x</title>'), 'logo.png'],
      [gif, 'logo.gif'],
      [truncated, 'logo.png'],
    ] as const) {
      const res = await uploadLogo(data, name);
      expect(res.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, name).toBeLessThan(500);
    }
    expectNothingLeft(before);
  });

  it('refuses an image over 2 MB (413)', async () => {
    const before = storedFiles();
    const noise = await sharp(crypto.randomBytes(1000 * 1000 * 3), {
      raw: { width: 1000, height: 1000, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2.5 * 1024 * 1024);
    const res = await uploadLogo(noise);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    expectNothingLeft(before);
  });

  it('refuses a tiny PNG whose header claims 30000 × 30000 pixels, and keeps serving', async () => {
    // the same construction with honest dimensions is a valid PNG: the refusal below is the pixel limit
    expect((await uploadLogo(pngBomb(40, 20))).statusCode).toBe(200);
    const before = storedFiles();
    const bomb = pngBomb(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1024);
    const res = await uploadLogo(bomb);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expectNothingLeft(before);
    expect((await admin.get('/api/health')).statusCode).toBe(200);
  });

  it('refuses an empty file and a missing file', async () => {
    const before = storedFiles();
    expect((await uploadLogo(Buffer.alloc(0))).statusCode).toBe(400);
    const none = await multipart([{ name: 'altro', value: 'x' }]);
    const missing = await admin.post('/companies/upload-logo', none.payload, {
      headers: none.headers,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Nessun file da caricare');
    expectNothingLeft(before);
  });

  it('stores one logo when a request carries several files', async () => {
    const before = storedFiles();
    const form = await multipart([
      { name: 'logo', data: await png(8, 8), filename: 'a.png', type: 'image/png' },
      { name: 'logo', data: await png(9, 9), filename: 'b.png', type: 'image/png' },
      { name: 'logo', data: await png(7, 7), filename: 'c.png', type: 'image/png' },
    ]);
    const res = await admin.post('/companies/upload-logo', form.payload, { headers: form.headers });
    expect([200, 413], res.body).toContain(res.statusCode);
    // the company's previous logo is replaced by at most one new file, and no temporary file stays
    expect(storedFiles().length).toBe(before.length);
    expect(storedFiles().filter((f) => f.startsWith(`tmp${path.sep}`))).toEqual([]);
  });

  it('answers 400 for a malformed company and 404 for an unknown one, writing nothing', async () => {
    const before = storedFiles();
    expect(
      (
        await uploadLogo(await png(), 'logo.png', 'image/png', [
          { name: 'companyId', value: 'non-un-id' },
        ])
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await uploadLogo(await png(), 'logo.png', 'image/png', [
          { name: 'companyId', value: crypto.randomUUID() },
        ])
      ).statusCode,
    ).toBe(404);
    expectNothingLeft(before);
    // a real group company gets its own logo under its own folder
    const other = await createCompany(ctx);
    const res = await uploadLogo(await png(), 'logo.png', 'image/png', [
      { name: 'companyId', value: other.id },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().company._id).toBe(other.id);
    expect(res.json().logoUrl.startsWith(`/api/files/${other.id}/`)).toBe(true);
  });

  it('refuses a non-admin (403) before reading the file', async () => {
    const before = storedFiles();
    const { client } = await org.userClient({ clienti: true, fornitori: true });
    const form = await multipart([
      { name: 'logo', data: await png(), filename: 'logo.png', type: 'image/png' },
    ]);
    const res = await client.post('/companies/upload-logo', form.payload, {
      headers: form.headers,
    });
    expect(res.statusCode).toBe(403);
    expectNothingLeft(before);
  });
});
