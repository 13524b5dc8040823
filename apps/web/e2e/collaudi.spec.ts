import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  clickMenu,
  DEMO,
  expectNoSeriousA11yViolations,
  login,
  screenshot,
  watchConsole,
} from './helpers';

/** Nothing on the page is wider than the screen (no sideways scrolling). */
async function expectNoSidewaysScroll(page: Page) {
  const wider = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    // what sticks out, to say where
    return Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
  });
  expect(wider).toEqual([]);
}

/** Measures, price and outcome of one block's card, typed as in the yard: Enter from one number to the next. */
async function fillCard(
  card: Locator,
  m: { l: string; h: string; p: string; prezzo?: string },
  esito: 'accettato' | 'rifiutato',
) {
  await card.getByTestId('riga-lunghezzaRilevata').click();
  const keyboard = card.page().keyboard;
  for (const value of [m.l, m.h, m.p]) {
    await keyboard.type(value);
    await keyboard.press('Enter');
  }
  // after the measures the price (the abbuono's value waits for its type)
  await expect(card.getByTestId('riga-prezzo')).toBeFocused();
  if (m.prezzo) await keyboard.type(m.prezzo);
  await keyboard.press('Enter');
  await expect(card.getByTestId('riga-peso')).toBeFocused();
  await keyboard.press('Enter');
  await card.getByTestId(`riga-esito-${esito}`).click();
  await expect(card.getByTestId(`riga-esito-${esito}`)).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('riga-status')).toHaveAttribute('data-status', 'saved');
}

test.describe('sales: a collaudo on a tablet', () => {
  test('vendite at 390 px runs a collaudo of three blocks, one rejected, confirms it, downloads the verbale and finds two blocks sold and one back', async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    const console = watchConsole(page);
    await login(page, DEMO.vendite);
    await clickMenu(page, 'collaudi');
    await expect(page.getByTestId('page-title')).toHaveText('Collaudi');
    await expect(page.getByTestId('list-totals')).not.toContainText('…');
    await expectNoSeriousA11yViolations(page, testInfo, 'collaudi-list');
    await screenshot(page, 'collaudi-list-1366');

    await page.setViewportSize({ width: 390, height: 844 });
    // the menu slides away on a phone: the screenshot waits for it
    await expect
      .poll(async () => (await page.locator('.layout-sidebar').boundingBox())?.x ?? -1000)
      .toBeLessThan(-100);
    await screenshot(page, 'collaudi-list-390');
    await expectNoSidewaysScroll(page);

    // --- a new collaudo: today, a demo cliente found by name, a place
    await page.getByTestId('collaudi-new').click();
    const form = page.getByTestId('collaudo-form-dialog');
    await form.getByLabel('Cliente').fill('Edilpietra');
    await page
      .locator('.p-autocomplete-panel')
      .getByRole('option', { name: /Edilpietra/ })
      .first()
      .click();
    await expect(page.locator('#collaudo-clienteId')).not.toHaveValue('');
    const cliente = await page.locator('#collaudo-clienteId').inputValue();
    await form.getByLabel('Luogo').fill('Piazzale blocchi, cava 1');
    await form.getByLabel('Ispettore del compratore').fill('Ing. Bianchi');
    await page.getByTestId('collaudo-save').click();

    await expect(page).toHaveURL(/\/app\/pages\/collaudi\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('page-title')).toHaveText(/^Collaudo CO-\d{4}-\d{4}$/);
    const codice = (await page.getByTestId('page-title').innerText()).replace('Collaudo ', '');
    await expect(page.getByTestId('collaudo-stato')).toHaveText('Programmato');
    await expect(page.getByTestId('collaudo-data')).toContainText(cliente);
    await expect(page.getByTestId('righe-empty')).toBeVisible();

    // --- three disponibile blocks, read off the list of collaudabili and added by typing their code
    await page.getByTestId('aggiungi-blocco-elenco').click();
    const options = page
      .getByTestId('blocco-collaudabile-option')
      .filter({ hasNotText: 'opzionato' });
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeGreaterThanOrEqual(3);
    const codici: string[] = [];
    for (let i = 0; i < 3; i++)
      codici.push(/BL-\d{4}-\d{4}/.exec(await options.nth(i).innerText())?.[0] ?? '');
    expect(codici.every((c) => c !== '')).toBe(true);
    await page.getByTestId('aggiungi-blocco-elenco').click();
    const input = page.getByTestId('aggiungi-blocco-codice');
    for (const [i, c] of codici.entries()) {
      await input.fill(c);
      await input.press('Enter');
      await expect(page.getByTestId('riga-card')).toHaveCount(i + 1);
      await expect(input).toHaveValue('');
    }
    await page.getByTestId('aggiungi-blocco-elenco').click();
    await expect(options.first()).toBeVisible();
    await page.getByTestId('aggiungi-blocco').scrollIntoViewIfNeeded();
    await screenshot(page, 'collaudo-aggiungi-390');
    await page.getByTestId('aggiungi-blocco-elenco').click();
    const card = (c: string) => page.locator(`[data-testid="riga-card"][data-codice="${c}"]`);
    const [a, b, rifiutato] = codici as [string, string, string];

    // --- measures and prices, one rejected; the totals follow
    await fillCard(card(a), { l: '305', h: '200', p: '150', prezzo: '1200' }, 'accettato');
    await expect(card(a).getByTestId('computed-volume')).toHaveText('9,150 m³');
    await expect(card(a).getByTestId('computed-importo')).toHaveText(/^10\.980,00\s€$/);
    await fillCard(card(b), { l: '280', h: '190', p: '160', prezzo: '1000,50' }, 'accettato');
    await expect(card(b).getByTestId('computed-volume')).toHaveText('8,512 m³');
    await expect(card(b).getByTestId('computed-importo')).toHaveText(/^8\.516,26\s€$/);
    await fillCard(card(rifiutato), { l: '250', h: '150', p: '140' }, 'rifiutato');
    await expect(page.getByTestId('totali-blocchi')).toHaveText('2');
    await expect(page.getByTestId('totali-volume')).toHaveText('17,662 m³');
    await expect(page.getByTestId('totali-importo')).toHaveText(/^19\.496,26\s€$/);
    await expectNoSidewaysScroll(page);
    await card(a).scrollIntoViewIfNeeded();
    await screenshot(page, 'collaudo-detail-390');
    await page.setViewportSize({ width: 1366, height: 768 });
    await card(b).scrollIntoViewIfNeeded();
    await screenshot(page, 'collaudo-edit-1366');
    await page.setViewportSize({ width: 390, height: 844 });

    // --- in corso, eseguito (the cards become read-only), then the confirmation's summary
    await page.getByTestId('collaudo-move-in_corso').click();
    await expect(page.getByTestId('collaudo-stato')).toHaveText('In corso');
    await page.getByTestId('collaudo-move-eseguito').click();
    await expect(page.getByTestId('collaudo-stato')).toHaveText('Eseguito');
    await expect(page.getByTestId('aggiungi-blocco')).toHaveCount(0);
    await expect(card(rifiutato).getByTestId('riga-esito')).toHaveText('Rifiutato');
    await page.getByTestId('collaudo-move-confermato').click();
    const confirm = page.getByTestId('confirm-collaudo-conferma');
    await expect(confirm.getByTestId('conferma-summary')).toContainText(
      `2 blocchi venduti a ${cliente}`,
    );
    await expect(confirm.getByTestId('conferma-venduti')).toContainText(a);
    await expect(confirm.getByTestId('conferma-venduti')).toContainText(b);
    await expect(confirm.getByTestId('conferma-venduti')).toContainText('17,662 m³');
    await expect(confirm.getByTestId('conferma-tornano')).toHaveText(
      `${rifiutato}torna disponibile`,
    );
    await screenshot(page, 'collaudo-conferma-390');
    await page.getByTestId('confirm-collaudo-conferma-confirm').click();
    await expect(page.getByTestId('collaudo-stato')).toHaveText('Confermato');
    await expect(page.getByTestId('collaudo-stato-actions')).toHaveCount(0);
    await expect(card(a).getByTestId('riga-blocco-stato')).toHaveText('Venduto');
    await expect(card(rifiutato).getByTestId('riga-blocco-stato')).toHaveText('Disponibile');

    // --- the verbale
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('collaudo-verbale').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`verbale-${codice}.pdf`);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // --- the blocks' own pages: two sold, one back to disponibile
    await card(a).getByRole('link', { name: a }).click();
    await expect(page.getByTestId('blocco-stato')).toHaveText('Venduto');
    await page.goBack();
    await card(b).getByRole('link', { name: b }).click();
    await expect(page.getByTestId('blocco-stato')).toHaveText('Venduto');
    await page.goBack();
    await card(rifiutato).getByRole('link', { name: rifiutato }).click();
    await expect(page.getByTestId('blocco-stato')).toHaveText('Disponibile');
    await page.goBack();

    // --- the cliente's page lists the collaudo and the blocks it bought
    await page.getByTestId('collaudo-cliente-link').click();
    const section = page.getByTestId('cliente-collaudi');
    await expect(section).toContainText(codice);
    await expect(section).toContainText(a);
    await expect(section).toContainText(b);
    await page.goBack();

    await page.setViewportSize({ width: 1366, height: 768 });
    await expect(page.getByTestId('collaudo-stato')).toHaveText('Confermato');
    await expectNoSeriousA11yViolations(page, testInfo, 'collaudo-detail');
    await screenshot(page, 'collaudo-detail-1366');
    expect(console.errors).toEqual([]);
  });
});
