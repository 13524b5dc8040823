import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocchi, clienti, ddtContatori, lastre, movimenti } from '../src/db/schema/index.js';
import { bozza, ddtFixture, year, type DdtFixture } from './ddt-helpers.js';
import { createCompany } from './helpers.js';

// the DDT from what is sold to a party, numbered per company and year with no gap, and
// every item shipped once. Figures by hand: Statuario 2,71 t/m³; a block 300 × 200 × 180 cm =
// 10,8 m³ × 2,71 = 29,268 t = 29 268 kg, unweighed so carried at its gross volume (stimato); a bundle of 4 slabs 3000 × 1500 mm = 18 m² ×
// 20 mm × 2,71 = 975,6 → 976 kg; 3 boxes of 12 tiles 305 × 305 × 10 = 36 × 0,093025 = 3,3489 →
// 3,35 m² × 10 × 2,71 = 90,785 → 91 kg.

let f: DdtFixture;
beforeAll(async () => {
  f = await ddtFixture();
}, 120_000);
afterAll(() => f.ctx.close());

const db = () => f.ctx.database.db;
const statoBlocco = async (id: string) =>
  (await db().select({ stato: blocchi.stato }).from(blocchi).where(eq(blocchi.id, id)))[0]!.stato;
const statiLastre = async (paccoId: string) =>
  (await db().select({ stato: lastre.stato }).from(lastre).where(eq(lastre.paccoId, paccoId))).map(
    (l) => l.stato,
  );

describe('DDT: draft, emission, cancellation', () => {
  it('lists what is sold to the cliente, drafts a DDT of it with computed colli and weight, emits it with the next number and ships every item', async () => {
    const c = f.ids.clienteA;
    const blocco = await f.soldBlock(c);
    const pesato = await f.soldBlock(c, { pesoPesa: 27.5 });
    const pacco = await f.soldBundle(c);
    const tiles = await f.soldTiles(f.spedizioni, c, 3);

    const da = (await f.spedizioni.get('/api/ddt/da-spedire', { query: { clienteId: c } })).json();
    expect(da.blocchi.find((b: { _id: string }) => b._id === blocco._id)).toMatchObject({
      codice: blocco.codice,
      m3: 10.8,
      pesoKg: 29268,
      pesoBase: 'stimato',
      pesoNettoKg: 29268,
      colli: 1,
    });
    expect(da.blocchi.find((b: { _id: string }) => b._id === pesato._id)).toMatchObject({
      pesoKg: 27500,
      pesoBase: 'pesato',
    });
    expect(da.pacchi.find((p: { _id: string }) => p._id === pacco.paccoId)).toMatchObject({
      pezzi: 4,
      mq: 18,
      pesoKg: 976,
      colli: 1,
    });
    expect(da.lotti.find((l: { _id: string }) => l._id === tiles.venditaId)).toMatchObject({
      pezzi: 36,
      casse: 3,
      mq: 3.35,
      pesoKg: 91,
      colli: 3,
    });
    // the party (the form's default destination) and each tile sale's format (the form's figures for part of it)
    expect(da.destinatario).toMatchObject({ ragioneSociale: 'Stone Design GmbH' });
    expect(da.lotti.find((l: { _id: string }) => l._id === tiles.venditaId).formato).toMatchObject({
      lunghezzaMm: 305,
      larghezzaMm: 305,
      pezziPerCassa: 12,
    });

    const righe = [
      { entityType: 'blocco', id: blocco._id },
      { entityType: 'blocco', id: pesato._id },
      { entityType: 'pacco', id: pacco.paccoId },
      { entityType: 'lotto', id: tiles.venditaId },
    ];
    const created = await f.spedizioni.post('/api/ddt', bozza(c, righe));
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json();
    // 1 + 1 + 1 + 3 colli; 29 268 + 27 500 + 976 + 91 kg
    expect(draft).toMatchObject({
      stato: 'bozza',
      numero: null,
      colli: 6,
      pesoKg: 57835,
      pesoNettoKg: 57835,
      mq: 21.35,
      m3: 21.6,
    });
    // the cliente's address when none is given
    expect(draft.destinazione).toMatchObject({
      indirizzo: 'Hauptstr. 1',
      comune: 'München',
      nazione: 'DE',
    });

    const emitted = await f.spedizioni.post(`/api/ddt/${draft._id}/emetti`);
    expect(emitted.statusCode, emitted.body).toBe(200);
    const ddt = emitted.json();
    expect(ddt).toMatchObject({
      stato: 'emesso',
      anno: year,
      numeroDocumento: `${ddt.numero}/${year}`,
    });
    expect(ddt.inizioTrasporto).not.toBeNull();
    expect(await statoBlocco(blocco._id)).toBe('spedito');
    expect(await statiLastre(pacco.paccoId)).toEqual(['spedita', 'spedita', 'spedita', 'spedita']);
    const [venditaRow] = await db()
      .select()
      .from(movimenti)
      .where(eq(movimenti.id, tiles.venditaId));
    expect(venditaRow!.pezziSpediti).toBe(36);
    // a movimento per block, slab and tile sale, naming the DDT
    const rows = await db()
      .select()
      .from(movimenti)
      .where(and(eq(movimenti.ddtId, draft._id), eq(movimenti.tipo, 'spedizione')));
    expect(rows).toHaveLength(2 + 4 + 1);
    expect(rows.every((r) => r.documento === `DDT ${ddt.numero}/${year}`)).toBe(true);
    const history = (await f.admin.get(`/api/blocchi-esterni/${blocco._id}/history`)).json();
    expect(JSON.stringify(history)).toContain(`DDT ${ddt.numero}/${year}`);
    // each shipped item's page links its DDT: the block, the bundle and each of its slabs
    const node = {
      entityType: 'ddt',
      _id: draft._id,
      codice: `${ddt.numero}/${year}`,
      path: `/app/pages/spedizioni/${draft._id}`,
    };
    expect(
      (await f.admin.get(`/api/blocchi-esterni/${blocco._id}/genealogy`)).json(),
    ).toContainEqual(expect.objectContaining(node));
    expect(
      (await f.admin.get(`/api/magazzino/pacchi/${pacco.paccoId}/genealogy`)).json(),
    ).toContainEqual(expect.objectContaining(node));
    expect(
      (await f.admin.get(`/api/magazzino/lastre/${pacco.lastre[0]!._id}/genealogy`)).json(),
    ).toContainEqual(expect.objectContaining(node));

    // nothing left to ship; the DDT cannot be emitted, edited or deleted again
    const after = (
      await f.spedizioni.get('/api/ddt/da-spedire', { query: { clienteId: c } })
    ).json();
    expect(
      [...after.blocchi, ...after.pacchi, ...after.lotti].map((x: { _id: string }) => x._id),
    ).not.toContain(blocco._id);
    expect((await f.spedizioni.post(`/api/ddt/${draft._id}/emetti`)).statusCode).toBe(409);
    expect((await f.spedizioni.put(`/api/ddt/${draft._id}`, bozza(c, righe))).statusCode).toBe(409);
    expect((await f.spedizioni.delete(`/api/ddt/${draft._id}`)).statusCode).toBe(409);

    // a second DDT of the same block: 409 naming it
    const again = await f.spedizioni.post(
      '/api/ddt',
      bozza(c, [{ entityType: 'blocco', id: blocco._id }]),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(blocco.codice);

    // cancelled: the items are sold again, the number stays taken
    const annullato = await f.spedizioni.post(`/api/ddt/${draft._id}/annulla`, {
      motivo: 'Camion non arrivato',
    });
    expect(annullato.statusCode, annullato.body).toBe(200);
    expect(annullato.json()).toMatchObject({
      stato: 'annullato',
      numero: ddt.numero,
      annullatoMotivo: 'Camion non arrivato',
    });
    expect(await statoBlocco(blocco._id)).toBe('venduto');
    expect(await statiLastre(pacco.paccoId)).toEqual(['venduta', 'venduta', 'venduta', 'venduta']);
    expect(
      (await db().select().from(movimenti).where(eq(movimenti.id, tiles.venditaId)))[0]!
        .pezziSpediti,
    ).toBe(0);
    const redo = (await f.spedizioni.post('/api/ddt', bozza(c, righe))).json();
    const second = (await f.spedizioni.post(`/api/ddt/${redo._id}/emetti`)).json();
    expect(second.numero).toBe(ddt.numero + 1);
  });

  it('refuses a line not sold to the party (409 naming it), a vettore left out (400), an item of another company (404)', async () => {
    const blocco = await f.soldBlock(f.ids.clienteB);
    const res = await f.spedizioni.post(
      '/api/ddt',
      bozza(f.ids.clienteA, [{ entityType: 'blocco', id: blocco._id }]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(blocco.codice);
    expect(res.json().message).toContain('Stone Design GmbH');

    const senza = await f.spedizioni.post(
      '/api/ddt',
      bozza(f.ids.clienteB, [{ entityType: 'blocco', id: blocco._id }], {
        trasportoACura: 'vettore',
      }),
    );
    expect(senza.statusCode).toBe(400);
    expect(senza.json().message).toContain('indica il vettore');

    const other = await f.spedizioni.post(
      '/api/ddt',
      bozza(f.ids.clienteB, [{ entityType: 'blocco', id: '0190f0f0-0000-7000-8000-000000000000' }]),
    );
    expect(other.statusCode).toBe(404);

    const ok = await f.spedizioni.post(
      '/api/ddt',
      bozza(f.ids.clienteB, [{ entityType: 'blocco', id: blocco._id }], {
        trasportoACura: 'vettore',
        vettore: { ragioneSociale: 'Autotrasporti Apuani S.r.l.', targa: 'AB123CD' },
      }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().vettore).toMatchObject({
      ragioneSociale: 'Autotrasporti Apuani S.r.l.',
      targa: 'AB123CD',
    });
    // a vettore must name itself; the sender's own truck is its plate alone, and the sender is the carrier
    const anonimo = await f.spedizioni.post(
      '/api/ddt',
      bozza(f.ids.clienteB, [{ entityType: 'blocco', id: blocco._id }], {
        trasportoACura: 'vettore',
        vettore: { targa: 'AB123CD' },
      }),
    );
    expect(anonimo.statusCode).toBe(400);
    expect(anonimo.json().message).toContain('ragione sociale obbligatoria');
    const proprio = await f.spedizioni.post(
      '/api/ddt',
      bozza(f.ids.clienteB, [{ entityType: 'blocco', id: blocco._id }], {
        trasportoACura: 'mittente',
        vettore: { targa: 'FG482KT' },
      }),
    );
    expect(proprio.statusCode, proprio.body).toBe(201);
    expect(proprio.json().vettore).toEqual({
      ragioneSociale: f.org.company.name,
      partitaIva: null,
      indirizzo: null,
      targa: 'FG482KT',
    });
    expect((await f.spedizioni.delete(`/api/ddt/${proprio.json()._id}`)).statusCode).toBe(204);
    // a draft is edited and deleted; deleting frees nothing (a draft holds nothing)
    const edited = await f.spedizioni.put(
      `/api/ddt/${ok.json()._id}`,
      bozza(f.ids.clienteB, [{ entityType: 'blocco', id: blocco._id }], {
        porto: 'assegnato',
        note: 'Scarico con gru',
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      porto: 'assegnato',
      note: 'Scarico con gru',
      vettore: null,
    });
    expect((await f.spedizioni.delete(`/api/ddt/${ok.json()._id}`)).statusCode).toBe(204);
    expect((await f.spedizioni.get(`/api/ddt/${ok.json()._id}`)).statusCode).toBe(404);
  });

  it('two drafts holding the same block emitted at once: one 200, one 409, the block shipped once', async () => {
    const blocco = await f.soldBlock(f.ids.clienteA);
    const a = (
      await f.spedizioni.post(
        '/api/ddt',
        bozza(f.ids.clienteA, [{ entityType: 'blocco', id: blocco._id }]),
      )
    ).json();
    const b = (
      await f.spedizioni.post(
        '/api/ddt',
        bozza(f.ids.clienteA, [{ entityType: 'blocco', id: blocco._id }]),
      )
    ).json();
    const [ra, rb] = await Promise.all([
      f.spedizioni.post(`/api/ddt/${a._id}/emetti`),
      f.spedizioni.post(`/api/ddt/${b._id}/emetti`),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const shipped = await db()
      .select()
      .from(movimenti)
      .where(and(eq(movimenti.bloccoId, blocco._id), eq(movimenti.tipo, 'spedizione')));
    expect(shipped).toHaveLength(1);
    expect(await statoBlocco(blocco._id)).toBe('spedito');
  });

  it('20 drafts emitted in parallel take 20 consecutive numbers, none repeated, none skipped', async () => {
    const { venditaId } = await f.soldTiles(f.spedizioni, f.ids.clienteB, 20);
    const drafts = [];
    for (let i = 0; i < 20; i++)
      drafts.push(
        (
          await f.spedizioni.post(
            '/api/ddt',
            bozza(f.ids.clienteB, [{ entityType: 'lotto', id: venditaId, pezzi: 12 }]),
          )
        ).json()._id as string,
      );
    const [before] = await db()
      .select()
      .from(ddtContatori)
      .where(and(eq(ddtContatori.companyId, f.org.company.id), eq(ddtContatori.anno, year)));
    const results = await Promise.all(
      drafts.map((id) => f.spedizioni.post(`/api/ddt/${id}/emetti`)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const numbers = results.map((r) => r.json().numero as number).sort((x, y) => x - y);
    const last = before?.ultimo ?? 0;
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => last + 1 + i));
    // one piece more than the sale had: refused, and the number not used
    const over = (
      await f.spedizioni.post(
        '/api/ddt',
        bozza(f.ids.clienteB, [{ entityType: 'lotto', id: venditaId, pezzi: 1 }]),
      )
    ).statusCode;
    expect(over).toBe(409);
  });

  it('a failure between the number and the items leaves neither: the number is not consumed', async () => {
    const blocco = await f.soldBlock(f.ids.clienteA);
    const draft = (
      await f.spedizioni.post(
        '/api/ddt',
        bozza(f.ids.clienteA, [{ entityType: 'blocco', id: blocco._id }]),
      )
    ).json();
    const [before] = await db()
      .select()
      .from(ddtContatori)
      .where(and(eq(ddtContatori.companyId, f.org.company.id), eq(ddtContatori.anno, year)));
    f.faults.afterDdtNumero = async () => {
      throw new Error('guasto simulato');
    };
    try {
      expect((await f.spedizioni.post(`/api/ddt/${draft._id}/emetti`)).statusCode).toBe(500);
    } finally {
      delete f.faults.afterDdtNumero;
    }
    expect(await statoBlocco(blocco._id)).toBe('venduto');
    expect((await f.spedizioni.get(`/api/ddt/${draft._id}`)).json()).toMatchObject({
      stato: 'bozza',
      numero: null,
    });
    const emitted = (await f.spedizioni.post(`/api/ddt/${draft._id}/emetti`)).json();
    expect(emitted.numero).toBe((before?.ultimo ?? 0) + 1);
  });

  it('what is to ship to a group company nothing was sold to is nothing, and asking writes no cliente record', async () => {
    const altra = await createCompany(f.ctx);
    const before = (await db().select({ id: clienti.id }).from(clienti)).length;
    const res = await f.spedizioni.get('/api/ddt/da-spedire', {
      query: { destinazioneCompanyId: altra.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      destinatario: null,
      blocchi: [],
      pacchi: [],
      lastre: [],
      lotti: [],
      luogoPartenza: null,
    });
    expect((await db().select({ id: clienti.id }).from(clienti)).length).toBe(before);
  });

  it('a transfer to a group company ships with causale trasferimento to that company', async () => {
    const lottoId = await f.lot(120);
    const t = await f.admin.post('/api/trasferimenti', {
      destinazioneCompanyId: f.gruppo,
      lotti: [{ id: lottoId, pezzi: 24, prezzo: 300 }],
      documento: 'Ordine interno 7',
    });
    expect(t.statusCode, t.body).toBe(201);
    const da = (
      await f.spedizioni.get('/api/ddt/da-spedire', { query: { destinazioneCompanyId: f.gruppo } })
    ).json();
    const vendita = da.lotti.find((l: { lottoId: string }) => l.lottoId === lottoId);
    expect(vendita).toMatchObject({ pezzi: 24, casse: 2 });
    const res = await f.spedizioni.post('/api/ddt', {
      ...bozza('', [{ entityType: 'lotto', id: vendita._id }], {
        causale: 'trasferimento',
        destinazione: { indirizzo: 'Via del Porto 4', comune: 'Carrara', provincia: 'MS' },
      }),
      clienteId: undefined,
      destinazioneCompanyId: f.gruppo,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      causale: 'trasferimento',
      destinazioneCompany: { _id: f.gruppo },
      destinazione: { comune: 'Carrara' },
    });
    expect((await f.spedizioni.post(`/api/ddt/${res.json()._id}/emetti`)).statusCode).toBe(200);
  });
});
