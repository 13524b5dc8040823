import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousClient, createUser, login, type TestClient } from './helpers.js';
import { bozza, ddtFixture, readPdf, readXlsx, year, type DdtFixture } from './ddt-helpers.js';

// the DDT and its packing list read back as the driver and the buyer get them; the list,
// its search and export; who may reach which DDT. Figures by hand as in ddt.test.ts: a block of
// 10,8 m³ at 29 268 kg (unweighed: gross m³ × 2,71, stimato), a bundle of 4 slabs 3000 × 1500 × 20 mm = 18 m² at 976 kg.

let f: DdtFixture;
let ddt: { _id: string; numero: number };
let blocco: { _id: string; codice: string };
let pacco: { paccoId: string; lastre: Array<{ codice: string }> };
let draftId: string;

beforeAll(async () => {
  f = await ddtFixture();
  blocco = await f.soldBlock(f.ids.clienteA);
  pacco = await f.soldBundle(f.ids.clienteA);
  const body = bozza(
    f.ids.clienteA,
    [
      { entityType: 'blocco', id: blocco._id },
      { entityType: 'pacco', id: pacco.paccoId },
    ],
    {
      trasportoACura: 'vettore',
      vettore: {
        ragioneSociale: 'Autotrasporti Apuani S.r.l.',
        partitaIva: '01234560454',
        targa: 'AB123CD',
      },
      destinazione: { indirizzo: 'Hafenstraße 12', cap: '20457', comune: 'Hamburg', nazione: 'DE' },
    },
  );
  const created = (await f.spedizioni.post('/api/ddt', body)).json();
  ddt = (await f.spedizioni.post(`/api/ddt/${created._id}/emetti`)).json();
  const other = await f.soldBlock(f.ids.clienteB);
  draftId = (
    await f.spedizioni.post(
      '/api/ddt',
      bozza(f.ids.clienteB, [{ entityType: 'blocco', id: other._id }]),
    )
  ).json()._id;
}, 120_000);
afterAll(() => f.ctx.close());

async function download(client: TestClient, url: string, query?: Record<string, string>) {
  const res = await client.get(url, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('DDT documents', () => {
  it('the DDT PDF names the number, the parties, the transport, every line, colli and kg; a draft says BOZZA', async () => {
    const res = await download(f.spedizioni, `/api/ddt/${ddt._id}/pdf`);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`ddt-${ddt.numero}-${year}.pdf`);
    const pdf = readPdf(res.rawPayload);
    const text = pdf.text;
    expect(pdf.title).toBe(`Documento di trasporto ${ddt.numero}/${year}`);
    expect(text).toContain(`N. ${ddt.numero}/${year}`);
    expect(text).toContain(f.org.company.name);
    expect(text).toContain('Stone Design GmbH');
    expect(text).toContain('Hafenstraße 12');
    expect(text).toContain('Autotrasporti Apuani S.r.l.');
    expect(text).toContain('AB123CD');
    expect(text).toContain('Franco');
    expect(text).toContain(blocco.codice);
    expect(text).toContain('10,800 m³');
    expect(text).toContain('29.268 stimato');
    expect(text).toContain('4 lastre, 18,00 m²');
    // 2 colli; 29 268 + 976 kg
    expect(text).toMatch(/Numero colli 2/);
    expect(text).toContain('Peso lordo 30.244 kg');
    expect(text).toContain('Firma del conducente');
    expect(text).toContain('Firma del destinatario');
    pdf.pages.forEach((p, n) => expect(p).toContain(`Pagina ${n + 1} di ${pdf.pages.length}`));
    expect(text).not.toContain('BOZZA');

    const draft = readPdf((await download(f.spedizioni, `/api/ddt/${draftId}/pdf`)).rawPayload);
    expect(draft.text).toContain('BOZZA');
    expect(draft.text).toContain('Edilmarmi S.p.A.');
  });

  it('the packing list lists the bundle slab by slab, in Italian or English, as PDF or typed XLSX', async () => {
    const it = readPdf(
      (
        await download(f.spedizioni, `/api/ddt/${ddt._id}/packing-list`, {
          formato: 'pdf',
          lingua: 'it',
        })
      ).rawPayload,
    ).text;
    expect(it).toContain('Packing list');
    expect(it).toContain('Pacco');
    for (const l of pacco.lastre) expect(it).toContain(l.codice);
    expect(it).toContain('3000 × 1500 × 20 mm');
    expect(it).toContain('Totale del carico');
    expect(it).toContain('30.244');

    const en = readPdf(
      (
        await download(f.spedizioni, `/api/ddt/${ddt._id}/packing-list`, {
          formato: 'pdf',
          lingua: 'en',
        })
      ).rawPayload,
    ).text;
    for (const word of [
      'Packing list',
      'Bundle',
      'Slab',
      'Block',
      'Net weight',
      'Total of the load',
      'Page 1 of',
    ])
      expect(en).toContain(word);
    expect(en).toContain('30,244');

    const res = await download(f.spedizioni, `/api/ddt/${ddt._id}/packing-list`, {
      formato: 'xlsx',
      lingua: 'en',
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { rows } = await readXlsx(res.rawPayload);
    expect(rows[0]).toContain('Net weight (kg)');
    const slab = rows.find((r) => r[1] === pacco.lastre[0]!.codice)!;
    // Slab, code, -, 3000, 1500, 20, grade, 1 piece, -, 4.5 m²: numbers as numbers
    expect(slab.slice(3, 6)).toEqual([3000, 1500, 20]);
    expect(slab[10]).toBe(4.5);
    const load = rows.at(-1)!;
    expect(load[1]).toBe('Total of the load');
    expect(load[13]).toBe(30244);
  });

  it('lists DDTs searched by number, party or item code and filtered by stato, and exports them', async () => {
    const byNumber = (
      await f.spedizioni.get('/api/ddt', { query: { q: `${ddt.numero}/${year}` } })
    ).json();
    expect(byNumber.items.map((d: { _id: string }) => d._id)).toEqual([ddt._id]);
    const byCode = (
      await f.spedizioni.get('/api/ddt', { query: { q: pacco.lastre[0]!.codice.slice(0, 12) } })
    ).json();
    expect(byCode.items.map((d: { _id: string }) => d._id)).toContain(ddt._id);
    const byParty = (await f.spedizioni.get('/api/ddt', { query: { q: 'edilmarmi' } })).json();
    expect(byParty.items.map((d: { _id: string }) => d._id)).toEqual([draftId]);
    const bozze = (
      await f.spedizioni.get('/api/ddt', { query: { stato: 'bozza', causale: 'vendita' } })
    ).json();
    expect(bozze.items).toHaveLength(1);
    expect(bozze.items[0]).toMatchObject({
      _id: draftId,
      numero: null,
      destinatario: 'Edilmarmi S.p.A.',
      righe: 1,
    });
    // each DDT's own lines: the block and the bundle
    expect(byNumber.items[0].righe).toBe(2);
    // the totals count the draft too, but only the emitted DDT's colli and kg: the draft has not left
    expect((await f.spedizioni.get('/api/ddt/summary')).json()).toEqual({
      count: 2,
      emessi: 1,
      colli: 2,
      pesoKg: 30244,
    });
    expect(
      (await f.spedizioni.get('/api/ddt/summary', { query: { stato: 'bozza' } })).json(),
    ).toEqual({ count: 1, emessi: 0, colli: 0, pesoKg: 0 });

    const xlsx = await download(f.spedizioni, '/api/ddt/export', {
      format: 'xlsx',
      stato: 'emesso',
    });
    const { rows } = await readXlsx(xlsx.rawPayload);
    expect(rows[0]).toContain('Peso lordo (kg)');
    expect(rows[1]!.slice(0, 2)).toEqual([ddt.numero, year]);
    expect(rows[1]![8]).toBe(30244);
    expect(rows[0]![6]).toBe('Righe');
    expect(rows[1]![6]).toBe(2);
    const csv = await download(f.spedizioni, '/api/ddt/export', { format: 'csv' });
    expect(csv.body).toContain('"Stone Design GmbH"');
  });
});

describe('DDT access', () => {
  it('403 without spedizioni (read-only cannot write), 404 to another company on every DDT route', async () => {
    const routes = (id: string): Array<[string, string, unknown?]> => [
      ['GET', `/api/ddt/${id}`],
      ['GET', `/api/ddt/${id}/history`],
      ['GET', `/api/ddt/${id}/pdf`],
      ['GET', `/api/ddt/${id}/packing-list`],
      ['PUT', `/api/ddt/${id}`, bozza(f.ids.clienteB, [{ entityType: 'blocco', id: blocco._id }])],
      ['DELETE', `/api/ddt/${id}`],
      ['POST', `/api/ddt/${id}/emetti`],
      ['POST', `/api/ddt/${id}/annulla`, { motivo: 'Prova' }],
    ];
    const none = (await f.org.userClient({ collaudi: true, 'magazzino-lastre': true })).client;
    for (const [method, url, body] of routes(draftId)) {
      expect(
        (await none.request(method as 'GET', url, { body })).statusCode,
        `${method} ${url}`,
      ).toBe(403);
    }
    expect((await none.get('/api/ddt')).statusCode).toBe(403);
    const readOnly = (await f.org.userClient({ spedizioni: { access: true, write: false } }))
      .client;
    expect((await readOnly.get(`/api/ddt/${draftId}`)).statusCode).toBe(200);
    expect((await readOnly.post(`/api/ddt/${draftId}/emetti`)).statusCode).toBe(403);

    const stranger = await createUser(f.ctx, {
      companyId: f.gruppo,
      permissions: { spedizioni: true },
    });
    const other = await login(f.ctx.app, stranger.email);
    for (const id of [draftId, ddt._id]) {
      for (const [method, url, body] of routes(id)) {
        expect(
          (await other.request(method as 'GET', url, { body })).statusCode,
          `${method} ${url}`,
        ).toBe(404);
      }
    }
    expect((await other.get('/api/ddt')).json().items).toEqual([]);
    expect(
      (await other.get('/api/ddt/da-spedire', { query: { clienteId: f.ids.clienteA } })).statusCode,
    ).toBe(400);
  });
});

describe('the new DDT pickers', () => {
  it('a user with spedizioni alone finds the clienti by name and the other group companies; without it 403', async () => {
    const clienti = (
      await f.spedizioni.get('/api/ddt/clienti-selezionabili', { query: { q: 'stone' } })
    ).json();
    expect(clienti.map((c: { ragioneSociale: string }) => c.ragioneSociale)).toContain(
      'Stone Design GmbH',
    );
    const ditte = (await f.spedizioni.get('/api/ddt/ditte-selezionabili')).json();
    expect(ditte.map((d: { _id: string }) => d._id)).toContain(f.gruppo);
    expect(ditte.map((d: { _id: string }) => d._id)).not.toContain(f.org.company.id);
    const none = (await f.org.userClient({ collaudi: true })).client;
    for (const url of ['/api/ddt/clienti-selezionabili', '/api/ddt/ditte-selezionabili'])
      expect((await none.get(url)).statusCode, url).toBe(403);
  });
});

describe('DDT signed links (the browser downloads without a bearer)', () => {
  const link = async (client: TestClient, id: string, query: Record<string, string> = {}) => {
    const res = await client.get(`/api/ddt/${id}/documento-link`, { query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().url as string;
  };

  it('the DDT and its packing list download through their signed links without a token; a tampered signature or another DDT under it is refused', async () => {
    const anon = await anonymousClient(f.ctx.app);
    const pdf = await anon.get(await link(f.spedizioni, ddt._id));
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`ddt-${ddt.numero}-${year}.pdf`);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(readPdf(pdf.rawPayload).text).toContain(`N. ${ddt.numero}/${year}`);

    const xlsxUrl = await link(f.spedizioni, ddt._id, {
      tipo: 'packing-list',
      formato: 'xlsx',
      lingua: 'en',
    });
    expect(new URL(xlsxUrl, 'http://x').pathname).toBe(`/api/ddt/${ddt._id}/packing-list`);
    const xlsx = await anon.get(xlsxUrl);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect((await readXlsx(xlsx.rawPayload)).rows[0]).toContain('Net weight (kg)');

    const url = await link(f.spedizioni, ddt._id);
    expect((await anon.get(url.replace(/sig=[^&]+/, 'sig=abc'))).statusCode).toBe(403);
    // the signature names this DDT: the draft's path under it is refused
    expect((await anon.get(url.replace(ddt._id, draftId))).json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Collegamento non valido',
    });
    // without a signature the bearer is needed, as before
    expect((await anon.get(`/api/ddt/${ddt._id}/pdf`)).statusCode).toBe(401);
    expect((await link(f.spedizioni, ddt._id, { tipo: 'packing-list' })).length).toBeGreaterThan(0);
    expect(
      (
        await f.spedizioni.get(`/api/ddt/${ddt._id}/documento-link`, { query: { tipo: 'fattura' } })
      ).json().message,
    ).toContain('Documento: ddt o packing-list');
  });

  it("another company's user gets no link (404), and its company's id in a link is refused; users without spedizioni get 403", async () => {
    const stranger = await createUser(f.ctx, {
      companyId: f.gruppo,
      permissions: { spedizioni: true },
    });
    const other = await login(f.ctx.app, stranger.email);
    expect((await other.get(`/api/ddt/${ddt._id}/documento-link`)).statusCode).toBe(404);
    // a link of the stranger's own session cannot be made for our DDT: swapping the company in ours breaks the signature
    const forged = new URL(await link(f.spedizioni, ddt._id), 'http://x');
    forged.searchParams.set('companyId', f.gruppo);
    expect(
      (await (await anonymousClient(f.ctx.app)).get(`${forged.pathname}${forged.search}`))
        .statusCode,
    ).toBe(403);
    const none = (await f.org.userClient({ collaudi: true })).client;
    expect((await none.get(`/api/ddt/${ddt._id}/documento-link`)).statusCode).toBe(403);
  });

  it('the link dies with the session that asked for it: logout, and a user losing spedizioni', async () => {
    const anon = await anonymousClient(f.ctx.app);
    const { client: leaving } = await f.org.userClient({ spedizioni: true });
    const url = await link(leaving, ddt._id);
    expect((await anon.get(url)).statusCode).toBe(200);
    expect((await leaving.post('/user/logout')).statusCode).toBe(200);
    const ended = await anon.get(url);
    expect(ended.statusCode).toBe(403);
    expect(ended.json().message).toBe(
      'Collegamento non più valido: la sessione che lo ha creato è terminata. Accedi e riapri il documento',
    );

    const { client: reader, user } = await f.org.userClient({ spedizioni: true });
    const readerUrl = await link(reader, ddt._id);
    expect((await anon.get(readerUrl)).statusCode).toBe(200);
    expect(
      (await f.admin.put(`/user/update/${user.id}`, { permissions: { collaudi: true } }))
        .statusCode,
    ).toBe(200);
    expect((await anon.get(readerUrl)).statusCode).toBe(403);
  });

  it('bogus signatures from an address never lock out a valid link: the signature is checked first, the limit counts bogus links by address and valid ones by their user', async () => {
    const anon = await anonymousClient(f.ctx.app);
    const url = await link(f.spedizioni, ddt._id);
    const bogus = url.replace(/sig=[^&]+/, 'sig=abc');
    // earlier tests of this file spent some of the address's budget (ten a minute)
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await anon.get(bogus)).statusCode);
    expect(answers.at(-1)).toBe(429);
    expect(answers.slice(0, answers.indexOf(429)).every((code) => code === 403)).toBe(true);
    const limited = await anon.get(bogus);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // a colleague on the same address opens the valid link, and the DDT's packing list
    expect((await anon.get(url)).statusCode).toBe(200);
    const packing = await link(f.spedizioni, ddt._id, { tipo: 'packing-list', formato: 'xlsx' });
    expect((await anon.get(packing)).statusCode).toBe(200);
  });

  it('a user who must still replace a temporary password downloads nothing, with the bearer as with a link', async () => {
    const email = `temporanea-${Math.random()}@prova.example`;
    expect(
      (
        await f.admin.post('/user/register', {
          name: 'Nuovo Magazziniere',
          email,
          password: 'Scelta-Admin-2026',
          permissions: { spedizioni: true },
        })
      ).statusCode,
    ).toBe(201);
    const first = await login(f.ctx.app, email, 'Scelta-Admin-2026');
    for (const path of [`/api/ddt/${ddt._id}/pdf`, `/api/ddt/${ddt._id}/packing-list`]) {
      const res = await first.get(path);
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toMatchObject({ passwordChangeRequired: true });
    }
  });
});
