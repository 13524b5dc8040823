import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInRome } from '../src/lib/dates.js';
import {
  all,
  blocks,
  expectSdiArithmetic,
  expectValidXml,
  fattureApi,
  fattureFixture,
  xmlOf,
  type FattureFixture,
} from './fatture-helpers.js';

// The electronic invoice (docs/fatture.md): every XML validated against the official schema and
// checked by the SDI's arithmetic. Figures by hand: a bundle of 4 slabs of 4,5 m² sold at 85 €/m² =
// 18 m² × 85 = 1 530,00; at 22 % the tax is 336,60.

let f: FattureFixture;
beforeAll(async () => {
  f = await fattureFixture();
}, 180_000);
afterAll(() => f.ctx.close());

const today = todayInRome();
const { td24, crea, emetti } = fattureApi(() => f);

describe('fattura differita (TD24) from DDTs', () => {
  it('invoices two DDTs of an Italian cliente at 22 %, numbered, with a valid XML', async () => {
    const d1 = await f.ddtPacco(f.clienti.it);
    const d2 = await f.ddtPacco(f.clienti.it);
    const offered = (
      await f.fatture.get('/api/fatture/da-fatturare', { query: { clienteId: f.clienti.it } })
    ).json();
    expect(offered.ddt.map((d: { _id: string }) => d._id)).toEqual([d1._id, d2._id]);
    expect(offered.ddt[0].righe[0]).toMatchObject({
      quantita: 18,
      unitaMisura: 'm2',
      prezzoUnitario: 85,
      prezzoTotale: 1530,
    });
    const bozza = await crea(td24(f.clienti.it, [d1._id, d2._id]));
    expect(bozza).toMatchObject({
      stato: 'bozza',
      numero: null,
      imponibile: 3060,
      imposta: 673.2,
      totale: 3733.2,
      riepilogo: [{ aliquotaIva: 22, natura: null, imponibile: 3060, imposta: 673.2 }],
      pagamento: { condizioni: 'TP02', modalita: 'MP05', iban: 'IT60X0542811101000000123456' },
    });
    // 60 days from the end of the invoice's month
    const fineMese = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    fineMese.setUTCMonth(fineMese.getUTCMonth() + 1, 0);
    expect(bozza.pagamento.scadenze).toEqual([
      { data: addDays(fineMese.toISOString().slice(0, 10), 60), importo: 3733.2 },
    ]);
    const emessa = await emetti(bozza._id);
    expect(emessa.stato).toBe('emessa');
    expect(emessa.numeroDocumento).toBe(`${emessa.numero}/${today.slice(0, 4)}`);
    expect(emessa.nomeFile).toMatch(/^IT01122334459?\d?_[0-9A-Z]{5}\.xml$/);
    const xml = await xmlOf(f.fatture, bozza._id);
    await expectValidXml(xml);
    expectSdiArithmetic(xml);
    expect(all(xml, 'TipoDocumento')).toEqual(['TD24']);
    expect(all(xml, 'CodiceDestinatario')).toEqual(['M5UXCR1']);
    expect(all(xml, 'NumeroDDT')).toEqual([`${d1.numero}/${d1.anno}`, `${d2.numero}/${d2.anno}`]);
    expect(blocks(xml, 'DatiDDT').map((b) => all(b, 'RiferimentoNumeroLinea'))).toEqual([
      ['1'],
      ['2'],
    ]);
    // Latin-1: typographic quotes and dash transliterated
    expect(all(xml, 'Denominazione')).toContain('Edil "Pietra" - Costruzioni S.r.l.');
    expect(all(xml, 'Ufficio')).toEqual(['MS']);
    // a DDT line is invoiced once
    const again = await f.fatture.post('/api/fatture', td24(f.clienti.it, [d1._id]));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Il DDT ${d1.numero}/${d1.anno} è già fatturato`);
    // an emitted invoice is not edited nor deleted
    for (const res of [
      await f.fatture.put(`/api/fatture/${bozza._id}`, td24(f.clienti.it, [d1._id])),
      await f.fatture.delete(`/api/fatture/${bozza._id}`),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Una fattura emessa si corregge con una nota di credito');
    }
    // the code lookup and the DDT's genealogy find it
    const code = await f.admin.get(
      `/api/codici/${encodeURIComponent(`fattura ${emessa.numeroDocumento}`)}`,
    );
    expect([200, 404]).toContain(code.statusCode);
    const g = (await f.admin.get(`/api/ddt/${d1._id}/genealogy`)).json();
    expect(
      g.some(
        (n: { entityType: string; _id: string }) =>
          n.entityType === 'fattura' && n._id === bozza._id,
      ),
    ).toBe(true);
    const byDdt = (await f.fatture.get('/api/fatture', { query: { ddtId: d1._id } })).json();
    expect(byDdt.items.map((i: { _id: string }) => i._id)).toEqual([bozza._id]);
  });

  it('a slab shipped in an invoiced bundle and the lot of an invoiced tile sale name the invoice', async () => {
    const pacco = await f.soldBundle(f.clienti.it);
    const tiles = await f.soldTiles(f.spedizioni, f.clienti.it, 2);
    const d = await f.ddtEmesso(f.clienti.it, [
      { entityType: 'pacco', id: pacco.paccoId },
      { entityType: 'lotto', id: tiles.venditaId },
    ]);
    const bozza = await crea(td24(f.clienti.it, [d._id]));
    const fattureDi = async (path: string) =>
      ((await f.admin.get(path)).json() as Array<{ entityType: string; _id: string }>)
        .filter((n) => n.entityType === 'fattura')
        .map((n) => n._id);
    const lastra = `/api/magazzino/lastre/${pacco.lastre[2]!._id}/genealogy`;
    const lotto = `/api/magazzino/lotti/${tiles.lottoId}/genealogy`;
    // a draft is no sale yet
    expect(await fattureDi(lastra)).toEqual([]);
    await emetti(bozza._id);
    expect(await fattureDi(lastra)).toEqual([bozza._id]);
    expect(await fattureDi(lotto)).toEqual([bozza._id]);
    // another slab of the company, never shipped, names none
    const altro = await f.bundle(1);
    expect(await fattureDi(`/api/magazzino/lastre/${altro.lastre[0]!._id}/genealogy`)).toEqual([]);
  });

  it('a block sold through a collaudo takes its accepted m³ and price; a percentage abbuono is the line discount, to the cent', async () => {
    const [a, b] = [await f.boughtBlock(), await f.boughtBlock()]; // 300 × 200 × 180 cm = 10,8 m³
    const c = await f.admin.post('/api/collaudi', { data: today, clienteId: f.clienti.it });
    expect(c.statusCode, c.body).toBe(201);
    const id = c.json()._id;
    for (const x of [a, b])
      expect(
        (await f.admin.post(`/api/collaudi/${id}/righe`, { bloccoId: x._id })).statusCode,
      ).toBe(201);
    const righe = (await f.admin.get(`/api/collaudi/${id}`)).json().righe as Array<{
      _id: string;
      bloccoId: string;
    }>;
    const giudica = async (bloccoId: string, body: Record<string, unknown>) => {
      const r = righe.find((x) => x.bloccoId === bloccoId)!;
      const res = await f.admin.put(`/api/collaudi/${id}/righe/${r._id}`, {
        esito: 'accettato',
        unitaPrezzo: 'm3',
        ...body,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await giudica(a._id, { prezzo: 1234.5, abbuonoTipo: 'percentuale', abbuonoValore: 3.75 });
    await giudica(b._id, { prezzo: 1100, abbuonoTipo: 'prezzo', abbuonoValore: 50 });
    for (const to of ['in_corso', 'eseguito', 'confermato']) {
      const res = await f.admin.post(`/api/collaudi/${id}/stato`, { stato: to });
      expect(res.statusCode, res.body).toBe(200);
    }
    const collaudo = (await f.admin.get(`/api/collaudi/${id}`)).json();
    const importo = (bloccoId: string) =>
      collaudo.righe.find((r: { bloccoId: string }) => r.bloccoId === bloccoId).importo / 100;
    const d = await f.ddtEmesso(f.clienti.it, [
      { entityType: 'blocco', id: a._id },
      { entityType: 'blocco', id: b._id },
    ]);
    const e = await emetti((await crea(td24(f.clienti.it, [d._id])))._id);
    // 10,8 m³ × 1 234,50 = 13 332,60 less 3,75 % = 12 832,63
    expect(e.righe[0]).toMatchObject({
      quantita: 10.8,
      unitaMisura: 'm3',
      prezzoUnitario: 1234.5,
      scontoPercentuale: 3.75,
      prezzoTotale: importo(a._id),
    });
    expect(e.righe[0].prezzoTotale).toBe(12832.63);
    // the price abbuono lowers the unit price: 10,8 × 1 050 = 11 340,00
    expect(e.righe[1]).toMatchObject({ prezzoUnitario: 1050, prezzoTotale: importo(b._id) });
    expect(e.righe[1].prezzoTotale).toBe(11340);
    expect(e.righe[0].descrizione).toContain(collaudo.codice);
    const xml = await xmlOf(f.fatture, e._id);
    await expectValidXml(xml);
    expectSdiArithmetic(xml);
    expect(all(xml, 'Percentuale')).toEqual(['3.75']);
    // blocco → collaudo → DDT → fattura → cliente
    const g = (await f.admin.get(`/api/blocchi-esterni/${a._id}/genealogy`)).json();
    expect(
      g.some(
        (n: { entityType: string; _id: string }) => n.entityType === 'fattura' && n._id === e._id,
      ),
    ).toBe(true);
    const perElemento = (
      await f.fatture.get('/api/fatture', { query: { elementoId: a._id } })
    ).json();
    expect(perElemento.items.map((i: { _id: string }) => i._id)).toEqual([e._id]);
  });

  it('an EU cliente with a VAT number is N3.2, with the law in the summary, and XXXXXXX', async () => {
    const d = await f.ddtPacco(f.clienti.de);
    const e = await emetti((await crea(td24(f.clienti.de, [d._id])))._id);
    expect(e).toMatchObject({ imponibile: 1530, imposta: 0, totale: 1530, bollo: null });
    const xml = await xmlOf(f.fatture, e._id);
    await expectValidXml(xml);
    expectSdiArithmetic(xml);
    expect(all(xml, 'Natura')).toEqual(['N3.2', 'N3.2']);
    expect(all(xml, 'RiferimentoNormativo')).toEqual(['Non imponibile art. 41 D.L. 331/1993']);
    expect(all(xml, 'CodiceDestinatario')).toEqual(['XXXXXXX']);
    expect(all(xml, 'CAP')).toContain('00000');
  });
});

describe('immediate invoices, VAT cases and notes of credit', () => {
  const riga = (extra: Record<string, unknown> = {}) => ({
    descrizione: 'Trasporto blocchi “franco cantiere” – € incluso',
    quantita: 2.5,
    unitaMisura: 'viaggi',
    prezzoUnitario: 333.33,
    ...extra,
  });

  it('an export outside the EU is N3.1; a discount is a ScontoMaggiorazione', async () => {
    const e = await emetti(
      (
        await crea({
          clienteId: f.clienti.us,
          tipoDocumento: 'TD01',
          data: today,
          righe: [riga({ scontoPercentuale: 12.5 })],
        })
      )._id,
    );
    // 2,5 × 333,33 = 833,325 less 12,5 % = 729,159375 → 729,16
    expect(e.righe[0]).toMatchObject({ prezzoTotale: 729.16, natura: 'N3.1', aliquotaIva: 0 });
    const xml = await xmlOf(f.fatture, e._id);
    await expectValidXml(xml);
    expectSdiArithmetic(xml);
    expect(all(xml, 'Percentuale')).toEqual(['12.50']);
    expect(all(xml, 'Descrizione')[0]).toBe('Trasporto blocchi "franco cantiere" - EUR incluso');
    expect(all(xml, 'RiferimentoNormativo')).toEqual([
      'Non imponibile art. 8 c.1 lett. a D.P.R. 633/1972',
    ]);
  });

  it("a dichiarazione d'intento is N3.5 with its protocol, the stamp duty and its charged line", async () => {
    const e = await emetti(
      (
        await crea({
          clienteId: f.clienti.intento,
          tipoDocumento: 'TD01',
          data: today,
          righe: [riga()],
          addebitaBollo: true,
        })
      )._id,
    );
    expect(e.bollo).toEqual({ importo: 2, addebitato: true });
    expect(e.righe.map((r: { natura: string }) => r.natura)).toEqual(['N3.5', 'N1']);
    // 2,5 × 333,33 = 833,325 → 833,33; + 2,00 of stamp duty
    expect(e.totale).toBe(835.33);
    const xml = await xmlOf(f.fatture, e._id);
    await expectValidXml(xml);
    expectSdiArithmetic(xml);
    expect(all(xml, 'ImportoBollo')).toEqual(['2.00']);
    expect(all(xml, 'TipoDato')).toEqual(['INTENTO']);
    expect(all(xml, 'RiferimentoTesto')).toEqual(['26012345678901234-000001']);
    expect(all(xml, 'CodiceDestinatario')).toEqual(['0000000']);
    expect(all(xml, 'PECDestinatario')).toEqual(['exportmarmi@pec.it']);
  });

  it('a rate of 0 without a nature is refused', async () => {
    const res = await f.fatture.post('/api/fatture', {
      clienteId: f.clienti.it,
      tipoDocumento: 'TD01',
      data: today,
      righe: [riga({ aliquotaIva: 0 })],
    });
    expect(res.statusCode).toBe(400);
  });

  it('a nota di credito names the invoice it corrects and is subtracted in the totals', async () => {
    const fattura = await emetti(
      (await crea({ clienteId: f.clienti.it, tipoDocumento: 'TD01', data: today, righe: [riga()] }))
        ._id,
    );
    const before = (
      await f.fatture.get('/api/fatture/summary', { query: { clienteId: f.clienti.it } })
    ).json();
    const nota = await emetti(
      (
        await crea({
          clienteId: f.clienti.it,
          tipoDocumento: 'TD04',
          data: today,
          fatturaCollegataId: fattura._id,
          righe: [
            { descrizione: 'Difetto occulto in segagione', quantita: 1, prezzoUnitario: 100 },
          ],
        })
      )._id,
    );
    expect(nota).toMatchObject({ imponibile: 100, imposta: 22, totale: 122, pagamento: null });
    const xml = await xmlOf(f.fatture, nota._id);
    await expectValidXml(xml);
    expectSdiArithmetic(xml);
    expect(all(xml, 'IdDocumento')).toEqual([fattura.numeroDocumento]);
    const after = (
      await f.fatture.get('/api/fatture/summary', { query: { clienteId: f.clienti.it } })
    ).json();
    expect(after.totale).toBeCloseTo(before.totale - 122, 2);
  });
});
