import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonymousClient,
  buildTestApp,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
});
afterAll(() => ctx.close());

async function uploadLogo(client: TestClient, file: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('logo', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'logo.png');
  const request = new Request('http://x', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return client.post('/companies/upload-logo', payload, {
    headers: { 'content-type': request.headers.get('content-type')! },
  });
}

describe('/companies', () => {
  it('an admin creates and updates a group company; the answers carry { success, company }', async () => {
    const admin = await org.adminClient();
    const created = await admin.post('/companies/create', {
      name: 'Segheria del Frigido S.r.l.',
      comune: 'Massa',
      provincia: 'MS',
    });
    expect(created.statusCode).toBe(201);
    const company = created.json().company;
    expect(created.json().success).toBe(true);
    expect(company).toMatchObject({
      name: 'Segheria del Frigido S.r.l.',
      quarryName: null,
      logoUrl: null,
      nazione: 'IT',
      comune: 'Massa',
    });
    const updated = await admin.put('/companies/update', {
      _id: company._id,
      quarryName: 'Fossa degli Angeli',
    });
    expect(updated.json().company).toMatchObject({
      _id: company._id,
      name: 'Segheria del Frigido S.r.l.',
      quarryName: 'Fossa degli Angeli',
    });
    const missing = await admin.put('/companies/update', {
      _id: crypto.randomUUID(),
      name: 'Nessuna',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lists and details need clienti or fornitori; user-company needs only a session', async () => {
    const { client: seller } = await org.userClient({ fornitori: { access: true, write: false } });
    const { client: quarry } = await org.userClient({ bancate: true });
    expect((await seller.get('/companies/list')).json().companies.length).toBeGreaterThan(0);
    expect((await seller.get(`/companies/details/${org.company.id}`)).json().company.name).toBe(
      org.company.name,
    );
    expect((await quarry.get('/companies/list')).statusCode).toBe(403);
    const mine = await quarry.get('/companies/user-company');
    expect(mine.json()).toMatchObject({
      success: true,
      company: { _id: org.company.id, quarryName: org.company.quarryName },
    });
    expect((await quarry.post('/companies/create', { name: 'Non mia' })).statusCode).toBe(403);
  });

  it('an admin acts for another group company with X-Company-Id; a user may not', async () => {
    const admin = await org.adminClient();
    const other = (await admin.post('/companies/create', { name: 'Altra Ditta del Gruppo' })).json()
      .company;
    const res = await admin.get('/companies/user-company', {
      headers: { 'x-company-id': other._id },
    });
    expect(res.json().company._id).toBe(other._id);
    const { client } = await org.userClient({ clienti: true });
    expect(
      (await client.get('/companies/user-company', { headers: { 'x-company-id': other._id } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await admin.get('/companies/user-company', { headers: { 'x-company-id': 'non-un-id' } }))
        .statusCode,
    ).toBe(400);
  });

  // what a browser's <img> asks for (Chromium's Accept for images)
  const IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

  it('an <img src="/user/logo"> without a company logo gets the product\'s mark; the app\'s client still gets JSON', async () => {
    const anon = await anonymousClient(ctx.app);
    const image = await anon.get('/user/logo', { headers: { accept: IMAGE_ACCEPT } });
    expect(image.statusCode).toBe(302);
    expect(image.headers.location).toBe('/favicon.svg');
    expect(image.headers['cache-control']).toBe('no-cache');
    const json = await anon.get('/user/logo', { headers: { accept: 'application/json' } });
    expect(json.json()).toEqual({ logoUrl: null });
  });

  it('uploads a logo, serves it through a signed URL and shows it on the login page', async () => {
    const admin = await org.adminClient();
    const png = await sharp({
      create: { width: 900, height: 300, channels: 4, background: '#1d4e89' },
    })
      .png()
      .toBuffer();
    const res = await uploadLogo(admin, png);
    expect(res.statusCode).toBe(200);
    const { company, logoUrl } = res.json();
    expect(logoUrl).toBe(company.logoUrl);
    expect(logoUrl).toMatch(/^\/api\/files\/.+\.png\?exp=\d+&sig=/);

    const image = await ctx.app.inject({ method: 'GET', url: logoUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.width).toBe(600);

    // The login page (no token) shows the group's first company's logo.
    const anon = await anonymousClient(ctx.app);
    const logo = await anon.get('/user/logo');
    expect(logo.json().logoUrl).toMatch(/^\/api\/files\//);
    // the login page's <img src="/user/logo"> is sent on to that image
    const asImage = await anon.get('/user/logo', { headers: { accept: IMAGE_ACCEPT } });
    expect(asImage.statusCode).toBe(302);
    expect(asImage.headers.location).toMatch(/^\/api\/files\/.+\.png\?exp=\d+&sig=/);
    const followed = await ctx.app.inject({ method: 'GET', url: asImage.headers.location! });
    expect(followed.headers['content-type']).toBe('image/png');
    const { client } = await org.userClient();
    expect((await client.get('/user/logo')).json().logoUrl).toMatch(/^\/api\/files\//);

    const forged = logoUrl.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await ctx.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
  });

  it('refuses a file that is not an image by its bytes (415)', async () => {
    const admin = await org.adminClient();
    const res = await uploadLogo(admin, Buffer.from('<html><script>alert(1)</script></html>'));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/JPEG, PNG, WebP/);
  });
});

describe('/api/health', () => {
  it('answers { status } to anyone; version, database kind and name to an admin only', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok' });
    const user = (await org.userClient({ clienti: true })).client;
    expect((await user.get('/api/health')).json()).toEqual({ status: 'ok' });
    const admin = await org.adminClient();
    expect((await admin.get('/api/health')).json()).toEqual({
      status: 'ok',
      version: '1.0.0',
      db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      dbName: expect.stringMatching(/^[\w-]+$/),
      staging: false,
    });
  });

  it('says staging when the host is not on PRODUCTION_DOMAIN', async () => {
    const local = await buildTestApp({
      PRODUCTION_DOMAIN: 'gestcava.example.com',
      PUBLIC_HOSTS: 'test.altrove.it',
    });
    try {
      const on = await local.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { host: 'app.gestcava.example.com' },
      });
      const off = await local.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { host: 'test.altrove.it:3000' },
      });
      expect(on.json()).toEqual({ status: 'ok' });
      // the staging banner names the database to anyone, on the login page too
      expect(off.json()).toEqual({
        status: 'ok',
        staging: true,
        dbName: expect.stringMatching(/^[\w-]+$/),
      });
    } finally {
      await local.close();
    }
  });

  it('documents every call as OpenAPI at /docs', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(200);
    const spec = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const path of [
      '/user/login',
      '/user/users',
      '/companies/list',
      '/companies/upload-logo',
      '/api/token',
      '/api/health',
    ]) {
      expect(Object.keys(spec.paths)).toContain(path);
    }
    expect(
      spec.paths['/user/login'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['email', 'password']);
  });

  it('in production, the OpenAPI description and its page are an admin’s', async () => {
    const prod = await buildTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
    });
    try {
      const company = await setupCompany(prod);
      const admin = await company.adminClient();
      const user = (await company.userClient({ clienti: true })).client;
      for (const url of ['/docs', '/docs/json']) {
        expect((await prod.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
        expect((await user.get(url)).statusCode, url).toBe(403);
        expect((await admin.get(url)).statusCode, url).toBe(200);
      }
      expect(Object.keys((await admin.get('/docs/json')).json().paths)).toContain('/user/login');
    } finally {
      await prod.close();
    }
  });
});

describe('company document data', () => {
  it('are checked like a cliente’s: P.IVA, CAP, provincia, email', async () => {
    const admin = await org.adminClient();
    const bad = await admin.put('/companies/update', {
      _id: org.company.id,
      partitaIva: 'abc',
      cap: '12',
      provincia: 'ZZ',
      email: 'no',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['cap', 'email', 'partitaIva', 'provincia']);
    const good = await admin.put('/companies/update', {
      _id: org.company.id,
      partitaIva: '01234567897',
      cap: '54033',
      provincia: 'MS',
    });
    expect(good.json().company).toMatchObject({
      partitaIva: '01234567897',
      cap: '54033',
      provincia: 'MS',
    });
  });
});
