/**
 * docs/quality.md S22 (security headers on every kind of answer) and docs/api.md "Shape of the API" (JSON 404 under the API
 * prefixes, the web app's index.html for every other GET).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonymousClient,
  buildTestApp,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';
import { concreteUrl, multipart, walkRoutes } from './security-helpers.js';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let admin: TestClient;
let webDir: string;
const INDEX_HTML =
  '<!doctype html><html><head><title>GestCava</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'assets', 'index-AbCdEf12.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDir, 'sw.js'), 'self.skipWaiting()');
  fs.writeFileSync(path.join(webDir, 'workbox-9c191d2f.js'), 'self.workbox = {}');
  fs.writeFileSync(path.join(webDir, 'manifest.webmanifest'), '{"name":"GestCava"}');
  ctx = await buildTestApp({ WEB_DIST_DIR: webDir });
  org = await setupCompany(ctx);
  admin = await org.adminClient();
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

function parseCsp(header: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const directive of header.split(';')) {
    const [name, ...values] = directive.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** What a browser would enforce: `object-src` and `script-src` fall back to `default-src`, the others do not. */
function expectSecurityHeaders(label: string, res: LightMyRequestResponse) {
  const header = res.headers['content-security-policy'];
  expect(typeof header, `${label}: no CSP`).toBe('string');
  const csp = parseCsp(header as string);
  const effective = (name: string) => csp.get(name) ?? csp.get('default-src');
  expect(effective('object-src'), `${label}: object-src`).toEqual(["'none'"]);
  expect(csp.get('base-uri'), `${label}: base-uri`).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), `${label}: frame-ancestors`).toEqual(["'none'"]);
  const scriptSrc = effective('script-src');
  expect(scriptSrc, `${label}: script-src`).toBeDefined();
  expect(scriptSrc, `${label}: script-src`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${label}: script-src`).not.toContain("'unsafe-eval'");
  expect(scriptSrc, `${label}: script-src`).not.toContain('*');

  expect(res.headers['x-content-type-options'], `${label}: nosniff`).toBe('nosniff');
  expect(res.headers['referrer-policy'], `${label}: referrer-policy`).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  const hsts = String(res.headers['strict-transport-security'] ?? '');
  expect(
    Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0),
    `${label}: HSTS max-age`,
  ).toBeGreaterThanOrEqual(31_536_000);
  expect(hsts, `${label}: HSTS`).toMatch(/includeSubDomains/i);
  expect(res.headers['x-powered-by'], `${label}: x-powered-by`).toBeUndefined();
}

function expectJson(label: string, res: LightMyRequestResponse) {
  expect(res.headers['content-type'], label).toBe('application/json; charset=utf-8');
}

describe('security headers on every kind of answer (S22)', () => {
  it('on every GET route of the table, as an admin and anonymously', async () => {
    const anon = await anonymousClient(ctx.app);
    let checked = 0;
    for (const route of walkRoutes(ctx.app).filter((r) => r.method === 'GET')) {
      const url = concreteUrl(
        route.url,
        route.url.startsWith('/companies') ? org.company.id : org.admin.id,
      );
      for (const [who, client] of [
        ['admin', admin],
        ['anonymous', anon],
      ] as const) {
        const res = await client.get(url);
        expectSecurityHeaders(`${who} ${route.label} (${res.statusCode})`, res);
        if (String(res.headers['content-type']).includes('json')) expectJson(route.label, res);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(16);
  });

  it('on JSON answers, errors included', async () => {
    const anon = await anonymousClient(ctx.app);
    const samples: Array<[string, LightMyRequestResponse, number]> = [
      ['health', await anon.get('/api/health'), 200],
      ['token', await anon.get('/api/token'), 200],
      ['401', await anon.get('/user/users'), 401],
      ['403 CSRF', await admin.post('/companies/create', { name: 'X' }, { noCsrf: true }), 403],
      ['400', await admin.post('/companies/create', { name: 1 }), 400],
      [
        '400 bad JSON',
        await admin.request('POST', '/companies/create', {
          body: '{"a":',
          headers: { 'content-type': 'application/json' },
        }),
        400,
      ],
      [
        '415',
        await admin.request('POST', '/companies/create', {
          body: '<x/>',
          headers: { 'content-type': 'application/xml' },
        }),
        415,
      ],
      ['413', await admin.post('/companies/create', { name: 'x'.repeat(1_100_000) }), 413],
      ['POST 404', await admin.post('/api/nope', {}), 404],
      ['bad URL', await admin.get('/user/user/%zz'), 400],
      // past maxParamLength the router falls through to the web app's wildcard, which answers a JSON 404 here
      ['param too long', await admin.get(`/user/user/${'x'.repeat(600)}`), 404],
    ];
    for (const [label, res, status] of samples) {
      expect(res.statusCode, label).toBe(status);
      expectSecurityHeaders(label, res);
      expectJson(label, res);
      if (status >= 400)
        expect(Object.keys(res.json()), label).toEqual(expect.arrayContaining(['message', 'code']));
    }
    // the router's own answers do not echo the path back
    expect((await admin.get(`/user/user/${'<b>'.repeat(200)}`)).body).not.toContain('<b>');
  });

  it('answers a JSON 404 for an unknown path under every API prefix, with the headers', async () => {
    for (const url of [
      '/api/nope',
      '/user/nope',
      '/companies/nope',
      '/photos/nope',
      '/photo-gallery/nope',
      '/api',
      '/socket.io/nope',
      '/api/files/nope',
    ]) {
      const res = await admin.get(url);
      // /api/files/* is a route: without a signature it is a 400, never the web app
      expect([400, 404], url).toContain(res.statusCode);
      expectJson(url, res);
      expect(res.body, url).not.toContain('<!doctype html>');
      if (res.statusCode === 404)
        expect(res.json(), url).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
      expectSecurityHeaders(url, res);
    }
  });

  it('serves index.html for client routes, with the headers, and static assets', async () => {
    // '/' is a directory of the build: it must be the app too, not the static plugin's 403
    for (const url of [
      '/app/dashboard',
      '/landing',
      '/auth/login',
      '/app/pages/settings?tab=1',
      '/',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(INDEX_HTML);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expectSecurityHeaders(url, res);
    }
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-AbCdEf12.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expectSecurityHeaders('asset', asset);
    // a build file that is not there (an old chunk after a deploy) is a 404, never index.html as script
    const gone = await ctx.app.inject({ method: 'GET', url: '/assets/index-Old00000.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toBe(INDEX_HTML);
    expectSecurityHeaders('missing asset', gone);
    // a non-GET to a client path is not the web app
    const post = await ctx.app.inject({ method: 'POST', url: '/app/dashboard', payload: {} });
    expect(post.statusCode).toBe(404);
    expectJson('POST /app/dashboard', post);
  });

  it('serves the service worker so a new deployment is found: revalidated, allowed by the CSP', async () => {
    for (const url of ['/sw.js', '/workbox-9c191d2f.js']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expectSecurityHeaders(url, res);
    }
    const page = await ctx.app.inject({ method: 'GET', url: '/app/dashboard' });
    expect(parseCsp(String(page.headers['content-security-policy'])).get('worker-src')).toEqual([
      "'self'",
    ]);
    const manifest = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('on a stored file served through its signed URL', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#aa0000' } })
      .png()
      .toBuffer();
    const form = await multipart([
      { name: 'logo', data: png, filename: 'logo.png', type: 'image/png' },
    ]);
    const upload = await admin.post('/companies/upload-logo', form.payload, {
      headers: form.headers,
    });
    expect(upload.statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'GET', url: upload.json().logoUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expectSecurityHeaders('file', res);
    // a user file may never run as a page: the CSP sandboxes it
    expect(parseCsp(String(res.headers['content-security-policy'])).has('sandbox')).toBe(true);
  });

  it('on the OpenAPI UI', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders('/docs/json', res);
  });
});
