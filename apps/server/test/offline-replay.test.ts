import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { blocchi, idempotencyKeys, movimenti, photos } from '../src/db/schema/index.js';
import { todayInRome } from '../src/lib/dates.js';
import { createUser, login, type TestClient } from './helpers.js';
import { stockFixture, tomorrow, type StockFixture } from './stock-fixtures.js';

// The server half of the offline queue (docs/offline.md "Lato server: una volta sola"):
// every queued action carries an Idempotency-Key, whose first answer comes back on any replay, and
// may carry If-Match, the item's updatedAt as the queue saw it, which a change since turns into a 409.

let f: StockFixture;
/** The yard worker whose phone queued the actions. */
let me: TestClient;
/** Someone at the office, changing the same items meanwhile. */
let altro: TestClient;
const year = new Date().getFullYear();
const withKey = (key: string, ifMatch?: string) => ({
  headers: { 'idempotency-key': key, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
});
const ifMatch = (value: string) => ({ headers: { 'if-match': value } });

beforeAll(async () => {
  f = await stockFixture();
  me = f.admin;
  const second = await createUser(f.ctx, {
    companyId: f.org.company.id,
    role: 'admin',
    name: 'Ufficio vendite',
  });
  altro = await login(f.ctx.app, second.email);
});
afterAll(() => f.ctx.close());

/** A bought-in block, disponibile, in the quarry yard: 300×200×150 cm, listed at 1 200 €/m³. */
async function makeBlocco(): Promise<{ _id: string; codice: string; updatedAt: string }> {
  const res = await me.post('/api/blocchi-esterni', {
    fornitoreId: f.ids.fornitore,
    dataAcquisto: `${year}-02-01`,
    prezzoAcquisto: 900,
    unitaPrezzoAcquisto: 'm3',
    materialeId: f.ids.materiale,
    ubicazioneId: f.ids.ubicazione,
    lunghezza: 300,
    altezza: 200,
    profondita: 150,
    prezzoListino: 1200,
    unitaPrezzo: 'm3',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const bloccoUrl = (id: string) => `/api/blocchi-esterni/${id}`;
const bloccoNow = async (id: string) => (await me.get(bloccoUrl(id))).json();
const historyActions = async (url: string) =>
  ((await me.get(`${url}/history`)).json() as Array<{ action: string }>).map((h) => h.action);

/** A collaudo for clienteA with the block in it: the collaudo and its one row. */
async function collaudoWith(bloccoId: string) {
  const created = await altro.post('/api/collaudi', {
    data: todayInRome(),
    clienteId: f.ids.clienteA,
  });
  expect(created.statusCode, created.body).toBe(201);
  const res = await altro.post(`/api/collaudi/${created.json()._id}/righe`, { bloccoId });
  expect(res.statusCode, res.body).toBe(201);
  const collaudo = res.json();
  return {
    collaudo,
    riga: collaudo.righe[0],
    url: `/api/collaudi/${collaudo._id}/righe/${collaudo.righe[0]._id}`,
  };
}

describe('Idempotency-Key on the edits and moves a queue replays', () => {
  it('a collaudo row edit replayed after a newer edit gets its old answer back and does not overwrite the newer values', async () => {
    const b = await makeBlocco();
    const { collaudo, url } = await collaudoWith(b._id);
    const key = crypto.randomUUID();
    const misure = {
      lunghezzaRilevata: 296,
      abbuonoTipo: 'cm_per_lato',
      abbuonoValore: 2,
      esito: 'accettato',
    };
    const first = await me.put(url, misure, withKey(key));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().righe[0]).toMatchObject({
      lunghezzaRilevata: 296,
      esito: 'accettato',
      lunghezzaNetta: 292,
    });

    const newer = await altro.put(url, { lunghezzaRilevata: 298, esito: 'rifiutato' });
    expect(newer.statusCode, newer.body).toBe(200);
    // the phone did not see its answer and sends again: the stored one, byte for byte
    const late = await me.put(url, misure, withKey(key));
    expect(late.statusCode).toBe(200);
    expect(late.headers['idempotent-replayed']).toBe('true');
    expect(late.body).toBe(first.body);
    const now = (await me.get(`/api/collaudi/${collaudo._id}`)).json();
    expect(now.righe[0]).toMatchObject({ lunghezzaRilevata: 298, esito: 'rifiutato' });
    // the block added, my edit, the newer one: no fourth
    expect(
      (await historyActions(`/api/collaudi/${collaudo._id}`)).filter((a) => a === 'riga'),
    ).toHaveLength(3);

    const other = await me.put(url, { ...misure, lunghezzaRilevata: 295 }, withKey(key));
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_MISMATCH');
    expect((await me.get(`/api/collaudi/${collaudo._id}`)).json().righe[0].lunghezzaRilevata).toBe(
      298,
    );
  });

  it('a block moved to another place and replayed: one move, and a later move by someone else stays', async () => {
    const b = await makeBlocco();
    const key = crypto.randomUUID();
    const first = await me.put(
      bloccoUrl(b._id),
      { ubicazioneId: f.ids.scaffale },
      withKey(key, b.updatedAt),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().ubicazione.nome).toBe('Magazzino lastre');
    const again = await me.put(
      bloccoUrl(b._id),
      { ubicazioneId: f.ids.scaffale },
      withKey(key, b.updatedAt),
    );
    expect(again.body).toBe(first.body);
    expect(await historyActions(bloccoUrl(b._id))).toEqual(['create', 'update']);

    expect((await altro.put(bloccoUrl(b._id), { ubicazioneId: f.ids.ubicazione })).statusCode).toBe(
      200,
    );
    // the same key, even with its now stale If-Match, answers what it answered: no 409, no second move
    const late = await me.put(
      bloccoUrl(b._id),
      { ubicazioneId: f.ids.scaffale },
      withKey(key, b.updatedAt),
    );
    expect(late.statusCode).toBe(200);
    expect(late.body).toBe(first.body);
    expect((await bloccoNow(b._id)).ubicazione.nome).toBe('Piazzale cava');
    expect(await historyActions(bloccoUrl(b._id))).toEqual(['create', 'update', 'update']);
  });

  it('a state change replayed: one history entry', async () => {
    const b = await makeBlocco();
    const key = crypto.randomUUID();
    const body = { stato: 'opzionato', clienteId: f.ids.clienteA, opzioneScadenza: tomorrow() };
    const first = await me.post(`${bloccoUrl(b._id)}/stato`, body, withKey(key));
    expect(first.statusCode, first.body).toBe(200);
    const again = await me.post(`${bloccoUrl(b._id)}/stato`, body, withKey(key));
    expect(again.body).toBe(first.body);
    expect(await historyActions(bloccoUrl(b._id))).toEqual(['create', 'stato']);
  });

  it('a slab move replayed: one trasferimento in the ledger', async () => {
    const { lastre } = await f.bundle(2);
    const lastra = (await me.get(`/api/magazzino/lastre/${lastre[0]!._id}`)).json();
    const key = crypto.randomUUID();
    const first = await me.post(
      `/api/magazzino/lastre/${lastra._id}/sposta`,
      { ubicazioneId: f.ids.ubicazione },
      withKey(key, lastra.updatedAt),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().ubicazione.nome).toBe('Piazzale cava');
    const again = await me.post(
      `/api/magazzino/lastre/${lastra._id}/sposta`,
      { ubicazioneId: f.ids.ubicazione },
      withKey(key, lastra.updatedAt),
    );
    expect(again.body).toBe(first.body);
    const moves = await f.ctx.database.db
      .select()
      .from(movimenti)
      .where(and(eq(movimenti.lastraId, lastra._id), eq(movimenti.tipo, 'trasferimento')));
    expect(moves).toHaveLength(1);
  });

  it('photos uploaded twice with one key, even framed with another boundary: one photo, the same answer', async () => {
    const b = await makeBlocco();
    const jpeg = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#d8d4cc' },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({
      entityType: 'blocco',
      entityId: b._id,
      codice: b.codice,
    }))
      form.append(k, v);
    form.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'fronte.jpg');
    const request = new Request('http://x', { method: 'POST', body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    const contentType = request.headers.get('content-type')!;
    const key = crypto.randomUUID();
    const first = await me.post('/photos/uploadPhotos', payload, {
      headers: { 'idempotency-key': key, 'content-type': contentType },
    });
    expect(first.statusCode, first.body).toBe(201);
    // a browser rebuilding the form from the stored file picks a new boundary, of another length
    const boundary = contentType.split('boundary=')[1]!;
    const reframed = Buffer.from(
      payload.toString('latin1').replaceAll(boundary, `${boundary}-ripresa`),
      'latin1',
    );
    const again = await me.post('/photos/uploadPhotos', reframed, {
      headers: {
        'idempotency-key': key,
        'content-type': contentType.replace(boundary, `${boundary}-ripresa`),
      },
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const stored = await f.ctx.database.db.select().from(photos).where(eq(photos.entityId, b._id));
    expect(stored).toHaveLength(1);
  });
  it('an upload cut off by lost signal is not stored as its key’s answer: the queue’s resend with that key stores the photo, once', async () => {
    const b = await makeBlocco();
    const jpeg = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#c9c2b5' },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({
      entityType: 'blocco',
      entityId: b._id,
      codice: b.codice,
    }))
      form.append(k, v);
    form.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'fianco.jpg');
    const request = new Request('http://x', { method: 'POST', body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    const contentType = request.headers.get('content-type')!;
    const key = crypto.randomUUID();
    const headers = {
      'idempotency-key': key,
      'content-type': contentType,
      'content-length': String(payload.length),
      authorization: `Bearer ${me.token}`,
      'x-csrf-token': me.csrf,
      cookie: `XSRF-TOKEN=${me.csrf}`,
    };
    // a real socket: half the body, then the signal goes
    await f.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = f.ctx.app.server.address() as AddressInfo;
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/photos/uploadPhotos',
        headers,
      });
      req.on('error', () => resolve());
      req.write(payload.subarray(0, Math.floor(payload.length / 2)), () =>
        setTimeout(() => req.destroy(), 200),
      );
      req.on('close', () => resolve());
    });
    await vi.waitFor(async () => {
      const [row] = await f.ctx.database.db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, key));
      expect(row?.state).not.toBe('in_flight');
    });
    const resent = await me.post('/photos/uploadPhotos', payload, {
      headers: { 'idempotency-key': key, 'content-type': contentType },
    });
    expect(resent.statusCode, resent.body).toBe(201);
    expect(resent.headers['idempotent-replayed']).toBeUndefined();
    expect(
      await f.ctx.database.db.select().from(photos).where(eq(photos.entityId, b._id)),
    ).toHaveLength(1);
  });
});

describe('If-Match: the first send of a queued action whose item changed meanwhile', () => {
  it('a conflicting replay: the block was sold by another user, the queued state change is a 409 and nothing changes', async () => {
    const b = await makeBlocco();
    const { collaudo, url } = await collaudoWith(b._id);
    const base = `/api/collaudi/${collaudo._id}`;
    expect((await altro.post(`${base}/stato`, { stato: 'in_corso' })).statusCode).toBe(200);
    expect((await altro.put(url, { esito: 'accettato' })).statusCode).toBe(200);
    expect((await altro.post(`${base}/stato`, { stato: 'eseguito' })).statusCode).toBe(200);
    const sold = await altro.post(`${base}/stato`, { stato: 'confermato' });
    expect(sold.statusCode, sold.body).toBe(200);
    const before = await bloccoNow(b._id);
    expect(before.stato).toBe('venduto');

    const queued = await me.post(
      `${bloccoUrl(b._id)}/stato`,
      { stato: 'scartato', nota: 'Crepa passante' },
      withKey(crypto.randomUUID(), b.updatedAt),
    );
    expect(queued.statusCode).toBe(409);
    expect(queued.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'Il blocco è stato modificato da un altro utente dopo che hai preparato questa azione: non è stata applicata',
      current: { updatedAt: before.updatedAt },
    });
    expect(await bloccoNow(b._id)).toEqual(before);
    // without If-Match the state rules still refuse it, as before
    const plain = await me.post(`${bloccoUrl(b._id)}/stato`, {
      stato: 'scartato',
      nota: 'Crepa passante',
    });
    expect(plain.statusCode).toBe(409);
    expect(plain.json().message).toBe('Passaggio non consentito: da «Venduto» a «Scartato»');
  });

  it('fresh: applied, and the answer carries the new updatedAt the next action names', async () => {
    const b = await makeBlocco();
    const moved = await me.put(
      bloccoUrl(b._id),
      { ubicazioneId: f.ids.scaffale },
      ifMatch(b.updatedAt),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const after = moved.json().updatedAt as string;
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(b.updatedAt));
    const stato = await me.post(
      `${bloccoUrl(b._id)}/stato`,
      { stato: 'opzionato', clienteId: f.ids.clienteB, opzioneScadenza: tomorrow() },
      ifMatch(after),
    );
    expect(stato.statusCode, stato.body).toBe(200);
    // the first If-Match is stale now
    const stale = await me.put(
      bloccoUrl(b._id),
      { ubicazioneId: f.ids.ubicazione },
      ifMatch(b.updatedAt),
    );
    expect(stale.statusCode).toBe(409);
    expect((await bloccoNow(b._id)).ubicazione.nome).toBe('Magazzino lastre');
  });

  it('compares to the millisecond the DTO carries, though PostgreSQL keeps microseconds', async () => {
    const b = await makeBlocco();
    await f.ctx.database.db.execute(
      sql`update ${blocchi} set updated_at = '2026-11-25 10:00:00.123789+00' where id = ${b._id}`,
    );
    expect((await bloccoNow(b._id)).updatedAt).toBe('2026-11-25T10:00:00.123Z');
    expect(
      (await me.put(bloccoUrl(b._id), { note: 'Controllato' }, ifMatch('2026-11-25T10:00:00.124Z')))
        .statusCode,
    ).toBe(409);
    const ok = await me.put(
      bloccoUrl(b._id),
      { note: 'Controllato' },
      ifMatch('"2026-11-25T10:00:00.123Z"'),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('stale on a bundle, a lot and a collaudo row: 409 with what changed, and nothing moves', async () => {
    const { paccoId } = await f.bundle(2);
    const pacco = (await me.get(`/api/magazzino/pacchi/${paccoId}`)).json();
    expect(
      (
        await altro.post(`/api/magazzino/pacchi/${paccoId}/sposta`, {
          ubicazioneId: f.ids.ubicazione,
        })
      ).statusCode,
    ).toBe(200);
    const staleMove = await me.post(
      `/api/magazzino/pacchi/${paccoId}/sposta`,
      { ubicazioneId: f.ids.scaffale },
      ifMatch(pacco.updatedAt),
    );
    expect(staleMove.statusCode).toBe(409);
    expect(staleMove.json().message).toMatch(/^Il pacco è stato modificato da un altro utente/);
    expect((await me.get(`/api/magazzino/pacchi/${paccoId}`)).json().ubicazione.nome).toBe(
      'Piazzale cava',
    );

    const lottoId = await f.lot(120);
    const lotto = (await me.get(`/api/magazzino/lotti/${lottoId}`)).json();
    const fresh = await me.post(
      `/api/magazzino/lotti/${lottoId}/sposta`,
      { ubicazioneId: f.ids.ubicazione },
      ifMatch(lotto.updatedAt),
    );
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().lotto.updatedAt).not.toBe(lotto.updatedAt);
    const staleLot = await me.post(
      `/api/magazzino/lotti/${lottoId}/sposta`,
      { ubicazioneId: f.ids.scaffale, pezzi: 12 },
      ifMatch(lotto.updatedAt),
    );
    expect(staleLot.statusCode).toBe(409);
    expect(staleLot.json().message).toMatch(/^Il lotto è stato modificato/);
    expect((await f.lottoBooks(lottoId)).pezzi).toBe(120);

    const b = await makeBlocco();
    const { collaudo, riga, url } = await collaudoWith(b._id);
    expect((await altro.put(url, { esito: 'rifiutato' })).statusCode).toBe(200);
    const staleRow = await me.put(
      url,
      { esito: 'accettato', prezzo: 1100 },
      ifMatch(riga.updatedAt),
    );
    expect(staleRow.statusCode).toBe(409);
    expect(staleRow.json().message).toMatch(/^La riga del collaudo è stata modificata/);
    expect((await me.get(`/api/collaudi/${collaudo._id}`)).json().righe[0]).toMatchObject({
      esito: 'rifiutato',
      prezzo: 1200,
    });
  });

  it('a malformed If-Match is a 400 that says what it wants; a missing item is still a 404', async () => {
    const b = await makeBlocco();
    for (const value of ['ieri', '2026-11-25T10:00:00Z', '2026-13-25T10:00:00.000Z', 'W/"abc"']) {
      const res = await me.put(bloccoUrl(b._id), { note: 'x' }, ifMatch(value));
      expect(res.statusCode, value).toBe(400);
      expect(res.json().message).toMatch(/If-Match non valida/);
    }
    expect(
      (await me.put(bloccoUrl(crypto.randomUUID()), { note: 'x' }, ifMatch(b.updatedAt)))
        .statusCode,
    ).toBe(404);
  });

  it('two sends with the same If-Match at once: one applied, the other 409 (a real race on PostgreSQL)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const b = await makeBlocco();
      const [a, c] = await Promise.all([
        me.put(bloccoUrl(b._id), { ubicazioneId: f.ids.scaffale }, ifMatch(b.updatedAt)),
        altro.put(
          bloccoUrl(b._id),
          { ubicazioneId: f.ids.ubicazione, note: 'Spostato dall’ufficio' },
          ifMatch(b.updatedAt),
        ),
      ]);
      expect([a.statusCode, c.statusCode].sort()).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? a : c;
      expect(await bloccoNow(b._id)).toMatchObject({
        ubicazione: winner.json().ubicazione,
        note: winner.json().note,
        updatedAt: winner.json().updatedAt,
      });
      expect(await historyActions(bloccoUrl(b._id))).toEqual(['create', 'update']);
    }
  });
});
