import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DEMO,
  expectNoSeriousA11yViolations,
  login,
  PASSWORD,
  screenshot,
  watchConsole,
} from './helpers';

/**
 * Fatture in the browser, on a phone: the vendite user invoices a month's DDTs of one cliente with a
 * fattura differita — Nuova fattura, the cliente, the month's DDTs ticked (the totals follow), the
 * preview with the VAT the server computed, Emetti — and downloads the XML for the SDI and the PDF.
 * The cliente, its sold blocks and its two emitted DDTs are made here through the API, so the specs
 * running beside this one do not touch them.
 */

async function adminHeaders(request: APIRequestContext) {
  const anon = ((await (await request.get('/api/token')).json()) as { csrfToken: string })
    .csrfToken;
  const res = await request.post('/user/login', {
    headers: { 'X-CSRF-Token': anon },
    data: { email: DEMO.admin.email, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  const auth = {
    Authorization: `Bearer ${((await res.json()) as { user: { accessToken: string } }).user.accessToken}`,
  };
  const csrf = (
    (await (await request.get('/api/token', { headers: auth })).json()) as { csrfToken: string }
  ).csrfToken;
  return { ...auth, 'X-CSRF-Token': csrf };
}

type Json = Record<string, unknown> & { _id: string };

/** An Italian partita IVA with its check digit, new for each run (the clienti's are unique). */
function partitaIva(): string {
  const digits = Array.from({ length: 10 }, (_, i) =>
    i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
  );
  const sum = digits.reduce((s, d, i) => {
    if (i % 2 === 0) return s + d;
    const x = d * 2;
    return s + (x > 9 ? x - 9 : x);
  }, 0);
  return [...digits, (10 - (sum % 10)) % 10].join('');
}

/** An Italian cliente with two blocks sold through a collaudo (10,8 and 4,5 m³ at € 1.000/m³), each shipped with its own DDT today. */
async function ddtEmessi(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const send = async (method: 'get' | 'post' | 'put', url: string, data?: unknown) => {
    const res = await request[method](url, { headers, data });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as Json;
  };
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const today = new Date().toISOString().slice(0, 10);
  const materiale = ((await send('get', '/api/materiali')) as unknown as Json[])[0]!;
  const ubicazione = ((await send('get', '/api/ubicazioni')) as unknown as Json[])[0]!;
  const fornitore = await send('post', '/api/fornitori', {
    ragioneSociale: `Cave Apuane ${stamp} S.r.l.`,
    nazione: 'IT',
    partitaIva: partitaIva(),
    indirizzo: 'Via del Marmo 1',
    cap: '54033',
    comune: 'Carrara',
    provincia: 'MS',
  });
  const cliente = await send('post', '/api/clienti', {
    ragioneSociale: `Edilmarmi ${stamp} S.r.l.`,
    nazione: 'IT',
    partitaIva: partitaIva(),
    indirizzo: 'Via Roma 12',
    cap: '20121',
    comune: 'Milano',
    provincia: 'MI',
    codiceSdi: 'ABC1234',
  });
  const blocchi: Json[] = [];
  for (const [lunghezza, altezza, profondita] of [
    [300, 200, 180],
    [250, 150, 120],
  ])
    blocchi.push(
      await send('post', '/api/blocchi-esterni', {
        fornitoreId: fornitore._id,
        dataAcquisto: today,
        prezzoAcquisto: 800,
        unitaPrezzoAcquisto: 'm3',
        materialeId: materiale._id,
        ubicazioneId: ubicazione._id,
        lunghezza,
        altezza,
        profondita,
      }),
    );
  let collaudo = await send('post', '/api/collaudi', { data: today, clienteId: cliente._id });
  for (const b of blocchi)
    collaudo = await send('post', `/api/collaudi/${collaudo._id}/righe`, { bloccoId: b._id });
  await send('post', `/api/collaudi/${collaudo._id}/stato`, { stato: 'in_corso' });
  for (const r of collaudo.righe as Json[])
    await send('put', `/api/collaudi/${collaudo._id}/righe/${r._id}`, {
      esito: 'accettato',
      prezzo: 1000,
      unitaPrezzo: 'm3',
    });
  await send('post', `/api/collaudi/${collaudo._id}/stato`, { stato: 'eseguito' });
  await send('post', `/api/collaudi/${collaudo._id}/stato`, { stato: 'confermato' });
  const ddt: Json[] = [];
  for (const b of blocchi) {
    const bozza = await send('post', '/api/ddt', {
      causale: 'vendita',
      clienteId: cliente._id,
      destinazione: { indirizzo: 'Via Roma 12', cap: '20121', comune: 'Milano', provincia: 'MI' },
      trasportoACura: 'mittente',
      porto: 'franco',
      inizioTrasporto: new Date().toISOString(),
      righe: [{ entityType: 'blocco', id: b._id }],
    });
    ddt.push(await send('post', `/api/ddt/${bozza._id}/emetti`));
  }
  return { cliente, blocchi, ddt };
}

/** A header action: a button on a desktop, an entry of the «Azioni» menu on a phone. */
async function headerAction(page: Page, name: string) {
  await page.getByTestId('header-actions').click();
  await page.getByRole('menuitem', { name }).click();
}

test.use({ viewport: { width: 390, height: 844 } });

test.describe('Fatture: a month’s DDTs invoiced', () => {
  test('vendite at 390 px invoices a cliente’s DDTs of the month, emits, downloads the XML and the PDF', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const console = watchConsole(page);
    const { cliente, ddt } = await ddtEmessi(request);
    const nome = cliente.ragioneSociale as string;
    const numeri = ddt.map((d) => `${d.numero as number}/${d.anno as number}`);

    await login(page, DEMO.vendite);
    await page.goto('/app/pages/fatture');
    await expect(page.getByTestId('page-title')).toHaveText('Fatture');
    await page.getByTestId('fattura-new').click();
    await expect(page.getByTestId('page-title')).toHaveText('Nuova fattura');

    // the cliente, by name: its month's DDTs are offered, none ticked yet
    await page.locator('#fattura-cliente').fill(nome.slice(0, 18));
    await page.getByRole('option', { name: new RegExp(nome) }).click();
    for (const n of numeri)
      await expect(page.locator(`[data-testid="fattura-ddt"][data-numero="${n}"]`)).toHaveAttribute(
        'data-checked',
        'false',
      );
    const totali = page.getByTestId('fattura-totali-scelti');
    await expect(totali).toContainText('0 DDT · 0 righe · imponibile 0,00 €');
    // one ticked, then the whole month: 10,8 m³ and then 4,5 m³ more at € 1.000
    await page.locator(`[data-testid="fattura-ddt"][data-numero="${numeri[0]}"] label`).click();
    await expect(totali).toContainText('1 DDT · 1 riga · imponibile 10.800,00 €');
    await page.getByTestId('fattura-ddt-tutti').click();
    await expect(totali).toContainText('2 DDT · 2 righe · imponibile 15.300,00 €');
    await screenshot(page, 'nuova-fattura-390');

    // the preview: the server's lines, 22 % VAT and the total; then Emetti
    await page.getByTestId('fattura-anteprima').click();
    const preview = page.getByTestId('fattura-preview');
    await expect(preview).toContainText(nome);
    await expect(page.getByTestId('fattura-totali')).toContainText(
      'Imponibile 15.300,00 €IVA 3.366,00 €Totale 18.666,00 €',
    );
    await expect(page.getByTestId('fattura-preview-righe')).toContainText('BL-');
    await expectNoSeriousA11yViolations(page, testInfo, 'nuova-fattura');
    await screenshot(page, 'fattura-anteprima-390');
    await page.getByTestId('fattura-emetti').click();

    // the invoice's page: its number of the year, emitted, read-only
    await expect(page).toHaveURL(/\/app\/pages\/fatture\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('fattura-stato')).toHaveText('Emessa');
    const numero = (await page.getByTestId('fattura-numero').textContent()) ?? '';
    expect(numero).toMatch(/^\d+\/\d{4}$/);
    await expect(page.getByTestId('page-title')).toHaveText(`Fattura ${numero}`);
    await expect(page.getByTestId('fattura-readonly')).toContainText(
      'si corregge con una nota di credito',
    );
    await expect(page.getByTestId('fattura-ddt-links')).toContainText(numeri[0]!);
    await screenshot(page, 'fattura-emessa-390');

    // the XML for the SDI: named IT<partita IVA>_<5 characters>.xml, the FatturaPA root
    const xmlDownload = page.waitForEvent('download');
    await headerAction(page, 'Scarica XML');
    const xml = await xmlDownload;
    expect(xml.suggestedFilename()).toMatch(/^IT\d{11}_[0-9A-Za-z]{5}\.xml$/);
    await expect(page.getByTestId('fattura-nome-file')).toHaveText(xml.suggestedFilename());
    const text = fs.readFileSync(await xml.path(), 'utf8');
    expect(text).toMatch(/^(<\?xml[^>]*\?>\s*)?<(\w+:)?FatturaElettronica versione="FPR12"/);
    expect(text).toContain('<TipoDocumento>TD24</TipoDocumento>');
    expect(text).toContain('<ImportoTotaleDocumento>18666.00</ImportoTotaleDocumento>');

    // the copia di cortesia
    const pdfDownload = page.waitForEvent('download');
    await headerAction(page, 'Scarica PDF');
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe(`fattura-${numero.replace('/', '-')}.pdf`);
    expect(
      fs
        .readFileSync(await pdf.path())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');

    // the list finds it by number, with its totals; the DDT shows its invoice
    await page.goto(`/app/pages/fatture?q=${encodeURIComponent(numero)}`);
    await expect(page.getByText(`Fattura ${numero}`)).toBeVisible();
    await screenshot(page, 'fatture-list-390');
    await page.goto(`/app/pages/spedizioni/${ddt[0]!._id}`);
    await expect(page.getByTestId('fatture-refs')).toContainText(numero);
    expect(console.errors).toEqual([]);
  });
});
