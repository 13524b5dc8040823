import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  closeToasts,
  DEMO,
  expectNoSeriousA11yViolations,
  signIn,
  screenshot,
  watchConsole,
} from './helpers';

/** Opens a PrimeReact dropdown by its input id and picks an option. */
async function choose(page: Page, inputId: string, option: string | RegExp) {
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option }).first().click();
  await expect(page.locator('.p-dropdown-panel')).toHaveCount(0);
}

async function fillBlocco(page: Page, dims: [string, string, string], net?: string) {
  const dialog = page.getByTestId('blocco-form-dialog');
  await expect(dialog).toBeVisible();
  await page.locator('#blocco-lunghezza').fill(dims[0]);
  await page.locator('#blocco-altezza').fill(dims[1]);
  await page.locator('#blocco-profondita').fill(dims[2]);
  if (net) await page.locator('#blocco-lunghezzaNetta').fill(net);
  await choose(page, 'blocco-ubicazioneId', /Piazzale cava/);
  return dialog;
}

const text = (l: Locator) => l.innerText();

test.describe('production: bancate and blocchi', () => {
  test('produzione records a bancata, squares it into two blocchi, moves, declassifies, filters and exports', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const console = watchConsole(page);
    // --- a new bancata, with its volume computed as the measures are typed
    await signIn(page, DEMO.produzione, '/app/bancate');
    await expect(page.getByTestId('page-title')).toHaveText('Bancate');
    await expect(page.getByTestId('list-totals')).not.toContainText('…');
    await page.getByTestId('bancata-new').click();
    const form = page.getByTestId('bancata-form-dialog');
    await choose(page, 'bancata-cavaId', /Canalgrande/);
    await choose(page, 'bancata-materialeId', 'Statuario');
    await page.locator('#bancata-fronte').fill('Gradone 4, prova e2e');
    await page.locator('#bancata-lunghezza').fill('1200');
    await page.locator('#bancata-altezza').fill('600');
    await page.locator('#bancata-profondita').fill('400');
    await expect(form.getByTestId('computed-volumeLordo')).toHaveText('288,000 m³');
    await expect(form.getByTestId('computed-pesoStimato')).toHaveText('780,48 t');
    await page.getByTestId('bancata-save').click();

    await expect(page).toHaveURL(/\/app\/bancate\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('page-title')).toHaveText(/^Bancata BA-\d{4}-\d{4}$/);
    const title = await text(page.getByTestId('page-title'));
    const codiceBancata = /BA-\d{4}-\d{4}/.exec(title)?.[0] ?? '';
    expect(codiceBancata).not.toBe('');
    // cut today (the form's default date), so it starts in taglio rather than pianificata
    await expect(page.getByTestId('bancata-stato')).toHaveText('In taglio');
    await expect(page.getByTestId('bancata-data')).toContainText('1.200 × 600 × 400 cm');
    // no blocchi before it lies on its bed
    await expect(page.getByTestId('bancata-new-blocco')).toHaveCount(0);

    // --- along the transition table: only the allowed next moves are offered
    await expect(page.getByTestId('bancata-stato-actions').getByRole('button')).toHaveText([
      'Ribaltata',
      'Annulla la bancata',
    ]);
    await page.getByTestId('bancata-move-ribaltata').click();
    await expect(page.getByTestId('bancata-stato')).toHaveText('Ribaltata');
    await page.getByTestId('bancata-move-in_riquadratura').click();
    await expect(page.getByTestId('bancata-stato')).toHaveText('In riquadratura');
    await expect(page.getByTestId('bancata-stato-actions').getByRole('button')).toHaveText([
      'Chiudi la bancata',
    ]);

    // --- two blocchi from it, the second with a net length
    await page.getByTestId('bancata-new-blocco').click();
    let dialog = await fillBlocco(page, ['280', '150', '120']);
    await expect(dialog.getByLabel('Bancata')).toHaveValue(codiceBancata);
    await expect(dialog.getByTestId('computed-volumeLordo')).toHaveText('5,040 m³');
    await expect(dialog.getByTestId('computed-volumeNetto')).toHaveText('5,040 m³');
    await expect(dialog.getByTestId('computed-pesoTeorico')).toHaveText('13,66 t');
    await page.getByTestId('blocco-save').click();
    await expect(dialog).toBeHidden();

    await page.getByTestId('bancata-new-blocco').click();
    dialog = await fillBlocco(page, ['300', '160', '130'], '290');
    await expect(dialog.getByTestId('computed-volumeNetto')).toHaveText('6,032 m³');
    await page.getByTestId('blocco-save').click();
    await expect(dialog).toBeHidden();

    const blocchi = page.getByTestId('bancata-blocchi');
    await expect(blocchi.getByTestId('list-totals')).toContainText('Blocchi2');
    // 5,040 + 6,240 m³ gross; 5,040 + 6,032 m³ net
    await expect(blocchi.getByTestId('list-totals')).toContainText('Volume lordo11,280 m³');
    await expect(blocchi.getByTestId('list-totals')).toContainText('Volume netto11,072 m³');
    await expect(page.getByTestId('history-item').first()).toContainText('Cambio di stato');

    // --- the first blocco: in piazzale → disponibile, then declassified
    const primo = blocchi.getByRole('link', { name: /BL-\d{4}-\d{4}/ }).first();
    const codiceBlocco = await text(primo);
    await primo.click();
    await expect(page.getByTestId('page-title')).toHaveText(`Blocco ${codiceBlocco}`);
    await expect(page.getByTestId('blocco-stato')).toHaveText('In piazzale');
    await expect(page.getByTestId('blocco-stato-actions').getByRole('button')).toHaveText([
      'Disponibile',
      'Scarta',
    ]);
    await page.getByTestId('blocco-move-disponibile').click();
    await expect(page.getByTestId('blocco-stato')).toHaveText('Disponibile');
    await expect(page.getByTestId('blocco-stato-actions').getByRole('button')).toHaveText([
      'Opziona per un cliente',
      'Scarta',
    ]);

    await page.getByTestId('blocco-declassa').click();
    const declassa = page.getByTestId('declassa-dialog');
    await page.getByTestId('declassa-save').click();
    await expect(page.getByTestId('declassa-nota-error')).toHaveText(
      'Spiega il motivo del declassamento',
    );
    await choose(page, 'declassa-scelta', 'Seconda');
    await declassa.getByLabel('Motivo').fill('Pelo passante emerso alla riquadratura');
    await page.getByTestId('declassa-save').click();
    await expect(declassa).toBeHidden();
    await expect(page.getByTestId('blocco-data')).toContainText('Seconda');
    await expect(page.getByTestId('blocco-stato')).toHaveText('Disponibile');

    // --- detail: genealogy up to the bancata, the photos area, the whole history
    await expect(page.getByTestId('genealogy-bancata')).toContainText(codiceBancata);
    await expect(page.getByTestId('genealogy-cava')).toContainText('Canalgrande');
    await expect(page.getByTestId('photos-section')).toBeVisible();
    const history = page.getByTestId('history-item');
    await expect(history).toHaveCount(3);
    await expect(history.nth(0)).toContainText('Declassamento');
    await expect(history.nth(0)).toContainText('Pelo passante emerso alla riquadratura');
    await expect(history.nth(0)).toContainText('Seconda');
    await expect(history.nth(1)).toContainText('Cambio di stato');
    await expect(history.nth(1)).toContainText('Disponibile');
    await expect(history.nth(2)).toContainText('Creazione');
    // the screenshot shows the page, not the confirmation toast over its header
    await closeToasts(page);
    await expectNoSeriousA11yViolations(page, testInfo, 'blocco-detail');
    await screenshot(page, 'blocco-detail-1366');

    // --- the list: filters in the URL, totals of the filtered set, export
    await page.goto('/app/pages/blocchi');
    await expect(page.getByTestId('list-totals')).not.toContainText('…');
    await choose(page, 'filter-scelta', 'Seconda');
    await expect(page).toHaveURL(/scelta=seconda/);
    await page.getByLabel('Cerca', { exact: true }).fill(codiceBlocco);
    await expect(page).toHaveURL(new RegExp(`q=${codiceBlocco}`));
    await expect(page.getByRole('link', { name: codiceBlocco })).toBeVisible();
    await expect(page.getByTestId('list-totals')).toContainText('Blocchi1');
    await expect(page.getByRole('table', { name: 'Blocchi' }).locator('tbody tr')).toHaveCount(1);
    // the link shares the view
    await page.reload();
    await expect(page.locator('.p-dropdown:has(#filter-scelta)')).toContainText('Seconda');
    await expect(page.getByTestId('list-totals')).toContainText('Blocchi1');

    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-xlsx').click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);

    // a stato filter no row matches: the empty state offers to clear
    await choose(page, 'filter-stato', 'Scartato');
    await expect(page.getByText('Nessun risultato')).toBeVisible();
    await page.getByRole('button', { name: 'Azzera ricerca e filtri' }).click();
    await expect(page).toHaveURL(/\/app\/pages\/blocchi$/);
    expect(console.errors).toEqual([]);
  });

  test('screenshots of the blocchi list at 1366 and 390 px; axe clean', async ({
    page,
  }, testInfo) => {
    await signIn(page, DEMO.produzione, '/app/pages/blocchi');
    await expect(
      page.getByRole('table', { name: 'Blocchi' }).locator('tbody tr').first(),
    ).toBeVisible();
    await expect(page.getByTestId('list-totals')).not.toContainText('…');
    await expectNoSeriousA11yViolations(page, testInfo, 'blocchi-1366');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
    await screenshot(page, 'blocchi-1366');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('list-card').first()).toBeVisible();
    // the static menu slides away (0.2 s) when the window narrows: then nothing is wider than the screen
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
      .toBe(false);
    await expectNoSeriousA11yViolations(page, testInfo, 'blocchi-390');
    await screenshot(page, 'blocchi-390');
    await page.getByTestId('filters-toggle').click();
    await expect(page.locator('#filter-stato')).toBeAttached();
    await page.getByTestId('filters-toggle').click();

    // 360 px, the narrowest: the detail page has no horizontal scroll either
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByTestId('list-card').first().click();
    await expect(page.getByTestId('blocco-stato')).toBeVisible();
    await expect(page.getByTestId('history-item').first()).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
      .toBe(false);
    await screenshot(page, 'blocco-detail-360');
  });

  test('blocchi esterni: list with fornitore and purchase, detail with the acquisto', async ({
    page,
  }) => {
    await signIn(page, DEMO.produzione, '/app/pages/blocchi-esterni');
    await expect(page.getByTestId('page-title')).toHaveText('Blocchi Esterni');
    const first = page.getByRole('table', { name: 'Blocchi esterni' }).locator('tbody tr').first();
    await expect(first).toBeVisible();
    await first.getByRole('link').click();
    await expect(page.getByTestId('page-title')).toContainText('Blocco esterno BL-');
    await expect(page.getByTestId('blocco-acquisto')).toContainText('Data di acquisto');
    await expect(page.getByTestId('genealogy-fornitore')).toBeVisible();
  });

  test('produzione opziona a blocco for a cliente (the blocchi picker: no Clienti page) and takes the option back', async ({
    page,
  }) => {
    await signIn(page, DEMO.produzione, '/app/pages/blocchi?stato=disponibile');
    await page
      .getByRole('table', { name: 'Blocchi' })
      .locator('tbody tr')
      .first()
      .getByRole('link')
      .click();
    await expect(page.getByTestId('blocco-stato')).toHaveText('Disponibile');
    await page.getByTestId('blocco-move-opzionato').click();
    const dialog = page.getByTestId('opzione-dialog');
    await dialog.getByLabel('Cliente').fill('Edilpietra');
    await page
      .locator('.p-autocomplete-panel')
      .getByRole('option', { name: /Edilpietra Veneta/ })
      .click();
    await page.getByTestId('opzione-save').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('blocco-stato')).toHaveText('Opzionato');
    await expect(page.getByTestId('blocco-cliente')).toContainText('per Edilpietra Veneta S.r.l.');
    await expect(page.getByTestId('blocco-stato-actions').getByRole('button')).toHaveText([
      "Rinnova o cambia l'opzione",
      "Togli l'opzione",
      'Scarta',
    ]);
    await expect(page.getByTestId('genealogy-cliente')).toContainText('Edilpietra Veneta');
    await page.getByTestId('blocco-move-disponibile').click();
    await expect(page.getByTestId('blocco-stato')).toHaveText('Disponibile');
  });

  test('produzione buys a blocco esterno from a fornitore (the blocchi-esterni picker)', async ({
    page,
  }) => {
    await signIn(page, DEMO.produzione, '/app/pages/blocchi-esterni');
    await page.getByTestId('blocco-new').click();
    const dialog = page.getByTestId('blocco-form-dialog');
    await page.locator('#blocco-fornitoreId').fill('Michelangelo');
    await page
      .locator('.p-autocomplete-panel')
      .getByRole('option', { name: /Cave Michelangelo/ })
      .click();
    await page.locator('#blocco-numeroFornitore').fill('CM-7781');
    await page.locator('#blocco-prezzoAcquisto').fill('12.500');
    await page.locator('#blocco-costoTrasporto').fill('850,50');
    await choose(page, 'blocco-materialeId', 'Calacatta');
    await fillBlocco(page, ['250', '140', '130']);
    await expect(dialog.getByTestId('computed-pesoTeorico')).toHaveText('12,33 t');
    await page.getByTestId('blocco-save').click();
    await expect(page).toHaveURL(/\/app\/pages\/blocchi-esterni\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('blocco-stato')).toHaveText('Disponibile');
    await expect(page.getByTestId('blocco-acquisto')).toContainText('12.500,00 €');
    await expect(page.getByTestId('blocco-acquisto')).toContainText('850,50 €');
    await expect(page.getByTestId('blocco-data')).toContainText('CM-7781');
    await expect(page.getByTestId('genealogy-fornitore')).toContainText('Cave Michelangelo');
  });

  test('vendite reads blocchi without any write action', async ({ page }) => {
    // a block in piazzale: produzione could move it, vendite cannot (on a disponibile one vendite may
    // take an option, so "whichever block is first" made the test depend on the tests before it)
    await signIn(page, DEMO.vendite, '/app/pages/blocchi?stato=in_piazzale');
    await expect(
      page.getByRole('table', { name: 'Blocchi' }).locator('tbody tr').first(),
    ).toBeVisible();
    await expect(page.getByTestId('blocco-new')).toHaveCount(0);
    // reading includes the export
    await expect(page.getByTestId('export-xlsx')).toBeVisible();
    await page
      .getByRole('table', { name: 'Blocchi' })
      .locator('tbody tr')
      .first()
      .getByRole('link')
      .click();
    await expect(page.getByTestId('blocco-stato')).toBeVisible();
    await expect(page.getByTestId('history-item').first()).toBeVisible();
    await expect(page.getByRole('group', { name: 'Cambia stato' })).toHaveCount(0);
    for (const id of ['blocco-edit', 'blocco-declassa', 'blocco-delete'])
      await expect(page.getByTestId(id)).toHaveCount(0);
  });

  test("segheria never sees Marmi Demo's blocchi", async ({ browser }) => {
    const marmi = await browser.newPage();
    await signIn(marmi, DEMO.produzione, '/app/pages/blocchi');
    const link = marmi
      .getByRole('table', { name: 'Blocchi' })
      .locator('tbody tr')
      .first()
      .getByRole('link');
    const codice = await text(link);
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/\/app\/pages\/blocchi\/[0-9a-f-]{36}$/);
    await marmi.close();

    const page = await browser.newPage();
    await signIn(page, DEMO.segheria, `/app/pages/blocchi?q=${codice}`);
    await expect(page.getByText('Nessun risultato')).toBeVisible();
    await page.goto('/app/pages/blocchi');
    await expect(page.getByRole('link', { name: codice })).toHaveCount(0);
    await page.goto(href);
    await expect(page.getByRole('heading', { name: 'Blocco non trovato' })).toBeVisible();
    await page.close();
  });

  test('admin: Impostazioni → Anagrafiche di base, a new ubicazione added and removed', async ({
    page,
  }) => {
    await signIn(page, DEMO.admin, '/app/pages/settings?tab=anagrafiche');
    await expect(page.getByTestId('lookups-panel')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Cave' })).toContainText('Canalgrande');
    await page.getByTestId('lookups-kind-ubicazioni').click();
    await expect(page).toHaveURL(/voce=ubicazioni/);
    const nome = `Cavalletto prova ${Date.now()}`;
    await page.getByTestId('lookup-new').click();
    await page.getByTestId('lookup-save').click();
    await expect(page.getByTestId('lookup-ubicazioni-nome-error')).toHaveText(
      'Il nome è obbligatorio',
    );
    await page.locator('#lookup-ubicazioni-nome').fill(nome);
    await choose(page, 'lookup-ubicazioni-tipo', 'Cavalletto');
    await page.getByTestId('lookup-save').click();
    const row = page
      .getByRole('table', { name: 'Ubicazioni' })
      .getByRole('row')
      .filter({ hasText: nome });
    await expect(row).toBeVisible();
    await row.getByTestId('lookup-delete').click();
    await page.getByTestId('confirm-lookup-delete-confirm').click();
    await expect(row).toHaveCount(0);
  });
});
