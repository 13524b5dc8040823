import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ddt } from '../src/db/schema/index.js';
import { addDays, todayInRome } from '../src/lib/dates.js';
import { bozza, ddtFixture, type DdtFixture } from './ddt-helpers.js';
import { loadLotto } from './helpers.js';
import { sale } from './stock-fixtures.js';

// What the office trips on (server side): a transport starting before its DDT, an emission refused
// without naming the DDT the item left with, a tile sale recording other m² than its DDT, a sale of
// more pieces than the lot has answered with "reload".

let f: DdtFixture;
beforeAll(async () => {
  f = await ddtFixture();
}, 120_000);
afterAll(() => f.ctx.close());

const at = (day: string, time = '08:00') => new Date(`${day}T${time}:00+01:00`).toISOString();
const ddMMyyyy = (day: string) => day.split('-').reverse().join('/');

describe('the start of the transport', () => {
  it('refuses a start before the DDT date (400 in Italian), warns about one days after it, and checks again at emission', async () => {
    const today = todayInRome();
    const blocco = await f.soldBlock(f.ids.clienteA);
    const righe = [{ entityType: 'blocco', id: blocco._id }];
    const past = await f.spedizioni.post(
      '/api/ddt',
      bozza(f.ids.clienteA, righe, { inizioTrasporto: at('2025-01-15') }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(
      `Inizio trasporto: il 15/01/2025 è prima della data del DDT (${ddMMyyyy(today)})`,
    );
    expect(past.json().details[0]).toMatchObject({ path: 'inizioTrasporto' });

    const late = await f.spedizioni.post(
      '/api/ddt',
      bozza(f.ids.clienteA, righe, { inizioTrasporto: at(addDays(today, 10)) }),
    );
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json().avvisi).toEqual([
      `Il trasporto inizia 10 giorni dopo la data del DDT (${ddMMyyyy(today)}): controlla la data`,
    ]);
    const soon = await f.spedizioni.put(
      `/api/ddt/${late.json()._id}`,
      bozza(f.ids.clienteA, righe, { inizioTrasporto: at(addDays(today, 1)) }),
    );
    expect(soon.statusCode, soon.body).toBe(200);
    expect(soon.json().avvisi).toEqual([]);

    // a draft written days ago with the start it had then: the emission, today, refuses it
    await f.ctx.database.db
      .update(ddt)
      .set({ inizioTrasporto: sql`now() - interval '3 days'` })
      .where(eq(ddt.id, late.json()._id));
    const opened = (await f.spedizioni.get(`/api/ddt/${late.json()._id}`)).json();
    expect(opened.avvisi[0]).toMatch(/^Inizio trasporto: il .* è prima della data del DDT/);
    const emit = await f.spedizioni.post(`/api/ddt/${late.json()._id}/emetti`);
    expect(emit.statusCode).toBe(400);
    expect(emit.json().message).toMatch(/è prima della data del DDT/);
    expect((await f.spedizioni.get(`/api/ddt/${late.json()._id}`)).json().stato).toBe('bozza');
  });
});

describe("the carrier's data", () => {
  it("refuses a carrier P.IVA a cliente's would not pass (400), and stores one spelling of a plate", async () => {
    const blocco = await f.soldBlock(f.ids.clienteA);
    const righe = [{ entityType: 'blocco', id: blocco._id }];
    const bad = await f.spedizioni.post(
      '/api/ddt',
      bozza(f.ids.clienteA, righe, {
        trasportoACura: 'vettore',
        vettore: { ragioneSociale: 'Trasporti Apuani S.r.l.', partitaIva: '123', targa: 'FG482KT' },
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^vettore.partitaIva: Partita IVA/);
    const ok = await f.spedizioni.post(
      '/api/ddt',
      bozza(f.ids.clienteA, righe, {
        trasportoACura: 'vettore',
        vettore: {
          ragioneSociale: 'Trasporti Apuani S.r.l.',
          partitaIva: '00123450454',
          targa: 'fg 482-kt',
        },
      }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().vettore).toMatchObject({ partitaIva: '00123450454', targa: 'FG482KT' });
    expect((await f.spedizioni.delete(`/api/ddt/${ok.json()._id}`)).statusCode).toBe(204);
  });
});

describe('an item that already left', () => {
  it('names the DDT it left with, on the draft as soon as it is opened and at its emission', async () => {
    const blocco = await f.soldBlock(f.ids.clienteA);
    const righe = [{ entityType: 'blocco', id: blocco._id }];
    const a = (await f.spedizioni.post('/api/ddt', bozza(f.ids.clienteA, righe))).json();
    const b = (await f.spedizioni.post('/api/ddt', bozza(f.ids.clienteA, righe))).json();
    expect(b.avvisi).toEqual([]);
    const emitted = (await f.spedizioni.post(`/api/ddt/${a._id}/emetti`)).json();
    const left = `Il blocco ${blocco.codice} è già spedito con il DDT ${emitted.numeroDocumento}: toglilo dal DDT`;

    const opened = await f.spedizioni.get(`/api/ddt/${b._id}`);
    expect(opened.json().avvisi).toEqual([left]);
    const refused = await f.spedizioni.post(`/api/ddt/${b._id}/emetti`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(left);
  });

  it('calls an item not transferred to the group company "non trasferito", not "non venduto"', async () => {
    const blocco = await f.soldBlock(f.ids.clienteA);
    const res = await f.spedizioni.post('/api/ddt', {
      ...bozza('', [{ entityType: 'blocco', id: blocco._id }], {
        causale: 'trasferimento',
        destinazione: { indirizzo: 'Via del Porto 4', comune: 'Carrara' },
      }),
      clienteId: undefined,
      destinazioneCompanyId: f.gruppo,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`Il blocco ${blocco.codice} non è trasferito a `);
    expect(res.json().message).not.toContain('venduto');
  });
});

describe('a part of a tile lot', () => {
  it('a sale of 16 pieces records the m² its DDT prints, the books still add up, and 60 of 39 says how many are left', async () => {
    // 610 × 305: 55 pieces are 10,23 m², 39 are 7,26, 16 are 2,98 (not 10,23 − 7,26 = 2,97)
    const lottoId = (
      await loadLotto(f.ctx, f.org.company.id, {
        codice: `LO-${todayInRome().slice(0, 4)}-8001`,
        materialeId: f.ids.materiale,
        pezzi: 55,
        pezziPerCassa: 8,
        ubicazioneId: f.ids.scaffale,
        lunghezzaMm: 610,
        larghezzaMm: 305,
      })
    ).id;
    const venduta = await f.admin.post(`/api/magazzino/lotti/${lottoId}/vendi`, {
      pezzi: 16,
      ...sale(f.ids.clienteB),
    });
    expect(venduta.statusCode, venduta.body).toBe(200);
    expect(venduta.json()).toMatchObject({ pezzi: 16, mq: 2.98 });
    const da = (
      await f.spedizioni.get('/api/ddt/da-spedire', { query: { clienteId: f.ids.clienteB } })
    ).json();
    expect(da.lotti.find((l: { lottoId: string }) => l.lottoId === lottoId)).toMatchObject({
      pezzi: 16,
      mq: 2.98,
    });
    const books = await f.lottoBooks(lottoId);
    expect(books).toMatchObject({ pezzi: 39, mq: 7.25, ledgerMq: 7.25 });

    const troppi = await f.admin.post(`/api/magazzino/lotti/${lottoId}/vendi`, {
      pezzi: 60,
      ...sale(f.ids.clienteB),
    });
    expect(troppi.statusCode).toBe(409);
    expect(troppi.json().message).toBe('Non ci sono 60 pezzi liberi nel lotto: ne restano 39');

    // the last pieces take what the books hold: the lot ends at 0 m²
    const resto = await f.admin.post(`/api/magazzino/lotti/${lottoId}/vendi`, {
      pezzi: 39,
      ...sale(f.ids.clienteB),
    });
    expect(resto.statusCode, resto.body).toBe(200);
    expect(await f.lottoBooks(lottoId)).toMatchObject({ pezzi: 0, mq: 0, ledgerMq: 0 });
  });
});
