import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';
import {
  buildTestApp,
  createProductionLookups,
  login,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';
import { multipart } from './security-helpers.js';

// docs/security.md, "Links bound to their session": a photo's and a chat attachment's links open only
// while the session that received them lives and its user may read the page. Runs on PGlite and
// PostgreSQL.

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let admin: TestClient;
let bancataId: string;
let jpeg: Buffer;

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
  admin = await org.adminClient();
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
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#806040' } })
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

type PhotoLinks = { thumbnailUrl: string; previewUrl: string; downloadUrl: string };

async function photoLinks(client: TestClient): Promise<PhotoLinks> {
  const res = await client.get('/photos/flutter/getPhotos', {
    query: { entityType: 'bancata', entityId: bancataId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().photos[0];
}

const status = async (url: string) => (await ctx.app.inject({ url })).statusCode;
const statuses = (links: PhotoLinks) =>
  Promise.all([links.thumbnailUrl, links.previewUrl, links.downloadUrl].map(status));

describe('photo links are bound to the session that received them', () => {
  it('open while the session lives, answer 403 after its logout', async () => {
    const { client } = await org.userClient({ bancate: true });
    const links = await photoLinks(client);
    expect(await statuses(links)).toEqual([200, 200, 200]);
    const original = await ctx.app.inject({ url: links.downloadUrl });
    expect(original.rawPayload.length).toBeGreaterThan(0);
    expect(original.headers['content-disposition']).toMatch(/^attachment/);

    expect((await client.post('/user/logout')).statusCode).toBe(200);
    expect(await statuses(links)).toEqual([403, 403, 403]);
    expect((await ctx.app.inject({ url: links.downloadUrl })).json().message).toMatch(
      /^Collegamento non più valido: la sessione che lo ha creato è terminata/,
    );
  });

  it('answer 403 once the user loses both the entity page and the photo gallery', async () => {
    const { user, client } = await org.userClient({ bancate: true, 'photo-gallery': true });
    const fromEntity = await photoLinks(client);
    const gallery = await client.get('/photo-gallery/paginatedPhotos', {
      query: { page: '1', limit: '10' },
    });
    expect(gallery.statusCode, gallery.body).toBe(200);
    const fromGallery = gallery.json().photos[0] as PhotoLinks;
    expect(await statuses(fromEntity)).toEqual([200, 200, 200]);
    expect(await statuses(fromGallery)).toEqual([200, 200, 200]);

    // The page is checked when the link is used, on the session's user as it is now. An admin's
    // change revokes the sessions too (below); here the permissions change under a living session.
    const permit = async (permissions: Record<string, boolean>) => {
      await ctx.database.db.update(users).set({ permissions }).where(eq(users.id, user.id));
      ctx.app.services.sessions.forgetUser(user.id);
    };
    // the gallery alone still reads every photo
    await permit({ 'photo-gallery': true });
    expect(await statuses(fromEntity)).toEqual([200, 200, 200]);
    // neither page: no link of this session opens, though the session lives
    await permit({ blocchi: true });
    expect(await statuses(fromEntity)).toEqual([403, 403, 403]);
    expect(await statuses(fromGallery)).toEqual([403, 403, 403]);
    expect((await client.get('/api/blocchi')).statusCode).toBe(200);
  });

  it("an admin's change of the user's permissions closes the links with the sessions", async () => {
    const { user, client } = await org.userClient({ bancate: true });
    const links = await photoLinks(client);
    expect(await statuses(links)).toEqual([200, 200, 200]);
    const edit = await admin.put(`/user/update/${user.id}`, { permissions: { blocchi: true } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await statuses(links)).toEqual([403, 403, 403]);
  });

  it("another session's link lives as long as that session only, and its signature names it", async () => {
    const { user, client: phone } = await org.userClient({ bancate: true });
    const desk = await login(ctx.app, user.email);
    const fromPhone = await photoLinks(phone);
    const fromDesk = await photoLinks(desk);
    expect(fromPhone.downloadUrl).not.toBe(fromDesk.downloadUrl);

    expect((await phone.post('/user/logout')).statusCode).toBe(200);
    expect(await statuses(fromPhone)).toEqual([403, 403, 403]);
    expect(await statuses(fromDesk)).toEqual([200, 200, 200]);
    // the phone's link moved onto the desk's session is no link at all
    const deskSid = new URL(fromDesk.downloadUrl, 'http://x').searchParams.get('sid')!;
    const moved = fromPhone.downloadUrl.replace(/sid=[^&]+/, `sid=${deskSid}`);
    const refused = await ctx.app.inject({ url: moved });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Collegamento non valido');
    // nor does a link widen its pages
    const widened = fromDesk.downloadUrl.replace(/pages=[^&]+/, 'pages=dashboard');
    expect(await status(widened)).toBe(403);

    expect((await desk.post('/user/logout')).statusCode).toBe(200);
    expect(await statuses(fromDesk)).toEqual([403, 403, 403]);
  });
});

describe('chat attachment links are bound to the session that received them', () => {
  async function sendPhoto(from: TestClient, receiverId: string) {
    const form = await multipart([
      { name: 'receiverId', value: receiverId },
      { name: 'content', value: 'la foto del blocco' },
      { name: 'files', data: jpeg, filename: 'blocco.jpg', type: 'image/jpeg' },
    ]);
    const res = await from.post('/api/chat/message', form.payload, { headers: form.headers });
    expect(res.statusCode, res.body).toBe(201);
  }

  async function received(client: TestClient, otherId: string) {
    const res = await client.get(`/api/chat/conversation/${otherId}`);
    expect(res.statusCode, res.body).toBe(200);
    const [attachment] = res.json().messages.at(-1).attachments as Array<{
      url: string;
      inlineUrl: string;
    }>;
    return attachment!;
  }

  it("the receiver's links open for its session, not after its logout nor without the chat", async () => {
    const anna = await org.userClient({ chat: true });
    const bruno = await org.userClient({ chat: true });
    await sendPhoto(anna.client, bruno.user.id);

    const first = await received(bruno.client, anna.user.id);
    expect([await status(first.url), await status(first.inlineUrl)]).toEqual([200, 200]);
    expect((await bruno.client.post('/user/logout')).statusCode).toBe(200);
    expect([await status(first.url), await status(first.inlineUrl)]).toEqual([403, 403]);

    const again = await login(ctx.app, bruno.user.email);
    const second = await received(again, anna.user.id);
    expect(second.url).not.toBe(first.url);
    expect(await status(second.url)).toBe(200);
    // the sender's own links are its session's: they outlive the receiver's losing the chat
    const sent = await received(anna.client, bruno.user.id);

    await ctx.database.db
      .update(users)
      .set({ permissions: { blocchi: true } })
      .where(eq(users.id, bruno.user.id));
    ctx.app.services.sessions.forgetUser(bruno.user.id);
    expect([await status(second.url), await status(second.inlineUrl)]).toEqual([403, 403]);
    expect((await again.get('/api/chat/users')).statusCode).toBe(403);
    expect(await status(sent.url)).toBe(200);
  });
});
