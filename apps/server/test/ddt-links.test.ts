import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInRome } from '../src/lib/dates.js';
import { bozza, ddtFixture, year, type DdtFixture } from './ddt-helpers.js';

// a DDT is an entity like the others — its number finds it in the code box, it has a
// history and a genealogy both ways — and each shipped item's page names the DDTs it left with.

let f: DdtFixture;
beforeAll(async () => {
  f = await ddtFixture();
}, 120_000);
afterAll(() => f.ctx.close());

const emit = async (clienteId: string, righe: Array<{ entityType: string; id: string }>) => {
  const draft = await f.spedizioni.post('/api/ddt', bozza(clienteId, righe));
  expect(draft.statusCode, draft.body).toBe(201);
  const emitted = await f.spedizioni.post(`/api/ddt/${draft.json()._id}/emetti`);
  expect(emitted.statusCode, emitted.body).toBe(200);
  return emitted.json() as { _id: string; numero: number; anno: number; data: string };
};

describe('the DDT in the entity registry', () => {
  it('is found by its number however typed, by users who may read Spedizioni only', async () => {
    const blocco = await f.soldBlock(f.ids.clienteA);
    const ddt = await emit(f.ids.clienteA, [{ entityType: 'blocco', id: blocco._id }]);
    const path = `/app/pages/spedizioni/${ddt._id}`;
    for (const typed of [
      `DDT ${ddt.numero}/${year}`,
      `${ddt.numero}/${year}`,
      ` ddt n. ${ddt.numero} / ${year} `,
    ]) {
      const res = await f.spedizioni.get(`/api/codici/${encodeURIComponent(typed)}`);
      expect(res.statusCode, `${typed}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({
        entityType: 'ddt',
        _id: ddt._id,
        codice: `${ddt.numero}/${year}`,
        detailPath: path,
      });
      expect(res.json().descrizione).toBe(`DDT ${ddt.numero}/${year} · Emesso`);
    }
    // the candidates of "DDT <n>": the DDT of that number, whatever the year
    const candidates = (
      await f.spedizioni.get('/api/codici', { query: { q: `DDT ${ddt.numero}` } })
    ).json();
    expect(candidates).toContainEqual(
      expect.objectContaining({ entityType: 'ddt', _id: ddt._id, detailPath: path }),
    );
    // a number of another year names nothing; the stock user without Spedizioni is told it exists
    expect(
      (await f.spedizioni.get(`/api/codici/${encodeURIComponent(`${ddt.numero}/${year - 1}`)}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await f.mag.get(`/api/codici/${encodeURIComponent(`${ddt.numero}/${year}`)}`)).statusCode,
    ).toBe(403);
  });

  it('links both ways: the block → DDT → cliente, the slab → bundle → DDT, and the DDT lists its items and its party', async () => {
    const blocco = await f.soldBlock(f.ids.clienteB);
    const pacco = await f.soldBundle(f.ids.clienteB, 2);
    const ddt = await emit(f.ids.clienteB, [
      { entityType: 'blocco', id: blocco._id },
      { entityType: 'pacco', id: pacco.paccoId },
    ]);
    const node = {
      entityType: 'ddt',
      _id: ddt._id,
      codice: `${ddt.numero}/${year}`,
      relation: 'vendita',
      path: `/app/pages/spedizioni/${ddt._id}`,
    };

    const ofBlocco = (await f.admin.get(`/api/blocchi-esterni/${blocco._id}/genealogy`)).json();
    expect(ofBlocco).toContainEqual(expect.objectContaining(node));
    expect(ofBlocco).toContainEqual(
      expect.objectContaining({
        entityType: 'cliente',
        _id: f.ids.clienteB,
        path: `/app/pages/clienti/${f.ids.clienteB}`,
      }),
    );
    const ofLastra = (
      await f.admin.get(`/api/magazzino/lastre/${pacco.lastre[1]!._id}/genealogy`)
    ).json();
    expect(ofLastra).toContainEqual(
      expect.objectContaining({ entityType: 'pacco', _id: pacco.paccoId, relation: 'origine' }),
    );
    expect(ofLastra).toContainEqual(expect.objectContaining(node));

    const own = await f.spedizioni.get(`/api/ddt/${ddt._id}/genealogy`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual([
      expect.objectContaining({
        entityType: 'blocco',
        _id: blocco._id,
        codice: blocco.codice,
        relation: 'origine',
        path: `/app/pages/blocchi-esterni/${blocco._id}`,
      }),
      expect.objectContaining({
        entityType: 'pacco',
        _id: pacco.paccoId,
        relation: 'origine',
        path: `/app/pages/magazzino/pacchi/${pacco.paccoId}`,
      }),
      expect.objectContaining({
        entityType: 'cliente',
        _id: f.ids.clienteB,
        label: 'Edilmarmi S.p.A.',
        relation: 'vendita',
        path: `/app/pages/clienti/${f.ids.clienteB}`,
      }),
    ]);
    // its history exists from the draft on; another company's user does not see it
    const history = (await f.spedizioni.get(`/api/ddt/${ddt._id}/history`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(
      expect.arrayContaining(['create', 'stato']),
    );
    expect((await f.mag.get(`/api/ddt/${ddt._id}/genealogy`)).statusCode).toBe(403);
  });
});

describe('a block sold through a collaudo', () => {
  it('its DDT names the collaudo that sold it: blocco → collaudo → DDT → cliente', async () => {
    const blocco = await f.boughtBlock({ stato: 'disponibile' });
    const base = '/api/collaudi';
    const collaudo = (
      await f.admin.post(base, {
        data: todayInRome(),
        luogo: 'Piazzale',
        clienteId: f.ids.clienteA,
        ispettore: 'Ing. Müller',
      })
    ).json();
    const withRiga = (
      await f.admin.post(`${base}/${collaudo._id}/righe`, { bloccoId: blocco._id })
    ).json();
    expect(
      (await f.admin.post(`${base}/${collaudo._id}/stato`, { stato: 'in_corso' })).statusCode,
    ).toBe(200);
    const giudicato = await f.admin.put(`${base}/${collaudo._id}/righe/${withRiga.righe[0]._id}`, {
      esito: 'accettato',
      prezzo: 1200,
    });
    expect(giudicato.statusCode, giudicato.body).toBe(200);
    for (const stato of ['eseguito', 'confermato'])
      expect((await f.admin.post(`${base}/${collaudo._id}/stato`, { stato })).statusCode).toBe(200);

    const ddt = await emit(f.ids.clienteA, [{ entityType: 'blocco', id: blocco._id }]);
    const own = (await f.spedizioni.get(`/api/ddt/${ddt._id}/genealogy`)).json();
    expect(own.map((n: { entityType: string }) => n.entityType)).toEqual([
      'blocco',
      'collaudo',
      'cliente',
    ]);
    expect(own[1]).toMatchObject({
      _id: collaudo._id,
      codice: collaudo.codice,
      relation: 'origine',
      path: `/app/pages/collaudi/${collaudo._id}`,
    });
    const ofBlocco = (await f.admin.get(`/api/blocchi-esterni/${blocco._id}/genealogy`)).json();
    expect(ofBlocco.map((n: { entityType: string }) => n.entityType)).toEqual(
      expect.arrayContaining(['collaudo', 'ddt', 'cliente']),
    );
  });
});

describe("each shipped item's detail names its DDTs", () => {
  it('the block, the bundle, each slab and the lot after emission; a cancelled DDT stays listed as annullato', async () => {
    const c = f.ids.clienteA;
    const blocco = await f.soldBlock(c);
    const pacco = await f.soldBundle(c, 2);
    const tiles = await f.soldTiles(f.spedizioni, c, 2);
    const details = {
      blocco: `/api/blocchi-esterni/${blocco._id}`,
      pacco: `/api/magazzino/pacchi/${pacco.paccoId}`,
      lastra: `/api/magazzino/lastre/${pacco.lastre[0]!._id}`,
      lotto: `/api/magazzino/lotti/${tiles.lottoId}`,
    };
    for (const url of Object.values(details))
      expect((await f.admin.get(url)).json().ddt, url).toEqual([]);

    const ddt = await emit(c, [
      { entityType: 'blocco', id: blocco._id },
      { entityType: 'pacco', id: pacco.paccoId },
      { entityType: 'lotto', id: tiles.venditaId },
    ]);
    const ref = { _id: ddt._id, numero: ddt.numero, anno: year, data: ddt.data, stato: 'emesso' };
    for (const url of Object.values(details))
      expect((await f.admin.get(url)).json().ddt, url).toEqual([ref]);

    expect(
      (await f.spedizioni.post(`/api/ddt/${ddt._id}/annulla`, { motivo: 'Camion guasto' }))
        .statusCode,
    ).toBe(200);
    // shipped again with a second DDT: the items name both, the cancelled one first
    const again = await emit(c, [
      { entityType: 'blocco', id: blocco._id },
      { entityType: 'lastra', id: pacco.lastre[0]!._id },
    ]);
    const annullato = { ...ref, stato: 'annullato' };
    const second = {
      _id: again._id,
      numero: ddt.numero + 1,
      anno: year,
      data: again.data,
      stato: 'emesso',
    };
    expect((await f.admin.get(details.blocco)).json().ddt).toEqual([annullato, second]);
    expect((await f.admin.get(details.lastra)).json().ddt).toEqual([annullato, second]);
    // the bundle sold whole left once, then one of its slabs went alone
    expect((await f.admin.get(details.pacco)).json().ddt).toEqual([annullato, second]);
    expect((await f.admin.get(details.lotto)).json().ddt).toEqual([annullato]);
    expect((await f.admin.get(`/api/magazzino/lastre/${pacco.lastre[1]!._id}`)).json().ddt).toEqual(
      [annullato],
    );
  });
});

describe('the free-text documento is optional', () => {
  it('a transfer without documento: 201, its causale names the company only, its answer the sale a DDT ships', async () => {
    const lottoId = await f.lot(48);
    const res = await f.admin.post('/api/trasferimenti', {
      destinazioneCompanyId: f.gruppo,
      lotti: [{ id: lottoId, pezzi: 12, prezzo: 150 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().documento).toBeNull();
    // the answer names the lot's sale: the line «Crea DDT» ticks, as da-spedire lists it
    const da = (
      await f.spedizioni.get('/api/ddt/da-spedire', { query: { destinazioneCompanyId: f.gruppo } })
    ).json();
    const vendita = da.lotti.find((l: { lottoId: string }) => l.lottoId === lottoId);
    expect(res.json().righe).toEqual([
      expect.objectContaining({ tipo: 'lotto', itemId: lottoId, venditaId: vendita._id }),
    ]);
    const movimenti = (
      await f.admin.get('/api/magazzino/movimenti', { query: { lottoId } })
    ).json();
    expect(movimenti.items[0]).toMatchObject({
      tipo: 'trasferimento',
      documento: null,
      causale: expect.stringMatching(/^Trasferimento a [^,]+$/),
    });
  });

  it('a slab sold without documento: 200', async () => {
    const b = await f.bundle(1);
    const res = await f.mag.post(`/api/magazzino/lastre/${b.lastre[0]!._id}/vendi`, {
      clienteId: f.ids.clienteA,
      prezzo: 90,
      unita: 'mq',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stato: 'venduta', ddt: [] });
  });
});

describe('a tile sale names itself for its DDT', () => {
  it('the vendi answer carries the sale id that da-spedire lists', async () => {
    const lottoId = await f.lot(60);
    const res = await f.mag.post(`/api/magazzino/lotti/${lottoId}/vendi`, {
      pezzi: 24,
      clienteId: f.ids.clienteB,
      prezzo: 4,
      unita: 'pezzo',
    });
    expect(res.statusCode, res.body).toBe(200);
    const da = (
      await f.spedizioni.get('/api/ddt/da-spedire', { query: { clienteId: f.ids.clienteB } })
    ).json();
    const vendita = da.lotti.find((l: { lottoId: string }) => l.lottoId === lottoId);
    expect(vendita).toMatchObject({ pezzi: 24, casse: 2 });
    expect(res.json().venditaId).toBe(vendita._id);
  });
});
