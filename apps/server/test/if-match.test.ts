import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concreteUrl, walkRoutes } from './security-helpers.js';
import { stockFixture } from './stock-fixtures.js';

// docs/security.md, "If-Match": every write either honours it or refuses it. PGlite and PostgreSQL.

let f: Awaited<ReturnType<typeof stockFixture>>;
beforeAll(async () => {
  f = await stockFixture();
}, 120_000);
afterAll(() => f.ctx.close());

describe('If-Match', () => {
  it("a slab's edit honours it: stale → 409 and nothing changes, malformed → 400, current → 200", async () => {
    const { lastre } = await f.bundle(2);
    const id = lastre[0]!._id;
    const url = `/api/magazzino/lastre/${id}`;
    const shown = (await f.mag.get(url)).json();
    const stale = '2001-01-01T00:00:00.000Z';
    const refused = await f.mag.put(
      url,
      { scelta: 'seconda' },
      { headers: { 'if-match': `"${stale}"` } },
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect((await f.mag.get(url)).json().scelta).toBe(shown.scelta);
    expect(
      (await f.mag.put(url, { scelta: 'seconda' }, { headers: { 'if-match': 'ieri' } })).statusCode,
    ).toBe(400);
    const done = await f.mag.put(
      url,
      { scelta: 'seconda' },
      { headers: { 'if-match': `"${shown.updatedAt}"` } },
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().scelta).toBe('seconda');
  });

  it('every other write refuses the header with 400 instead of ignoring it', async () => {
    const unread: string[] = [];
    for (const route of walkRoutes(f.ctx.app)) {
      if (route.method === 'GET' || route.url === '/user/logout') continue;
      const res = await f.admin.request(route.method, concreteUrl(route.url, f.admin.user!._id), {
        body: {},
        headers: { 'if-match': '"2001-01-01T00:00:00.000Z"' },
      });
      if (
        res.json().message ===
        'Intestazione If-Match non supportata da questa operazione: inviala senza'
      )
        expect(res.statusCode).toBe(400);
      else unread.push(route.label);
    }
    // the routes that read it (each has its stale-version test beside its module's)
    expect(unread.sort()).toEqual(
      [
        'POST /api/blocchi-esterni/:id/stato',
        'POST /api/blocchi/:id/stato',
        'POST /api/magazzino/lastre/:id/sposta',
        'POST /api/magazzino/lotti/:id/sposta',
        'POST /api/magazzino/pacchi/:id/sposta',
        'PUT /api/blocchi-esterni/:id',
        'PUT /api/blocchi/:id',
        'PUT /api/collaudi/:id/righe/:rigaId',
        'PUT /api/magazzino/lastre/:id',
      ].sort(),
    );
  });
});
