import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectNoSeriousA11yViolations, login, screenshot } from './helpers';

/** Picks a cliente in an operation dialog through the magazzino's own picker. */
async function pickCliente(page: Page, dialog: ReturnType<Page['getByTestId']>, name: string) {
  await dialog.getByLabel('Cliente').fill(name);
  await page
    .locator('.p-autocomplete-panel')
    .getByRole('option', { name: new RegExp(name) })
    .click();
}

test.describe('stock: reserving and selling slabs and tiles', () => {
  test('one magazzino user reserves a slab; a second one, on a stale page, cannot sell it to someone else and no longer finds it available', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(150_000);
    await login(page, DEMO.magazzino);
    await page.goto('/app/pages/magazzino/lastre?stato=disponibile');
    const first = page.locator('a[href^="/app/pages/magazzino/lastre/"]').first();
    await expect(first).toBeVisible();
    const codice = (await first.innerText()).trim();
    const slabUrl = (await first.getAttribute('href'))!;

    // the second user has the same slab open before the first one acts
    const other = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      locale: 'it-IT',
      timezoneId: 'Europe/Rome',
    });
    const second = await other.newPage();
    await login(second, DEMO.admin);
    await second.goto(slabUrl);
    await expect(second.getByTestId('lastra-stato')).toHaveText('Disponibile');

    // --- the first user reserves it for a cliente
    await page.goto(slabUrl);
    await page.getByTestId('lastra-riserva').click();
    const riserva = page.getByTestId('riserva-form-dialog');
    await pickCliente(page, riserva, 'Edilpietra');
    await screenshot(page, 'lastra-riserva-1366');
    await expectNoSeriousA11yViolations(page, testInfo, 'riserva-dialog');
    await page.getByTestId('riserva-save').click();
    await expect(riserva).toBeHidden();
    await expect(page.getByTestId('lastra-stato')).toHaveText('Riservata');
    await expect(page.getByTestId('lastra-cliente')).toContainText('per Edilpietra Veneta');

    // --- the second user, still on the old page, tries to sell it to another cliente
    await second.getByTestId('lastra-vendi').click();
    const vendi = second.getByTestId('vendi-form-dialog');
    await pickCliente(second, vendi, 'Al Noor');
    await second.getByTestId('vendi-prezzo').fill('95');
    await second.getByTestId('vendi-documento').fill('DDT 777/2026');
    await second.getByTestId('vendi-save').click();
    await expect(second.getByTestId('vendi-form-error')).toContainText(
      `La lastra è riservata a Edilpietra Veneta`,
    );
    await second.getByRole('button', { name: 'Annulla' }).click();
    // the 409 refreshed the page: it now says who holds it
    await expect(second.getByTestId('lastra-stato')).toHaveText('Riservata');

    // and the list of available slabs no longer offers it
    await second.goto(`/app/pages/magazzino/lastre?stato=disponibile&q=${codice}`);
    await expect(second.getByText('Nessun risultato')).toBeVisible();
    await other.close();
  });

  test('tiles sold in m²: the conversion to whole pieces is shown before, and the lot has those pieces fewer after', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await login(page, DEMO.magazzino);
    await page.goto('/app/pages/magazzino/pavimenti');
    await page.locator('a[href^="/app/pages/magazzino/pavimenti/"]').first().click();
    const before = Number(
      (await page.getByTestId('lotto-disponibili').innerText()).replace(/\D/g, ''),
    );
    await page.getByTestId('lotto-vendi').click();
    const dialog = page.getByTestId('vendi-form-dialog');
    await dialog.getByRole('button', { name: 'm²' }).click();
    await page.getByTestId('vendi-quantita').fill('3');
    const conversione = page.getByTestId('vendi-conversione');
    await expect(conversione).toContainText('pezzi');
    // "= 33 pezzi · …", or for a lot sold by the box "3,00 m² → 3 casse (33 pezzi, …)"
    const pezzi = Number(
      /([\d.]+) pezzi/.exec(await conversione.innerText())![1]!.replace(/\./g, ''),
    );
    expect(pezzi).toBeGreaterThan(0);
    expect(pezzi).toBeLessThanOrEqual(before);
    await pickCliente(page, dialog, 'Edilpietra');
    await page.getByTestId('vendi-prezzo').fill('44');
    await page.getByTestId('vendi-documento').fill('DDT 778/2026');
    await screenshot(page, 'lotto-vendi-1366');
    await page.getByTestId('vendi-save').click();
    await expect(dialog).toBeHidden();
    await expect(
      page.locator('.p-toast-message').filter({ hasText: `Venduti ${pezzi} pezzi` }),
    ).toBeVisible();
    await expect
      .poll(async () =>
        Number((await page.getByTestId('lotto-disponibili').innerText()).replace(/\D/g, '')),
      )
      .toBe(before - pezzi);
    await expect(page.getByTestId('lotto-movimenti')).toContainText('DDT 778/2026');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByTestId('lotto-actions')).toBeVisible();
    await screenshot(page, 'lotto-detail-390');
  });

  test('giacenze: stock on hand by material and place with its value, and the reservations ending this week', async ({
    page,
  }, testInfo) => {
    await login(page, DEMO.magazzino);
    await page.goto('/app/pages/magazzino/lastre');
    await page.getByTestId('link-giacenze').click();
    await expect(page.getByTestId('page-title')).toHaveText('Giacenze di magazzino');
    await expect(page.getByTestId('giacenze-table').locator('tbody tr').first()).toBeVisible();
    await expect(page.getByTestId('list-totals')).toContainText('Valore a listino');
    // the demo holds reservations that end tomorrow
    await expect(page.getByTestId('riserve-in-scadenza').locator('li').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'giacenze');
    await screenshot(page, 'giacenze-1366');
  });

  test('a bundle scanned on a phone moves to another place in two taps', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, DEMO.magazzino);
    await page.goto('/app/pages/magazzino/pacchi');
    await page.locator('.list-card').first().click();
    await expect(page.getByTestId('quick-actions')).toBeVisible();
    await page.getByTestId('quick-move').click();
    const place = page
      .getByTestId('quick-move-dialog')
      .locator('.quick-move-places button')
      .first();
    const nome = (await place.innerText()).trim();
    await place.click();
    await expect(
      page.locator('.p-toast-message').filter({ hasText: 'Pacco spostato' }),
    ).toContainText(nome);
    await expect(page.getByTestId('pacco-data')).toContainText(nome);
    await screenshot(page, 'pacco-quick-actions-390');

    // its list price, which the giacenze value with
    await page.getByTestId('pacco-modifica').click();
    await page.getByTestId('pacco-prezzo').fill('118');
    await page.getByTestId('pacco-modifica-save').click();
    await expect(page.getByTestId('pacco-data')).toContainText('118,00 €/m²');
  });
});
