import { expect, test, type Page } from '@playwright/test';
import { DEMO, screenshot, signIn, watchConsole } from './helpers';

/** The bancata and blocco forms on a phone (390 × 844, touch): each choice by tap, then saved. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Opens a PrimeReact dropdown by its input id and picks an option, typing in its search box if any. */
async function choose(page: Page, inputId: string, option: string | RegExp, search?: string) {
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  const panel = page.locator('.p-dropdown-panel');
  if (search) await panel.locator('input.p-dropdown-filter').fill(search);
  await panel.getByRole('option', { name: option }).first().click();
  await expect(panel).toHaveCount(0);
}

test('produzione records a bancata, then a blocco from it whose materiale follows the bancata', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const console = watchConsole(page);
  await signIn(page, DEMO.produzione, '/app/bancate');
  await expect(page.getByTestId('list-totals')).not.toContainText('…');
  await page.getByTestId('bancata-new').click();
  const form = page.getByTestId('bancata-form-dialog');
  await choose(page, 'bancata-cavaId', /Canalgrande/);
  await choose(page, 'bancata-materialeId', 'Statuario');
  // the metodo di taglio may be chosen and cleared again
  await choose(page, 'bancata-metodoTaglio', 'Filo diamantato');
  await expect(form.locator('.p-dropdown:has(#bancata-metodoTaglio)')).toContainText(
    'Filo diamantato',
  );
  await page.locator('#bancata-fronte').fill('Gradone 2, prova telefono');
  await page.locator('#bancata-lunghezza').fill('900');
  await page.locator('#bancata-altezza').fill('500');
  await page.locator('#bancata-profondita').fill('300');
  await expect(form.getByTestId('computed-volumeLordo')).toHaveText('135,000 m³');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.locator('.p-dropdown:has(#bancata-metodoTaglio)').scrollIntoViewIfNeeded();
  await screenshot(page, 'bancata-form-390');
  await page.getByTestId('bancata-save').click();

  await expect(page.getByTestId('page-title')).toHaveText(/^Bancata BA-\d{4}-\d{4}$/);
  const codice = /BA-\d{4}-\d{4}/.exec(await page.getByTestId('page-title').innerText())![0];
  await expect(page.getByTestId('bancata-data')).toContainText('Filo diamantato');
  await page.getByTestId('bancata-move-ribaltata').click();
  await expect(page.getByTestId('bancata-stato')).toHaveText('Ribaltata');

  // --- a blocco from the Blocchi list: its bancata searched by code, its materiale then filled in
  await page.goto('/app/pages/blocchi');
  await page.getByTestId('blocco-new').click();
  const dialog = page.getByTestId('blocco-form-dialog');
  await expect(dialog).toBeVisible();
  await choose(page, 'blocco-bancataId', new RegExp(codice), codice);
  await expect(dialog.locator('.p-dropdown:has(#blocco-materialeId)')).toContainText('Statuario');
  await page.locator('#blocco-lunghezza').fill('280');
  await page.locator('#blocco-altezza').fill('150');
  await page.locator('#blocco-profondita').fill('120');
  await choose(page, 'blocco-ubicazioneId', /Piazzale cava/);
  await choose(page, 'blocco-scelta', 'Seconda');
  await expect(dialog.getByTestId('computed-pesoTeorico')).toHaveText('13,66 t');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // the bancata chosen and the materiale it filled in, on one screen
  await page.locator('#blocco-bancataId').evaluate((el) => el.closest('.field')?.scrollIntoView());
  await screenshot(page, 'blocco-form-390');
  await page.getByTestId('blocco-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('page-title')).toHaveText(/^Blocco BL-\d{4}-\d{4}$/);
  await expect(page.getByTestId('genealogy-bancata')).toContainText(codice);
  await expect(page.getByTestId('blocco-data')).toContainText('Statuario');
  await expect(page.getByTestId('blocco-data')).toContainText('Seconda');
  expect(console.errors).toEqual([]);
});
