import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';
import {
  buildTestApp,
  createProductionLookups,
  login,
  setupCompany,
  type TestContext,
} from './helpers.js';
import { concreteUrl, walkRoutes } from './security-helpers.js';

// docs/security.md, "One set of session rules" and "Links bound to their session". Runs on PGlite and
// PostgreSQL.

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let bancataId: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
  const admin = await org.adminClient();
  const lookups = await createProductionLookups(admin);
  bancataId = (
    await admin.post('/api/bancate', {
      cavaId: lookups.cavaId,
      materialeId: lookups.materialeId,
      dataTaglio: '2031-03-10',
      lunghezza: 1200,
      altezza: 600,
      profondita: 400,
    })
  ).json()._id;
  const jpeg = await sharp({
    create: { width: 64, height: 48, channels: 3, background: '#806040' },
  })
    .jpeg()
    .toBuffer();
  await ctx.app.services.photos.importBuffer(
    org.company.id,
    { entityType: 'bancata', entityId: bancataId },
    jpeg,
    'foto.jpg',
    null,
  );
}, 60_000);
afterAll(() => ctx.close());

describe('one set of session rules for every route a bearer reaches', () => {
  it('a user who must replace a temporary password gets 403 on every route but the password change, the photo zip included', async () => {
    const { user, client } = await org.userClient({ bancate: true, 'photo-gallery': true });
    const zip = { entityType: 'bancata', entityId: bancataId };
    expect((await client.get('/photos/downloadPhotos', { query: zip })).statusCode).toBe(200);

    await ctx.database.db
      .update(users)
      .set({ mustChangePassword: true })
      .where(eq(users.id, user.id));
    const temp = await login(ctx.app, user.email);
    const res = await temp.get('/photos/downloadPhotos', { query: zip });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ passwordChangeRequired: true });

    // the whole route table: only the routes that declare it are open during the change
    const open: string[] = [];
    // the logout last: it ends the session the walk uses
    const walk = walkRoutes(ctx.app).sort(
      (a, b) => Number(a.url === '/user/logout') - Number(b.url === '/user/logout'),
    );
    for (const route of walk) {
      const url = concreteUrl(route.url, user.id);
      const answer = await temp.request(
        route.method,
        url,
        route.method === 'GET' ? {} : { body: {} },
      );
      const refused =
        answer.statusCode === 403 &&
        (answer.json() as { passwordChangeRequired?: boolean }).passwordChangeRequired === true;
      if (!refused) open.push(route.label);
      else expect(route.duringPasswordChange, route.label).toBe(false);
    }
    expect(open.sort()).toEqual(
      walkRoutes(ctx.app)
        .filter((r) => r.duringPasswordChange)
        .map((r) => r.label)
        .sort(),
    );
  });
});
