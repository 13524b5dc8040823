import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  DEMO,
  expectNoSeriousA11yViolations,
  signIn,
  PASSWORD,
  screenshot,
  watchConsole,
} from './helpers';

/**
 * The DDT in the browser, on a phone: the vendite user ships a confirmed collaudo's sold blocks with a
 * DDT — Crea DDT on the collaudo, the transport by a vettore, the preview, Emetti — downloads the PDF,
 * and the blocks are then shipped. The collaudo, its cliente and its blocks are made here through the
 * API, so the specs running beside this one do not touch them.
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

/** A confirmed collaudo of two bought blocks (10,8 and 4,5 m³) sold to a new cliente. */
async function collaudoConfermato(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const send = async (
    method: 'get' | 'post' | 'put',
    url: string,
    data?: unknown,
  ): Promise<Json> => {
    const res = await request[method](url, { headers, data });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as Json;
  };
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const today = new Date().toISOString().slice(0, 10);
  const materiale = ((await send('get', '/api/materiali')) as unknown as Json[])[0]!;
  const ubicazione = ((await send('get', '/api/ubicazioni')) as unknown as Json[])[0]!;
  const fornitore = await send('post', '/api/fornitori', {
    ragioneSociale: `Steinbruch ${stamp} GmbH`,
    nazione: 'DE',
    indirizzo: 'Steinweg 1',
    comune: 'Köln',
  });
  const cliente = await send('post', '/api/clienti', {
    ragioneSociale: `Hanse Marmor ${stamp} GmbH`,
    nazione: 'DE',
    indirizzo: 'Hafenstraße 12',
    cap: '20457',
    comune: 'Hamburg',
  });
  const blocchi: Json[] = [];
  for (const [lunghezza, altezza, profondita] of [
    [300, 200, 180],
    [250, 150, 120],
  ]) {
    blocchi.push(
      await send('post', '/api/blocchi-esterni', {
        fornitoreId: fornitore._id,
        dataAcquisto: today,
        prezzoAcquisto: 1500,
        unitaPrezzoAcquisto: 'm3',
        materialeId: materiale._id,
        ubicazioneId: ubicazione._id,
        lunghezza,
        altezza,
        profondita,
      }),
    );
  }
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
  collaudo = await send('post', `/api/collaudi/${collaudo._id}/stato`, { stato: 'confermato' });
  const bloccoDetail = async (id: string) =>
    (await send('get', `/api/blocchi-esterni/${id}`)) as Json & {
      stato: string;
      ddt: Array<{ numero: number; anno: number; stato: string }>;
    };
  return { collaudo, cliente, blocchi, bloccoDetail };
}

test.use({ viewport: { width: 390, height: 844 } });

test.describe('Spedizioni: the DDT of a collaudo', () => {
  test('vendite at 390 px creates the DDT from a confirmed collaudo, emits it, downloads the PDF; the blocks are shipped', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const console = watchConsole(page);
    const { collaudo, cliente, blocchi, bloccoDetail } = await collaudoConfermato(request);
    const codici = blocchi.map((b) => b.codice as string);
    expect((await bloccoDetail(blocchi[0]!._id)).stato).toBe('venduto');

    await signIn(page, DEMO.vendite, `/app/pages/collaudi/${collaudo._id}`);
    await page.getByTestId('collaudo-crea-ddt').click();
    await expect(page).toHaveURL(
      new RegExp(`/app/pages/spedizioni/nuovo\\?clienteId=${cliente._id}&blocchi=`),
    );
    await expect(page.getByTestId('page-title')).toHaveText('Nuovo DDT');

    // the party is chosen and both blocks ticked: 2 colli, 10,8 + 4,5 m³
    await expect(page.locator('#ddt-cliente')).toHaveValue(cliente.ragioneSociale as string);
    for (const c of codici)
      await expect(page.locator(`[data-testid="ddt-tick"][data-codice="${c}"]`)).toHaveAttribute(
        'data-checked',
        'true',
      );
    await expect(page.getByTestId('ddt-totali-scelti')).toContainText(
      '2 elementi: 2 colli · 15,300 m³',
    );
    // one unticked and ticked again: the totals follow
    await page.locator(`[data-testid="ddt-tick"][data-codice="${codici[1]}"] label`).click();
    await expect(page.getByTestId('ddt-totali-scelti')).toContainText(
      '1 elemento: 1 collo · 10,800 m³',
    );
    await page.locator(`[data-testid="ddt-tick"][data-codice="${codici[1]}"] label`).click();
    await expect(page.getByTestId('ddt-totali-scelti')).toContainText('2 colli · 15,300 m³');
    // the destination is the cliente's address
    await expect(page.getByTestId('ddt-indirizzo')).toHaveValue('Hafenstraße 12');
    await screenshot(page, 'nuovo-ddt-390');

    // by a vettore: its name and targa are required
    await page.getByTestId('ddt-trasportoACura').getByText('Vettore').click();
    await page.getByTestId('ddt-anteprima').click();
    await expect(page.getByTestId('ddt-targa-error')).toHaveText(
      'Indica la targa del mezzo del vettore',
    );
    await page.getByTestId('ddt-vettoreRagioneSociale').fill('Autotrasporti Apuani S.r.l.');
    await page.getByTestId('ddt-targa').fill('AB123CD');
    await page.getByTestId('ddt-aspetto').fill('Blocchi sciolti');
    await page.getByTestId('ddt-anteprima').click();
    const preview = page.getByTestId('ddt-preview');
    await expect(preview).toContainText('Autotrasporti Apuani S.r.l. · targa AB 123 CD');
    await expect(preview).toContainText('Hafenstraße 12, 20457 Hamburg, DE');
    for (const c of codici) await expect(page.getByTestId('ddt-preview-righe')).toContainText(c);
    await expectNoSeriousA11yViolations(page, testInfo, 'nuovo-ddt');

    // Emetti: the number, the PDF downloaded, the DDT's page
    const download = page.waitForEvent('download');
    await page.getByTestId('ddt-emetti').click();
    const file = await download;
    const name = file.suggestedFilename();
    expect(name).toMatch(/^ddt-\d+-\d{4}\.pdf$/);
    expect(
      fs
        .readFileSync(await file.path())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    await expect(page).toHaveURL(/\/app\/pages\/spedizioni\/[0-9a-f-]{36}$/);
    const numero = name.replace(/^ddt-(\d+)-(\d{4})\.pdf$/, '$1/$2');
    await expect(page.getByTestId('ddt-numero')).toHaveText(numero);
    await expect(page.getByTestId('page-title')).toHaveText(`DDT ${numero}`);
    await expect(page.getByTestId('ddt-stato')).toHaveText('Emesso');
    await expect(page.getByTestId('ddt-righe')).toContainText(codici[0]!);
    await screenshot(page, 'ddt-emesso-390');

    // the blocks left with it; the collaudo has nothing more to ship
    for (const b of blocchi) {
      // shipped, and the block's page has the DDT to name (its DdtRefs; a vendite user does not open bought blocks)
      const detail = await bloccoDetail(b._id);
      expect(detail.stato).toBe('spedito');
      expect(detail.ddt.map((d) => `${d.numero}/${d.anno} ${d.stato}`)).toEqual([
        `${numero} emesso`,
      ]);
    }
    await page.goto(`/app/pages/collaudi/${collaudo._id}`);
    await expect(page.getByTestId('page-title')).toHaveText(
      `Collaudo ${collaudo.codice as string}`,
    );
    await expect(page.getByTestId('collaudo-crea-ddt')).toHaveCount(0);
    expect(console.errors).toEqual([]);
  });
});
