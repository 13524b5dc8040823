import crypto from 'node:crypto';
import { permissionPreset } from '@gestcava/contracts';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { condivisioni } from '../src/db/schema/condivisioni.js';
import { addDays, todayInRome } from '../src/lib/dates.js';
import {
  anonymousClient,
  buildTestApp,
  createProductionLookups,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;
let admin: TestClient;
/** The Vendite preset: collaudi and clienti, blocchi read only — the one who shares. */
let vendite: TestClient;
let ids: {
  materiale: string;
  ubicazione: string;
  fornitore: string;
  clienteA: string;
  clienteB: string;
};
const year = new Date().getFullYear();
const db = () => ctx.database.db;
const tomorrow = () => addDays(todayInRome(), 1);

async function makeBlocco(overrides: Record<string, unknown> = {}) {
  const res = await admin.post('/api/blocchi-esterni', {
    fornitoreId: ids.fornitore,
    dataAcquisto: `${year}-02-01`,
    prezzoAcquisto: 987.65,
    unitaPrezzoAcquisto: 'm3',
    materialeId: ids.materiale,
    ubicazioneId: ids.ubicazione,
    lunghezza: 300,
    altezza: 200,
    profondita: 150,
    prezzoListino: 1234.5,
    unitaPrezzo: 'm3',
    note: 'NOTA-INTERNA-SEGRETA',
    difetti: ['pelo'],
    noteDifetti: 'Pelo di 40 cm sulla faccia A',
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; codice: string };
}

async function opziona(bloccoId: string, clienteId: string) {
  const res = await admin.post(`/api/blocchi-esterni/${bloccoId}/stato`, {
    stato: 'opzionato',
    clienteId,
    opzioneScadenza: addDays(todayInRome(), 5),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A camera JPEG with a GPS position, uploaded on the block. */
async function photoOf(blocco: { _id: string; codice: string }) {
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ddd' } })
    .jpeg()
    .withExif({
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '44/1 4/1 30/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '10/1 6/1 0/1',
      },
    })
    .toBuffer();
  const form = new FormData();
  form.append('entityType', 'blocco');
  form.append('entityId', blocco._id);
  form.append('codice', blocco.codice);
  form.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'foto.jpg');
  const request = new Request('http://x', { method: 'POST', body: form });
  const res = await admin.post('/photos/uploadPhotos', Buffer.from(await request.arrayBuffer()), {
    headers: { 'content-type': request.headers.get('content-type')! },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { photos: Array<{ _id: string }> }).photos[0]!._id;
}

async function share(blocchi: string[], extra: Record<string, unknown> = {}) {
  const res = await vendite.post('/api/condivisioni', {
    clienteId: ids.clienteA,
    blocchi,
    scadenza: addDays(todayInRome(), 7),
    lingua: 'en',
    mostraPrezzi: true,
    messaggio: 'Dear Mr Chen, the blocks we discussed.',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { _id: string; url: string };
  return { ...body, token: body.url.split('/v/')[1]! };
}

/** A buyer's browser: no session, an anonymous anti-forgery token, its own address. */
let buyer: TestClient;
const pub = (token: string, rest = '') => `/api/pubblico/${token}${rest}`;

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
  admin = await org.adminClient();
  vendite = (await org.userClient(permissionPreset('Vendite'))).client;
  const lookups = await createProductionLookups(admin);
  const anag = (path: string, ragioneSociale: string) =>
    admin
      .post(path, { ragioneSociale, nazione: 'CN', indirizzo: 'Road 1', comune: 'Xiamen' })
      .then((r) => (r.json() as { _id: string })._id);
  ids = {
    materiale: lookups.materialeId,
    ubicazione: lookups.ubicazioneId,
    fornitore: await anag('/api/fornitori', 'FORNITORE-RISERVATO Ltd'),
    clienteA: await anag('/api/clienti', 'Xiamen Shunfa Stone Co. Ltd.'),
    clienteB: await anag('/api/clienti', 'ALTRO-CLIENTE-RISERVATO S.r.l.'),
  };
  buyer = await anonymousClient(ctx.app);
});
afterAll(() => ctx.close());

describe('making a link', () => {
  it('answers 201 with the url once and stores only the hash of a 256-bit token', async () => {
    const b = await makeBlocco();
    const link = await share([b._id]);
    expect(link.url).toMatch(/^http:\/\/localhost:\d+\/v\/[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
    const [row] = await db().select().from(condivisioni).where(eq(condivisioni.id, link._id));
    expect(row!.tokenHash).toBe(crypto.createHash('sha256').update(link.token).digest('hex'));
    // every column of every link, as text: the token is in none
    const result = await db().execute(sql`select row_to_json(c)::text as r from condivisioni c`);
    const everything = JSON.stringify((result as unknown as { rows: unknown[] }).rows);
    expect(everything).toContain(row!.tokenHash);
    expect(everything).not.toContain(link.token);
    // no later read returns the url
    const list = await vendite.get(`/api/condivisioni?clienteId=${ids.clienteA}`);
    const detail = await vendite.get(`/api/condivisioni/${link._id}`);
    for (const res of [list, detail]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(link.token);
      expect(res.body).not.toContain('/v/');
    }
    expect(list.json().items[0]).toMatchObject({ _id: link._id, stato: 'attiva', visite: 0 });
  });

  it('refuses a deadline before tomorrow or past 30 days, naming it', async () => {
    const b = await makeBlocco();
    for (const scadenza of [todayInRome(), addDays(todayInRome(), 31), '2026-02-30']) {
      const res = await vendite.post('/api/condivisioni', {
        clienteId: ids.clienteA,
        blocchi: [b._id],
        scadenza,
        lingua: 'it',
        mostraPrezzi: false,
      });
      expect(res.statusCode, scadenza).toBe(400);
      expect(res.json().message).toMatch(/scadenza/i);
    }
    await share([b._id], { scadenza: tomorrow() });
    await share([b._id], { scadenza: addDays(todayInRome(), 30) });
  });

  it('takes only blocks on offer to this cliente: another company’s is 404, one optioned to another is 409, both naming it', async () => {
    const other = await setupCompany(ctx);
    const foreign = await (await other.adminClient()).get('/api/blocchi-esterni');
    expect(foreign.statusCode).toBe(200);
    const missing = crypto.randomUUID();
    let res = await vendite.post('/api/condivisioni', {
      clienteId: ids.clienteA,
      blocchi: [missing],
      scadenza: tomorrow(),
      lingua: 'it',
      mostraPrezzi: false,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain(missing);

    const taken = await makeBlocco();
    await opziona(taken._id, ids.clienteB);
    res = await vendite.post('/api/condivisioni', {
      clienteId: ids.clienteA,
      blocchi: [taken._id],
      scadenza: tomorrow(),
      lingua: 'it',
      mostraPrezzi: false,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(taken.codice);

    const mine = await makeBlocco();
    await opziona(mine._id, ids.clienteA);
    await share([mine._id]);
  });

  it('is refused to a user who writes neither collaudi nor blocchi', async () => {
    const { client } = await org.userClient({
      clienti: true,
      blocchi: { access: true, write: false },
    });
    const b = await makeBlocco();
    const res = await client.post('/api/condivisioni', {
      clienteId: ids.clienteA,
      blocchi: [b._id],
      scadenza: tomorrow(),
      lingua: 'it',
      mostraPrezzi: false,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('what the buyer sees', () => {
  it('shows the named blocks’ public fields and never an internal note, a cost, a supplier, another cliente or a user', async () => {
    const b = await makeBlocco();
    const photo = await photoOf(b);
    const link = await share([b._id]);
    const res = await buyer.get(pub(link.token));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      cliente: { ragioneSociale: 'Xiamen Shunfa Stone Co. Ltd.' },
      messaggio: 'Dear Mr Chen, the blocks we discussed.',
      lingua: 'en',
      blocchi: [
        {
          _id: b._id,
          codice: b.codice,
          disponibile: true,
          materiale: 'Statuario',
          misureLorde: { lunghezza: 300, altezza: 200, profondita: 150 },
          volumeNetto: 9,
          peso: { t: 24.39, base: 'teorico' },
          difetti: ['pelo'],
          noteDifetti: 'Pelo di 40 cm sulla faccia A',
          foto: [{ _id: photo, segni: [] }],
          prezzo: { importo: 1234.5, unita: 'm3' },
        },
      ],
    });
    for (const secret of [
      'NOTA-INTERNA-SEGRETA',
      '987.65',
      'prezzoAcquisto',
      'FORNITORE-RISERVATO',
      'fornitore',
      'ALTRO-CLIENTE-RISERVATO',
      'history',
      'tokenHash',
      'userId',
      '@',
    ])
      expect(res.body, secret).not.toContain(secret);

    const noPrices = await share([b._id], { mostraPrezzi: false });
    const hidden = (await buyer.get(pub(noPrices.token))).json();
    expect(hidden.blocchi[0].prezzo ?? null).toBeNull();
    expect(JSON.stringify(hidden)).not.toContain('1234.5');
  });

  it('serves a named block’s photo without its location, and 404 for any other photo', async () => {
    const b = await makeBlocco();
    const outside = await makeBlocco();
    const inside = await photoOf(b);
    const notNamed = await photoOf(outside);
    const link = await share([b._id]);
    const ok = await buyer.get(pub(link.token, `/foto/${inside}`));
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/webp');
    expect((await sharp(ok.rawPayload).metadata()).width).toBe(800);
    // the preview is re-encoded: no EXIF at all, so no position
    expect((await sharp(ok.rawPayload).metadata()).exif).toBeUndefined();
    for (const id of [notNamed, crypto.randomUUID(), 'not-an-id']) {
      const res = await buyer.get(pub(link.token, `/foto/${id}`));
      expect(res.statusCode, id).toBe(404);
    }
  });

  it('gives each photo its marks, and ?segni=1 draws them into the image', async () => {
    const b = await makeBlocco();
    const photo = await photoOf(b);
    const segni = [
      {
        tipo: 'linea',
        punti: [
          [0.1, 0.2],
          [0.6, 0.25],
        ],
        difetto: 'pelo',
        lunghezzaCm: 40,
      },
    ];
    const saved = await admin.put(`/api/photos/${photo}/segni`, { segni });
    expect(saved.statusCode, saved.body).toBe(200);
    const link = await share([b._id]);
    const body = (await buyer.get(pub(link.token))).json();
    expect(body.blocchi[0].foto).toMatchObject([
      { _id: photo, width: 800, height: 600, segni: [{ tipo: 'linea', difetto: 'pelo' }] },
    ]);
    const plain = await buyer.get(pub(link.token, `/foto/${photo}`));
    const marked = await buyer.get(pub(link.token, `/foto/${photo}?segni=1`));
    expect(marked.statusCode).toBe(200);
    expect(marked.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(marked.rawPayload).metadata()).exif).toBeUndefined();
    // the pixel under the line is no longer the photo's grey
    const px = async (buf: Buffer) =>
      (
        await sharp(buf).extract({ left: 280, top: 135, width: 1, height: 1 }).raw().toBuffer()
      ).toJSON().data;
    expect(await px(marked.rawPayload)).not.toEqual(await px(plain.rawPayload));
  });

  it('shows a block sold or optioned to someone else meanwhile as no longer available, without photos', async () => {
    const b = await makeBlocco();
    const photo = await photoOf(b);
    const link = await share([b._id]);
    await opziona(b._id, ids.clienteB);
    const body = (await buyer.get(pub(link.token))).json();
    expect(body.blocchi[0]).toMatchObject({ _id: b._id, disponibile: false, foto: [] });
    expect(body.blocchi[0].prezzo ?? null).toBeNull();
    expect((await buyer.get(pub(link.token, `/foto/${photo}`))).statusCode).toBe(404);
  });

  it('logs each visit with the address cut to its /24 and the browser', async () => {
    const b = await makeBlocco();
    const link = await share([b._id]);
    const res = await ctx.app.inject({
      method: 'GET',
      url: pub(link.token),
      remoteAddress: '203.0.113.57',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Safari/604.1' },
    });
    expect(res.statusCode).toBe(200);
    const detail = (await vendite.get(`/api/condivisioni/${link._id}`)).json();
    expect(detail.visite).toBe(1);
    expect(detail.ultimaVisita).not.toBeNull();
    expect(detail.accessi).toEqual([
      {
        at: expect.any(String),
        indirizzo: '203.0.113.0/24',
        browser: 'Mozilla/5.0 (iPhone) Safari/604.1',
      },
    ]);
    expect(JSON.stringify(detail)).not.toContain('203.0.113.57');
  });
});

describe('the buyer’s answers', () => {
  it('records an answer on the link, on the block’s history with the cliente and the note, and notifies the maker; an option request options nothing', async () => {
    const b = await makeBlocco();
    const link = await share([b._id]);
    const res = await buyer.post(pub(link.token, '/risposte'), {
      bloccoId: b._id,
      risposta: 'richiesta_opzione',
      nota: 'Hold it until the 15th please',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ bloccoId: b._id, risposta: 'richiesta_opzione' });

    const history = (await admin.get(`/api/blocchi-esterni/${b._id}/history`)).json() as Array<{
      action: string;
      note: string | null;
    }>;
    const row = history.find((h) => h.action === 'risposta_cliente');
    expect(row?.note).toContain('Xiamen Shunfa Stone Co. Ltd.');
    expect(row?.note).toContain("Richiesta d'opzione");
    expect(row?.note).toContain('Hold it until the 15th please');
    expect((await admin.get(`/api/blocchi-esterni/${b._id}`)).json().stato).toBe('disponibile');

    expect((await vendite.get('/api/condivisioni/notifiche')).json().condivisioni).toContain(
      link._id,
    );
    const detail = (await vendite.get(`/api/condivisioni/${link._id}`)).json();
    expect(detail.risposte).toMatchObject([
      {
        bloccoId: b._id,
        codice: b.codice,
        risposta: 'richiesta_opzione',
        nota: 'Hold it until the 15th please',
      },
    ]);
    // opened: seen
    expect((await vendite.get('/api/condivisioni/notifiche')).json().condivisioni).not.toContain(
      link._id,
    );
  });

  it('wants the anti-forgery token and a block the link names', async () => {
    const b = await makeBlocco();
    const other = await makeBlocco();
    const link = await share([b._id]);
    const body = { bloccoId: b._id, risposta: 'interessato' };
    expect(
      (await buyer.post(pub(link.token, '/risposte'), body, { noCsrf: true })).statusCode,
    ).toBe(403);
    expect(
      (await buyer.post(pub(link.token, '/risposte'), { ...body, bloccoId: other._id })).statusCode,
    ).toBe(404);
    expect(
      (await buyer.post(pub(link.token, '/risposte'), { ...body, risposta: 'compro' })).statusCode,
    ).toBe(400);
  });

  it('records both of two answers posted at once', async () => {
    const a = await makeBlocco();
    const b = await makeBlocco();
    const link = await share([a._id, b._id]);
    const answers = await Promise.all([
      buyer.post(pub(link.token, '/risposte'), { bloccoId: a._id, risposta: 'interessato' }),
      buyer.post(pub(link.token, '/risposte'), { bloccoId: b._id, risposta: 'non_interessato' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    const detail = (await vendite.get(`/api/condivisioni/${link._id}`)).json();
    expect(detail.risposte.map((r: { risposta: string }) => r.risposta).sort()).toEqual([
      'interessato',
      'non_interessato',
    ]);
  });
});

describe('the maker’s notification', () => {
  type Notifiche = {
    nonLette: number;
    condivisioni: string[];
    risposte: Array<{ _id: string; codice: string; origine: string; cliente: string }>;
  };
  const notifiche = async (client: TestClient) =>
    (await client.get('/api/condivisioni/notifiche')).json() as Notifiche;
  const answer = (token: string, bloccoId: string, risposta: string, nota?: string) =>
    buyer
      .post(pub(token, '/risposte'), { bloccoId, risposta, nota })
      .then((r) => expect(r.statusCode, r.body).toBe(201));

  it('lists the unread answers newest first with block, cliente, answer and note, to the link’s maker only', async () => {
    await vendite.post('/api/condivisioni/notifiche/letti', {});
    const a = await makeBlocco();
    const b = await makeBlocco();
    const link = await share([a._id, b._id]);
    await answer(link.token, a._id, 'interessato');
    await answer(link.token, b._id, 'richiesta_opzione', 'Hold it please');

    const mine = await notifiche(vendite);
    expect(mine.nonLette).toBe(2);
    expect(mine.condivisioni).toEqual([link._id]);
    expect(mine.risposte).toMatchObject([
      {
        condivisioneId: link._id,
        bloccoId: b._id,
        codice: b.codice,
        origine: 'esterno',
        cliente: 'Xiamen Shunfa Stone Co. Ltd.',
        risposta: 'richiesta_opzione',
        nota: 'Hold it please',
        at: expect.any(String),
      },
      { bloccoId: a._id, risposta: 'interessato', nota: null },
    ]);
    // the admin sees the link on the block, but the notice is its maker's
    expect((await notifiche(admin)).risposte.map((r) => r.codice)).not.toContain(b.codice);
  });

  it('marks the answers named read, then all of them, and nobody else’s', async () => {
    await vendite.post('/api/condivisioni/notifiche/letti', {});
    const a = await makeBlocco();
    const b = await makeBlocco();
    const link = await share([a._id, b._id]);
    await answer(link.token, a._id, 'interessato');
    await answer(link.token, b._id, 'non_interessato');
    const [first, second] = (await notifiche(vendite)).risposte;

    // another user of the company names the answer: nothing changes for the maker
    expect(
      (await admin.post('/api/condivisioni/notifiche/letti', { risposte: [first!._id] }))
        .statusCode,
    ).toBe(200);
    expect((await notifiche(vendite)).nonLette).toBe(2);

    const one = await vendite.post('/api/condivisioni/notifiche/letti', {
      risposte: [first!._id],
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ nonLette: 1, risposte: [{ _id: second!._id }] });

    const all = await vendite.post('/api/condivisioni/notifiche/letti', {});
    expect(all.json()).toEqual({ nonLette: 0, condivisioni: [], risposte: [] });
    // the link's page still lists both answers
    expect((await vendite.get(`/api/condivisioni/${link._id}`)).json().risposte).toHaveLength(2);
    expect(
      (await vendite.post('/api/condivisioni/notifiche/letti', { risposte: ['x'] })).statusCode,
    ).toBe(400);
  });

  it('reaches the maker’s open tab at once, and no other user’s', async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const address = ctx.app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const connect = async (token: string) => {
      const socket = connectClient(url, {
        path: '/socket.io',
        auth: { token },
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      // the server sends the chat's unread count once the socket is in its user's room
      await new Promise<void>((resolve, reject) => {
        socket.once('unread_count', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    };
    const maker = await connect(vendite.token!);
    const other = await connect(admin.token!);
    try {
      let otherHeard = 0;
      other.on('condivisioni_risposta', () => otherHeard++);
      const heard = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no condivisioni_risposta')), 3000);
        maker.once('condivisioni_risposta', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      const b = await makeBlocco();
      const link = await share([b._id]);
      await answer(link.token, b._id, 'interessato');
      await heard;
      expect(otherHeard).toBe(0);
    } finally {
      maker.disconnect();
      other.disconnect();
    }
  });
});

describe('unknown, revoked and expired links', () => {
  it('answers 404 to an unknown token on every public route', async () => {
    const b = await makeBlocco();
    const photo = await photoOf(b);
    const unknown = crypto.randomBytes(32).toString('base64url');
    for (const token of [unknown, 'short']) {
      expect((await buyer.get(pub(token))).statusCode).toBe(404);
      expect((await buyer.get(pub(token, `/foto/${photo}`))).statusCode).toBe(404);
      expect(
        (await buyer.post(pub(token, '/risposte'), { bloccoId: b._id, risposta: 'interessato' }))
          .statusCode,
      ).toBe(404);
    }
  });

  it('answers 410 in the link’s language once revoked, even to a buyer already reading it', async () => {
    const b = await makeBlocco();
    const photo = await photoOf(b);
    const link = await share([b._id]);
    expect((await buyer.get(pub(link.token))).statusCode).toBe(200);
    const revoked = await vendite.post(`/api/condivisioni/${link._id}/revoca`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().stato).toBe('revocata');
    const read = await buyer.get(pub(link.token));
    expect(read.statusCode).toBe(410);
    expect(read.json().message).toBe('This link has been withdrawn by its sender');
    expect((await buyer.get(pub(link.token, `/foto/${photo}`))).statusCode).toBe(410);
    expect(
      (await buyer.post(pub(link.token, '/risposte'), { bloccoId: b._id, risposta: 'interessato' }))
        .statusCode,
    ).toBe(410);
    expect((await vendite.post(`/api/condivisioni/${link._id}/revoca`)).statusCode).toBe(409);
  });

  it('answers 410 after the deadline’s day, in Italian for an Italian link', async () => {
    const b = await makeBlocco();
    const photo = await photoOf(b);
    const link = await share([b._id], { lingua: 'it' });
    await db()
      .update(condivisioni)
      .set({ scadenza: addDays(todayInRome(), -1) })
      .where(eq(condivisioni.id, link._id));
    const res = await buyer.get(pub(link.token));
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toMatch(/^Questo link è scaduto/);
    expect((await buyer.get(pub(link.token, `/foto/${photo}`))).statusCode).toBe(410);
    expect(
      (await buyer.post(pub(link.token, '/risposte'), { bloccoId: b._id, risposta: 'interessato' }))
        .statusCode,
    ).toBe(410);
    const list = (await vendite.get(`/api/condivisioni?bloccoId=${b._id}`)).json();
    expect(list.items[0].stato).toBe('scaduta');
    // the deadline's own day still opens
    await db()
      .update(condivisioni)
      .set({ scadenza: todayInRome() })
      .where(eq(condivisioni.id, link._id));
    expect((await buyer.get(pub(link.token))).statusCode).toBe(200);
  });
});

describe('the public answers’ headers and limits', () => {
  it('keeps every answer, errors included, out of caches, referrers and search engines', async () => {
    const b = await makeBlocco();
    const photo = await photoOf(b);
    const link = await share([b._id]);
    const gone = await share([b._id]);
    await vendite.post(`/api/condivisioni/${gone._id}/revoca`);
    const answers = [
      await buyer.get(pub(link.token)),
      await buyer.get(pub(link.token, `/foto/${photo}`)),
      await buyer.post(pub(link.token, '/risposte'), { bloccoId: b._id, risposta: 'interessato' }),
      await buyer.get(pub(crypto.randomBytes(32).toString('base64url'))),
      await buyer.get(pub(gone.token)),
      await buyer.post(pub(link.token, '/risposte'), { bloccoId: b._id, risposta: 'x' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 201, 404, 410, 400]);
    for (const res of answers)
      expect(res.headers).toMatchObject({
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
        'x-robots-tag': 'noindex',
      });
  });

  it('answers 429 past 60 unknown tokens a minute from one address, while a buyer’s many photos never count', async () => {
    const b = await makeBlocco();
    const photo = await photoOf(b);
    const link = await share([b._id]);
    const from = (ip: string, url: string) =>
      ctx.app.inject({ method: 'GET', url, remoteAddress: ip });
    for (let i = 0; i < 120; i++)
      expect((await from('198.51.100.7', pub(link.token, `/foto/${photo}`))).statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 61; i++)
      codes.push(
        (await from('198.51.100.9', pub(crypto.randomBytes(32).toString('base64url')))).statusCode,
      );
    expect(codes.slice(0, 60).every((c) => c === 404)).toBe(true);
    expect(codes[60]).toBe(429);
    const limited = await from('198.51.100.9', pub(link.token));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers['cache-control']).toBe('no-store');
    // another address is not held up
    expect((await from('198.51.100.10', pub(link.token))).statusCode).toBe(200);
  });

  it('opens nothing else: the token as a bearer or a query parameter elsewhere is 401', async () => {
    const b = await makeBlocco();
    const link = await share([b._id]);
    for (const url of [
      '/api/condivisioni?clienteId=' + ids.clienteA,
      `/api/blocchi-esterni/${b._id}`,
      '/api/clienti',
    ])
      for (const res of [
        await ctx.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${link.token}` },
        }),
        await ctx.app.inject({
          method: 'GET',
          url: `${url}${url.includes('?') ? '&' : '?'}token=${link.token}`,
        }),
      ])
        expect(res.statusCode, url).toBe(401);
  });
});
