import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectNoSeriousA11yViolations, signIn, screenshot } from './helpers';

/** Opens a PrimeReact dropdown by its input id and picks an option (the first one when no name is given). */
async function choose(page: Page, inputId: string, option?: string | RegExp) {
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  const options = page.locator('.p-dropdown-panel').getByRole('option');
  await (option ? options.filter({ hasText: option }) : options).first().click();
  await expect(page.locator('.p-dropdown-panel')).toHaveCount(0);
}

test.describe('transfers between group companies', () => {
  test('Marmi transfers a block to the Segheria, whose user finds it among the bought-in blocks and saws it', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);

    // --- Marmi's admin: a disponibile own block, sent to the group's sawmill
    await signIn(page, DEMO.admin, '/app/pages/blocchi?stato=disponibile');
    const first = page.locator('a[href^="/app/pages/blocchi/"]').first();
    await expect(first).toBeVisible();
    await first.click();
    await expect(page.getByTestId('page-title')).toHaveText(/^Blocco BL-\d{4}-\d{4}$/);
    const codice = /BL-\d{4}-\d{4}/.exec(await page.getByTestId('page-title').innerText())![0];
    await page.getByTestId('trasferisci').click();
    const dialog = page.getByTestId('trasferimento-form-dialog');
    await expect(dialog).toBeVisible();
    // nothing chosen: the form says what is missing, beside each field
    await page.getByTestId('trasferimento-save').click();
    await expect(dialog.getByText('Prezzo: un importo in euro')).toBeVisible();
    await choose(page, 'trasferimento-destinazione', 'Segheria Demo');
    await page.getByTestId('trasferimento-blocchi-0-prezzo').fill('4850');
    await page.getByTestId('trasferimento-documento').fill('DDT 501/2026');
    await expect(page.getByTestId('trasferimento-totale')).toContainText('4.850,00');
    await screenshot(page, 'trasferimento-dialog-1366');
    await expectNoSeriousA11yViolations(page, testInfo, 'trasferimento-dialog');
    await page.getByTestId('trasferimento-save').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('trasferimenti-panel')).toContainText(
      'Trasferito a Segheria Demo',
    );
    await expect(page.getByTestId('blocco-stato')).toHaveText('Venduto');

    // --- the Segheria's user, in a browser of their own
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const segheria = await context.newPage();
    await signIn(segheria, DEMO.segheria, `/app/pages/blocchi-esterni?q=${codice}`);
    await segheria.getByRole('link', { name: codice }).first().click();
    await expect(segheria.getByTestId('page-title')).toHaveText(`Blocco esterno ${codice}`);
    await expect(segheria.getByTestId('trasferimenti-panel')).toContainText(
      'Ricevuto da Marmi Demo',
    );
    await expect(segheria.getByTestId('blocco-stato')).toHaveText('Disponibile');
    await segheria.setViewportSize({ width: 390, height: 844 });
    await screenshot(segheria, 'blocco-ricevuto-390');
    await segheria.setViewportSize({ width: 1366, height: 768 });

    // it saws it: plan, start, three slabs
    await segheria.goto('/app/pages/lastre');
    await segheria.getByTestId('lavorazione-new').click();
    await segheria.locator('#lavorazione-bloccoId').fill(codice.slice(-4));
    await segheria.getByTestId('blocco-segabile-option').filter({ hasText: codice }).click();
    await choose(segheria, 'lavorazione-macchinaId');
    await segheria.getByTestId('lavorazione-spessore-30').click();
    await segheria.getByTestId('lavorazione-save').click();
    await expect(segheria.getByTestId('lavorazione-blocco-link')).toHaveText(codice);
    await segheria.getByTestId('lavorazione-move-in_segagione').click();
    await expect(segheria.getByTestId('lavorazione-stato')).toHaveText('In segagione');
    await segheria.getByTestId('lavorazione-completa').click();
    await expect(segheria.getByTestId('lastra-1-lunghezza')).toBeFocused();
    await segheria.getByTestId('lastra-1-altezza').press('Enter');
    await segheria.keyboard.press('Enter');
    await expect(segheria.getByTestId('lastre-grid-row')).toHaveCount(3);
    await choose(segheria, 'completa-ubicazione');
    await segheria.getByTestId('completa-riepilogo').click();
    await segheria.getByTestId('completa-conferma').click();
    await expect(segheria.getByTestId('lavorazione-stato')).toHaveText('Completata');

    // the history of transfers, from both sides
    await segheria.goto('/app/pages/trasferimenti');
    await expect(segheria.getByTestId('trasferimenti-list')).toContainText(codice);
    await expect(segheria.getByTestId('trasferimenti-list')).toContainText('Da Marmi Demo');
    await page.goto('/app/pages/trasferimenti');
    await expect(page.getByTestId('trasferimenti-list')).toContainText('A Segheria Demo');
    await expect(page.getByTestId('trasferimenti-list')).toContainText('DDT 501/2026');
    await screenshot(page, 'trasferimenti-1366');
    await context.close();
  });
});

test.describe('acting on ticked rows', () => {
  test('ticked blocks print their labels together; a ticked bundle goes to the Segheria from the list', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.admin, '/app/pages/blocchi?stato=disponibile');
    await expect(page.getByTestId('list-totals')).not.toContainText('…');
    await page.waitForLoadState('networkidle');
    const rows = page.getByRole('table', { name: 'Blocchi' }).locator('tbody tr');
    const [a, b] = [
      (await rows.nth(0).getByRole('link').innerText()).trim(),
      (await rows.nth(1).getByRole('link').innerText()).trim(),
    ];
    await page.getByRole('checkbox', { name: `Scegli ${a}` }).click();
    await expect(page.getByRole('checkbox', { name: `Scegli ${a}` })).toBeChecked();
    await page.getByRole('checkbox', { name: `Scegli ${b}` }).click();
    await expect(page.getByRole('checkbox', { name: `Scegli ${b}` })).toBeChecked();
    await expect(page.getByTestId('list-selection')).toContainText('2 blocchi scelti');
    const download = page.waitForEvent('download');
    await page
      .getByTestId('list-selection')
      .getByRole('button', { name: 'Stampa 2 etichette' })
      .click();
    expect((await download).suggestedFilename()).toBe('etichette-blocco.pdf');

    await page.goto('/app/pages/magazzino/pacchi');
    await page.waitForLoadState('networkidle');
    const codice = (
      await page
        .getByRole('table', { name: 'Pacchi' })
        .locator('tbody tr')
        .first()
        .getByRole('link')
        .innerText()
    ).trim();
    await page.getByRole('checkbox', { name: `Scegli ${codice}` }).click();
    await page.getByTestId('selection-trasferisci').click();
    await choose(page, 'trasferimento-destinazione', 'Segheria Demo');
    await page.getByTestId('trasferimento-pacchi-0-prezzo').fill('2100');
    await page.getByTestId('trasferimento-documento').fill('DDT 502/2026');
    await page.getByTestId('trasferimento-save').click();
    await expect(
      page.locator('.p-toast-message').filter({ hasText: 'Trasferimento registrato' }),
    ).toContainText(codice);
    await expect(page.getByTestId('list-selection')).toHaveCount(0);
    await screenshot(page, 'pacchi-trasferiti-1366');
  });
});
