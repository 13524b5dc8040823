import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fattureContatori, fattureDdtRighe } from '../src/db/schema/fatture.js';
import { addDays, todayInRome } from '../src/lib/dates.js';
import { createFattureService } from '../src/modules/fatture/fatture.service.js';
import { readPdf } from './ddt-helpers.js';
import { onPostgres } from './database.js';
import {
  all,
  blocks,
  expectSdiArithmetic,
  expectValidXml,
  fattureFixture,
  xmlOf,
  type FattureFixture,
} from './fatture-helpers.js';
import { createCompany } from './helpers.js';
import { multipart } from './security-helpers.js';

// The electronic invoice (docs/fatture.md): every XML validated against the official schema and
// checked by the SDI's arithmetic. Figures by hand: a bundle of 4 slabs of 4,5 m² sold at 85 €/m² =
// 18 m² × 85 = 1 530,00; at 22 % the tax is 336,60.

let f: FattureFixture;
beforeAll(async () => {
  f = await fattureFixture();
}, 180_000);
afterAll(() => f.ctx.close());

const today = todayInRome();
const td24 = (clienteId: string, ddtIds: string[], extra: Record<string, unknown> = {}) => ({
  clienteId,
  tipoDocumento: 'TD24',
  data: today,
  ddtIds,
  ...extra,
});
async function crea(body: Record<string, unknown>) {
  const res = await f.fatture.post('/api/fatture', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function emetti(id: string) {
  const res = await f.fatture.post(`/api/fatture/${id}/emetti`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

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

describe('numbering, outcomes and corrections', () => {
  it('a date before the last emitted invoice is 409 naming it', async () => {
    const yesterday = addDays(today, -1);
    if (yesterday.slice(0, 4) !== today.slice(0, 4)) return;
    const last = await emetti(
      (
        await crea({
          clienteId: f.clienti.it,
          tipoDocumento: 'TD01',
          data: today,
          righe: [{ descrizione: 'Servizio', prezzoUnitario: 10 }],
        })
      )._id,
    );
    const draft = await crea({
      clienteId: f.clienti.it,
      tipoDocumento: 'TD01',
      data: yesterday,
      righe: [{ descrizione: 'Servizio', prezzoUnitario: 10 }],
    });
    const res = await f.fatture.post(`/api/fatture/${draft._id}/emetti`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`${last.numero}/${last.anno}`);
    expect((await f.fatture.delete(`/api/fatture/${draft._id}`)).statusCode).toBe(204);
  });

  it('a scartata invoice is corrected with its number and date and a new file name', async () => {
    const e = await emetti(
      (
        await crea({
          clienteId: f.clienti.it,
          tipoDocumento: 'TD01',
          data: today,
          righe: [{ descrizione: 'Servizio', prezzoUnitario: 10 }],
        })
      )._id,
    );
    const wrong = await multipart([
      {
        name: 'file',
        filename: 'scarto.xml',
        type: 'application/xml',
        data: Buffer.from(
          `<?xml version="1.0" encoding="UTF-8"?><ns3:NotificaScarto xmlns:ns3="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.0"><IdentificativoSdI>1</IdentificativoSdI><NomeFile>IT00000000000_ZZZZZ.xml</NomeFile><DataOraRicezione>${today}T10:00:00</DataOraRicezione></ns3:NotificaScarto>`,
        ),
      },
    ]);
    const refused = await f.fatture.post(`/api/fatture/${e._id}/notifica`, wrong.payload, {
      headers: wrong.headers,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(e.nomeFile);
    const form = await multipart([
      {
        name: 'file',
        filename: 'scarto.xml',
        type: 'application/xml',
        data: Buffer.from(
          `<?xml version="1.0" encoding="UTF-8"?><ns3:NotificaScarto xmlns:ns3="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.0"><IdentificativoSdI>1</IdentificativoSdI><NomeFile>${e.nomeFile}</NomeFile><DataOraRicezione>${today}T10:00:00</DataOraRicezione><ListaErrori><Errore><Codice>00404</Codice><Descrizione>Fattura duplicata</Descrizione></Errore></ListaErrori></ns3:NotificaScarto>`,
        ),
      },
    ]);
    const scartata = await f.fatture.post(`/api/fatture/${e._id}/notifica`, form.payload, {
      headers: form.headers,
    });
    expect(scartata.statusCode, scartata.body).toBe(200);
    expect(scartata.json()).toMatchObject({
      esito: 'scartata',
      esiti: [
        {
          esito: 'scartata',
          nomeFile: e.nomeFile,
          notifica: 'scarto.xml',
          note: '00404: Fattura duplicata',
        },
      ],
    });
    const corretta = await f.fatture.post(`/api/fatture/${e._id}/correggi`);
    expect(corretta.statusCode, corretta.body).toBe(200);
    expect(corretta.json()).toMatchObject({ stato: 'bozza', numero: e.numero, data: e.data });
    const again = await emetti(e._id);
    expect(again).toMatchObject({ numero: e.numero, anno: e.anno, data: e.data });
    expect(again.nomeFile).not.toBe(e.nomeFile);
    const consegnata = await f.fatture.post(`/api/fatture/${e._id}/esito`, {
      esito: 'consegnata',
      data: today,
    });
    expect(consegnata.json().esito).toBe('consegnata');
  });

  it('a fault between the number and the marking of the lines leaves neither', async () => {
    const d = await f.ddtPacco(f.clienti.it);
    const draft = await crea(td24(f.clienti.it, [d._id]));
    const anno = Number(today.slice(0, 4));
    const counter = async () =>
      (
        await f.ctx.database.db
          .select()
          .from(fattureContatori)
          .where(
            and(eq(fattureContatori.companyId, f.org.company.id), eq(fattureContatori.anno, anno)),
          )
      )[0]?.ultimo;
    const before = await counter();
    const faulty = createFattureService({
      db: f.ctx.database.db,
      entities: f.ctx.app.services.entities,
      faults: {
        afterNumero: async () => {
          throw new Error('guasto simulato');
        },
      },
    });
    const actor = { userId: f.fatture.user!._id, companyId: f.org.company.id, isAdmin: false };
    await expect(faulty.emetti(actor, draft._id)).rejects.toThrow('guasto simulato');
    expect(await counter()).toBe(before);
    expect(
      await f.ctx.database.db
        .select()
        .from(fattureDdtRighe)
        .where(eq(fattureDdtRighe.fatturaId, draft._id)),
    ).toEqual([]);
    expect((await emetti(draft._id)).numero).toBe((before ?? 0) + 1);
  });

  it('the list finds by number and cliente, exports, and zips the period', async () => {
    const found = await f.fatture.get('/api/fatture', { query: { q: 'Naturstein' } });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().items.length).toBe(1);
    const csv = await f.fatture.get('/api/fatture/export', { query: { format: 'csv' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Naturstein GmbH');
    const zip = await f.fatture.get('/api/fatture/xml', { query: { dal: today, al: today } });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('copia di cortesia', () => {
  it('prints the parties, lines, VAT, payment and the notice; BOZZA across a draft', async () => {
    const d = await crea({
      clienteId: f.clienti.it,
      tipoDocumento: 'TD01',
      data: today,
      righe: [
        { descrizione: 'Lucidatura lastre', quantita: 12, unitaMisura: 'm2', prezzoUnitario: 18 },
      ],
    });
    const draft = await f.fatture.get(`/api/fatture/${d._id}/pdf`);
    expect(draft.statusCode).toBe(200);
    expect(draft.headers['content-type']).toBe('application/pdf');
    expect(readPdf(draft.rawPayload).text).toContain('BOZZA');
    const e = await emetti(d._id);
    const pdf = readPdf((await f.fatture.get(`/api/fatture/${d._id}/pdf`)).rawPayload).text;
    expect(pdf).toContain(`N. ${e.numeroDocumento}`);
    expect(pdf).toContain('Marmi Prova S.r.l.');
    expect(pdf).toContain('Lucidatura lastre');
    // 12 × 18 = 216,00 + 22 % = 47,52 → 263,52
    expect(pdf).toContain('263,52 €');
    expect(pdf).toContain('IT60X0542811101000000123456');
    expect(pdf).toContain('Documento privo di valenza fiscale');
    expect(pdf).not.toContain('BOZZA');
  });
});

describe('access', () => {
  it('403 without the page, 404 for another company', async () => {
    const d = await crea({
      clienteId: f.clienti.it,
      tipoDocumento: 'TD01',
      data: today,
      righe: [{ descrizione: 'Servizio', prezzoUnitario: 10 }],
    });
    const nobody = (await f.org.userClient({ spedizioni: true })).client;
    const reader = (await f.org.userClient({ fatture: { access: true, write: false } })).client;
    expect((await nobody.get('/api/fatture')).statusCode).toBe(403);
    expect((await nobody.get(`/api/fatture/${d._id}`)).statusCode).toBe(403);
    expect((await reader.get(`/api/fatture/${d._id}`)).statusCode).toBe(200);
    expect((await reader.post(`/api/fatture/${d._id}/emetti`)).statusCode).toBe(403);
    const altra = await createCompany(f.ctx);
    const other = (await f.org.userClient({ fatture: true }, { companyId: altra.id })).client;
    for (const res of [
      await other.get(`/api/fatture/${d._id}`),
      await other.get(`/api/fatture/${d._id}/xml`),
      await other.put(`/api/fatture/${d._id}`, {
        clienteId: f.clienti.it,
        tipoDocumento: 'TD01',
        data: today,
        righe: [{ descrizione: 'x', prezzoUnitario: 1 }],
      }),
      await other.post(`/api/fatture/${d._id}/emetti`),
      await other.post(`/api/fatture/${d._id}/correggi`),
      await other.post(`/api/fatture/${d._id}/esito`, { esito: 'consegnata', data: today }),
      await other.delete(`/api/fatture/${d._id}`),
    ])
      expect(res.statusCode, res.body).toBe(404);
    expect((await f.fatture.get(`/api/fatture/${d._id}`)).json().stato).toBe('bozza');
  });
});

describe.runIf(onPostgres())('concurrency (PostgreSQL)', () => {
  it('20 drafts emitted at once get 20 distinct numbers with no gap', async () => {
    const drafts = await Promise.all(
      Array.from({ length: 20 }, () =>
        crea({
          clienteId: f.clienti.it,
          tipoDocumento: 'TD01',
          data: today,
          righe: [{ descrizione: 'Servizio', prezzoUnitario: 10 }],
        }),
      ),
    );
    const res = await Promise.all(
      drafts.map((d) => f.fatture.post(`/api/fatture/${d._id}/emetti`)),
    );
    expect(res.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const numeri = res.map((r) => r.json().numero as number).sort((a, b) => a - b);
    expect(numeri).toEqual(Array.from({ length: 20 }, (_, i) => numeri[0]! + i));
  });

  it('two drafts invoicing one DDT emitted at once: one 200, one 409', async () => {
    const d = await f.ddtPacco(f.clienti.de);
    const a = await crea(td24(f.clienti.de, [d._id]));
    const b = await crea(td24(f.clienti.de, [d._id]));
    const res = await Promise.all(
      [a, b].map((x) => f.fatture.post(`/api/fatture/${x._id}/emetti`)),
    );
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(res.find((r) => r.statusCode === 409)!.json().message).toBe(
      `Il DDT ${d.numero}/${d.anno} è già fatturato`,
    );
  });
});
