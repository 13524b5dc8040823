/**
 * docs/quality.md S9 and S11 over the whole route table: every route declares an access rule, and the
 * server (not the menu) enforces it for anonymous callers, plain users, users without the page,
 * read-only users on writing routes and admins. A crawl of every GET answer finds no secret.
 */
import { PAGE_KEYS, type AccessRule, type PageKey, type Permissions } from '@gestcava/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonymousClient,
  buildTestApp,
  createCompany,
  createUser,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';
import { concreteUrl, multipart, walkRoutes, type WalkedRoute } from './security-helpers.js';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let routes: WalkedRoute[];

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
  routes = walkRoutes(ctx.app);
});
afterAll(() => ctx.close());

/** Every route a caller without a session may reach; a new one is added here on purpose. */
const PUBLIC_ROUTES = [
  'GET /api/collaudi/:id/verbale',
  'GET /api/ddt/:id/packing-list',
  'GET /api/ddt/:id/pdf',
  'GET /api/files/*',
  'GET /api/health',
  'GET /api/pubblico/:token',
  'GET /api/pubblico/:token/foto/:photoId',
  'GET /api/ready',
  'GET /api/token',
  'GET /photos/downloadPhotos',
  'GET /user/logo',
  'POST /api/pubblico/:token/risposte',
  'POST /user/login',
];

const pagesOf = (rule: AccessRule): readonly PageKey[] | null =>
  typeof rule === 'object' ? (typeof rule.page === 'string' ? [rule.page] : rule.page) : null;

/** A real id for `:id`: a company under /companies, a (sacrificial) user elsewhere. */
async function targetId(route: WalkedRoute): Promise<string> {
  if (route.url.startsWith('/companies')) return (await createCompany(ctx)).id;
  return (await createUser(ctx, { companyId: org.company.id })).id;
}

function send(client: TestClient, route: WalkedRoute, url: string) {
  return client.request(route.method, url, route.method === 'GET' ? {} : { body: {} });
}

describe('route table (S9)', () => {
  it('finds the routes of the foundation', () => {
    const labels = routes.map((r) => r.label);
    // The walk must see what it is meant to check: if the table came back empty, every loop below would pass.
    for (const expected of [
      'POST /user/login',
      'GET /user/users',
      'PUT /user/update/:id',
      'POST /companies/upload-logo',
      'GET /api/health',
    ]) {
      expect(labels).toContain(expected);
    }
  });

  it('gives every registered route an access rule', () => {
    const missing = walkRoutes(ctx.app, { includeLibrary: true })
      .filter((r) => r.access === undefined)
      .map((r) => r.label);
    expect(missing, `routes without config.access: ${missing.join(', ')}`).toEqual([]);
  });

  it('declares public only the routes meant to be opened without login', async () => {
    const open = routes.filter((r) => r.access === 'public').map((r) => r.label);
    // a buyer's link (docs/condivisioni.md) opens only these three, all under its token
    expect(open.filter((l) => l.includes('/api/pubblico'))).toEqual([
      'GET /api/pubblico/:token',
      'GET /api/pubblico/:token/foto/:photoId',
      'POST /api/pubblico/:token/risposte',
    ]);
    expect([...open].sort()).toEqual(PUBLIC_ROUTES);
  });

  it('answers 401 UNAUTHORIZED to an anonymous caller on every non-public route', async () => {
    const anon = await anonymousClient(ctx.app);
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const url = concreteUrl(route.url, org.admin.id);
      for (const opts of [{}, { noCsrf: true }]) {
        const res = await anon.request(
          route.method,
          url,
          route.method === 'GET' ? opts : { ...opts, body: {} },
        );
        const code = String(res.headers['content-type'] ?? '').includes('json')
          ? (res.json() as { code?: string }).code
          : undefined;
        if (res.statusCode !== 401 || code !== 'UNAUTHORIZED')
          failures.push(`${route.label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to a token that is not ours on every non-public route', async () => {
    const forged = `${org.admin.id}.${'x'.repeat(40)}`;
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const res = await ctx.app.inject({
        method: route.method,
        url: concreteUrl(route.url, org.admin.id),
        headers: { authorization: `Bearer ${forged}` },
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      if (res.statusCode !== 401) failures.push(`${route.label}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to a plain user on every admin route and on selfOrAdmin routes for someone else', async () => {
    const { user, client } = await org.userClient({});
    const other = await createUser(ctx, { companyId: org.company.id });
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.access === 'admin' || r.access === 'selfOrAdmin')) {
      // an admin route is refused whoever the :id names, even the caller
      const ids = route.access === 'admin' ? [user.id, other.id] : [other.id];
      for (const id of ids) {
        const res = await send(client, route, concreteUrl(route.url, id));
        if (res.statusCode !== 403 || res.json().code !== 'FORBIDDEN')
          failures.push(`${route.label} (${id === user.id ? 'self' : 'other'}): ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    // …and nothing the refused calls named was changed or removed
    const still = await ctx.app.services.users.get(other.id);
    expect(still).toMatchObject({
      name: other.name,
      email: other.email,
      role: 'user',
      active: true,
    });
  });

  it('lets a plain user reach their own selfOrAdmin routes', async () => {
    const { user, client } = await org.userClient({});
    for (const route of routes.filter((r) => r.access === 'selfOrAdmin')) {
      const res = await send(client, route, concreteUrl(route.url, user.id));
      expect([200, 204], `${route.label}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    }
  });

  // four users per page route, a few hundred requests: longer than the default on a shared machine
  it('answers 403 on page routes to a user without the page, and to a read-only user on writing routes', async () => {
    const clients = new Map<string, TestClient>();
    const clientWith = async (permissions: Permissions) => {
      const key = JSON.stringify(permissions);
      if (!clients.has(key)) clients.set(key, (await org.userClient(permissions)).client);
      return clients.get(key)!;
    };
    const pageRoutes = routes.filter((r) => pagesOf(r.access!) !== null);
    expect(pageRoutes.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const route of pageRoutes) {
      const pages = pagesOf(route.access!)!;
      const mode = (route.access as { mode: 'read' | 'write' }).mode;
      const url = concreteUrl(route.url, await targetId(route));

      // every page but the route's own: the check is for that page, not for "has some permission"
      const others = Object.fromEntries(
        PAGE_KEYS.filter((p) => !pages.includes(p)).map((p) => [p, true]),
      ) as Permissions;
      if (!(mode === 'read' && pages.includes('dashboard'))) {
        const res = await send(await clientWith(others), route, url);
        if (res.statusCode !== 403)
          failures.push(`${route.label} without ${pages.join('/')}: ${res.statusCode}`);
      }

      const readOnly = Object.fromEntries(
        pages.map((p) => [p, { access: true, write: false }]),
      ) as Permissions;
      const res = await send(await clientWith(readOnly), route, url);
      if (mode === 'write' && res.statusCode !== 403)
        failures.push(`${route.label} read-only: ${res.statusCode}`);
      if (mode === 'read' && [401, 403].includes(res.statusCode))
        failures.push(`${route.label} with read access: ${res.statusCode}`);

      // any one of the listed pages is enough
      for (const page of pages) {
        const one = await send(await clientWith({ [page]: true }), route, url);
        if ([401, 403].includes(one.statusCode))
          failures.push(`${route.label} with ${page}: ${one.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    // the walk grows with every page route and logs a user in per permission set
  }, 120_000);

  it('lets an admin through every route (never 401, 403 or 500)', async () => {
    const failures: string[] = [];
    let admin = await org.adminClient();
    for (const route of routes) {
      const url = concreteUrl(route.url, await targetId(route));
      let res = await send(admin, route, url);
      if (res.statusCode === 401) {
        // an earlier route of the walk (logout) may have ended this session: a fresh one must pass
        admin = await org.adminClient();
        res = await send(admin, route, url);
      }
      if ([401, 403].includes(res.statusCode) || res.statusCode >= 500)
        failures.push(`${route.label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('no secret in any GET answer (S11)', () => {
  it('crawls every GET route as an admin and finds no hash, no token field and not the bearer token', async () => {
    const admin = await org.adminClient();
    // a logo, so the company answers and /user/logo carry a signed URL too
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const upload = await multipart([
      { name: 'logo', data: png, filename: 'logo.png', type: 'image/png' },
    ]);
    expect(
      (await admin.post('/companies/upload-logo', upload.payload, { headers: upload.headers }))
        .statusCode,
    ).toBe(200);

    const bodies: Array<[string, string]> = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const id = route.url.startsWith('/companies') ? org.company.id : org.admin.id;
      const res = await admin.get(concreteUrl(route.url, id));
      bodies.push([route.label, res.body]);
    }
    const logoUrl = (await admin.get('/user/logo')).json().logoUrl as string;
    expect(logoUrl).toMatch(/^\/api\/files\//);
    bodies.push(['logo file', (await admin.get(logoUrl)).rawPayload.toString('latin1')]);

    expect(
      bodies.some(([label, body]) => label === 'GET /user/users' && body.includes(org.admin.email)),
    ).toBe(true);
    const forbidden = [
      'passwordHash',
      'password_hash',
      '$argon2',
      'accessToken',
      admin.token!,
      admin.token!.split('.')[2]!,
    ];
    const leaks = bodies.flatMap(([label, body]) =>
      forbidden.filter((s) => body.includes(s)).map((s) => `${label}: ${s.slice(0, 20)}`),
    );
    expect(leaks).toEqual([]);
  });

  it('gives a plain user their own record without a hash', async () => {
    const { user, client } = await org.userClient({});
    const res = await client.get(`/user/user/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ _id: user.id, email: user.email });
    expect(res.body).not.toMatch(/passwordHash|password_hash|"password"|argon2|accessToken/i);
  });
});
