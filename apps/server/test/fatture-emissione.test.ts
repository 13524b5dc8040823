import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fattureContatori, fattureDdtRighe } from '../src/db/schema/fatture.js';
import { addDays, todayInRome } from '../src/lib/dates.js';
import { createFattureService } from '../src/modules/fatture/fatture.service.js';
import { readPdf } from './ddt-helpers.js';
import { onPostgres } from './database.js';
import { fattureApi, fattureFixture, type FattureFixture } from './fatture-helpers.js';
import { createCompany } from './helpers.js';
import { multipart } from './security-helpers.js';

// Emission, the SDI's outcomes, the courtesy PDF, access and concurrency of the electronic invoice
// (docs/fatture.md "Numerazione" and "Esiti dello SDI").

let f: FattureFixture;
beforeAll(async () => {
  f = await fattureFixture();
}, 180_000);
afterAll(() => f.ctx.close());

const today = todayInRome();
const { td24, crea, emetti } = fattureApi(() => f);

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
    await emetti(
      (
        await crea({
          clienteId: f.clienti.de,
          tipoDocumento: 'TD01',
          data: today,
          righe: [{ descrizione: 'Campionatura', prezzoUnitario: 40 }],
        })
      )._id,
    );
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

describe('an invoiced DDT', () => {
  it('is not cancelled: 409 naming the invoice, the DDT stays emitted', async () => {
    const d = await f.ddtPacco(f.clienti.it);
    const e = await emetti((await crea(td24(f.clienti.it, [d._id])))._id);
    const res = await f.spedizioni.post(`/api/ddt/${d._id}/annulla`, { motivo: 'Prova' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Il DDT è fatturato con la fattura ${e.numero}/${e.anno}: non si annulla (una fattura emessa si corregge con una nota di credito)`,
    );
    expect((await f.spedizioni.get(`/api/ddt/${d._id}`)).json().stato).toBe('emesso');
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
    // the clienti to invoice are chosen under Fatture alone, without the DDT's page
    const picker = await reader.get('/api/fatture/clienti-selezionabili');
    expect(picker.statusCode).toBe(200);
    expect(picker.json().map((c: { _id: string }) => c._id)).toContain(f.clienti.it);
    expect((await nobody.get('/api/fatture/clienti-selezionabili')).statusCode).toBe(403);
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
