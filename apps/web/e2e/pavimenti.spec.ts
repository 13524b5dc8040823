import { expect, test, type Page } from '@playwright/test';
import { clickMenu, DEMO, expectNoSeriousA11yViolations, login, screenshot } from './helpers';

async function choose(page: Page, inputId: string, option?: string | RegExp) {
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  const options = page.locator('.p-dropdown-panel').getByRole('option');
  await (option ? options.filter({ hasText: option }) : options).first().click();
  await expect(page.locator('.p-dropdown-panel')).toHaveCount(0);
}

test.describe('processing: cutting tiles', () => {
  test('magazzino plans a 305×305 cut from a block, starts it, completes 1000 pieces in boxes of 12 and finds the lot in stock', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await login(page, DEMO.magazzino);
    await clickMenu(page, 'lavorazione-pavimenti');
    await expect(page.getByTestId('page-title')).toHaveText('Lavorazione Pavimenti');
    await expect(page.getByTestId('list-totals')).not.toContainText('…');
    await expectNoSeriousA11yViolations(page, testInfo, 'lavorazioni-pavimenti');

    // --- the plan: whichever disponibile block the picker offers first, a preset format
    await page.getByTestId('pavimenti-new').click();
    const form = page.getByTestId('pavimenti-form-dialog');
    await form.getByLabel('Mostra i blocchi disponibili').click();
    const option = page.getByTestId('blocco-segabile-option').first();
    await expect(option).toBeVisible();
    const codiceBlocco = /BL-\d{4}-\d{4}/.exec(await option.innerText())?.[0] ?? '';
    expect(codiceBlocco).not.toBe('');
    await option.click();
    await expect(page.locator('#pavimenti-bloccoId')).toHaveValue(codiceBlocco);
    await page.getByTestId('pavimenti-formato-600×600').click();
    await expect(page.locator('#pavimenti-lunghezzaMm')).toHaveValue('600');
    await page.getByTestId('pavimenti-formato-305×305').click();
    await expect(page.locator('#pavimenti-larghezzaMm')).toHaveValue('305');
    await page.getByTestId('pavimenti-save').click();

    await expect(page).toHaveURL(/\/app\/pages\/pavimenti\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('page-title')).toHaveText(/^Lavorazione LP-\d{4}-\d{4}$/);
    await expect(page.getByTestId('pavimenti-stato')).toHaveText('Pianificata');
    await expect(page.getByTestId('pavimenti-blocco-link')).toHaveText(codiceBlocco);

    // --- start, then completion: m² on the total and the boxes, the last one partial
    await page.getByTestId('pavimenti-move-in_lavorazione').click();
    await expect(page.getByTestId('pavimenti-stato')).toHaveText('In lavorazione');
    await page.getByTestId('pavimenti-completa').click();
    const dialog = page.getByTestId('completa-pavimenti-form-dialog');
    await expect(dialog).toBeVisible();
    await page.getByTestId('completa-pavimenti-pezzi').pressSequentially('1000');
    await page.getByTestId('completa-pavimenti-per-cassa').pressSequentially('12');
    await choose(page, 'completa-pavimenti-ubicazioneId');
    await expect(dialog.getByTestId('computed-mq')).toHaveText('93,03 m²');
    await expect(dialog.getByTestId('computed-casse')).toHaveText('84');
    await expect(dialog.getByTestId('computed-ultima')).toHaveText(
      "l'ultima cassa contiene 4 pezzi",
    );
    // the most pieces the block can give in this format, which the server holds the completion to
    await expect(
      dialog.getByText(/^Al massimo [\d.]+: quanti ne entrano nel materiale$/),
    ).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'pavimenti-completa-390');
    await page.getByTestId('completa-pavimenti-save').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('pavimenti-stato')).toHaveText('Completata');
    const lotto = page.getByTestId('pavimenti-lotto-link');
    await expect(lotto).toHaveText(/^LO-\d{4}-\d{4}$/);
    const codiceLotto = await lotto.innerText();

    // --- the lot in Magazzino → Pavimenti, with its provenance and its carico
    await lotto.click();
    await expect(page.getByTestId('page-title')).toHaveText(`Lotto ${codiceLotto}`);
    await expect(page.getByTestId('lotto-data')).toContainText('93,03 m²');
    await expect(page.getByTestId('lotto-data')).toContainText('83 casse da 12 + 1 da 4');
    await expect(page.getByTestId('lotto-blocco')).toHaveText(codiceBlocco);
    await expect(page.getByTestId('lotto-movimenti')).toContainText(
      'Carico 1.000 pezzi, 93,03 m², 83 casse da 12 + 1 da 4',
    );
    await screenshot(page, 'lotto-detail-390');
    await page.setViewportSize({ width: 1366, height: 768 });
    await clickMenu(page, 'magazzino-pavimenti');
    await expect(page.getByTestId('page-title')).toHaveText('Magazzino Pavimenti');
    await page.getByLabel('Cerca', { exact: true }).fill(codiceLotto);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('table', { name: 'Lotti' }).locator('tbody tr')).toHaveCount(1);
    await expect(page.getByRole('table', { name: 'Lotti' })).toContainText(
      '83 casse da 12 + 1 da 4',
    );
    await expectNoSeriousA11yViolations(page, testInfo, 'magazzino-pavimenti');
    await screenshot(page, 'magazzino-pavimenti-1366');
  });
});
