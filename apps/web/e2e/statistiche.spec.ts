import { expect, test, type Page } from '@playwright/test';
import { clickMenu, DEMO, expectNoSeriousA11yViolations, signIn, screenshot } from './helpers';

/** The chart as pixels, to tell one drawing from the next. */
const chartPixels = (page: Page) =>
  page
    .getByTestId('statistiche-chart')
    .locator('canvas')
    .evaluate((c) => (c as HTMLCanvasElement).toDataURL());
const tableText = (page: Page) => page.getByTestId('statistiche-table').innerText();

/** Waits for the answer of the state on screen (the previous one stays, dimmed, while it loads). */
async function settled(page: Page) {
  await expect(page.getByTestId('statistiche-section')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('statistiche-chart').locator('canvas')).toBeVisible();
}

test.describe('statistiche', () => {
  test('the admin reads this year by material, changes period and grouping, and sees chart and table change', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.admin);
    await clickMenu(page, 'statistiche');
    await expect(page).toHaveURL(/\/app\/pages\/statistiche$/);
    await expect(page.getByTestId('page-title')).toHaveText('Statistiche');

    // the default answers "how much Statuario this year": Produzione, this year, by material
    await expect(
      page.getByTestId('statistiche-preset').getByRole('button', { name: "Quest'anno" }),
    ).toHaveAttribute('aria-pressed', 'true');
    await settled(page);
    await expect(page.getByTestId('statistiche-table')).toContainText('Statuario');
    await expect(page.getByTestId('statistiche-table')).toContainText('Totale');
    await expect(page.getByTestId('statistiche-periodo')).toContainText(/01\/01\/\d{2} – /);
    await screenshot(page, 'statistiche-produzione-1366');
    await expectNoSeriousA11yViolations(page, testInfo, 'statistiche');

    // another period: this month only
    const yearTable = await tableText(page);
    const yearChart = await chartPixels(page);
    await page
      .getByTestId('statistiche-preset')
      .getByRole('button', { name: 'Questo mese' })
      .click();
    await expect(page).toHaveURL(/periodo=mese/);
    const monthStart = /\d{2}\/(\d{2})\/(\d{2})/.exec(
      (await page.getByTestId('statistiche-periodo').innerText()) ?? '',
    );
    expect(monthStart).not.toBeNull();
    const section = page.getByTestId('statistiche-section').or(page.locator('#empty-state-title'));
    await expect(section.first()).toBeVisible();
    if (await page.getByTestId('statistiche-section').isVisible()) {
      await settled(page);
      await expect.poll(() => tableText(page)).not.toBe(yearTable);
    }

    // a custom period: the last twelve months typed as dates, then by month
    await page
      .getByTestId('statistiche-preset')
      .getByRole('button', { name: 'Ultimi 12 mesi' })
      .click();
    await settled(page);
    await page.getByTestId('statistiche-per').click();
    await page.locator('.p-dropdown-panel').getByRole('option', { name: 'Mese' }).click();
    await expect(page).toHaveURL(/per=mese/);
    await settled(page);
    await expect(page.getByTestId('statistiche-table').locator('tbody tr')).toHaveCount(13); // 12 months and the total
    await expect.poll(() => chartPixels(page)).not.toBe(yearChart);
    await screenshot(page, 'statistiche-mese-1366');

    // Vendite: m³, € and €/m³ by material, with last year beside; the table as XLSX
    await page.getByTestId('statistiche-tabs').getByRole('menuitem', { name: 'Vendite' }).click();
    await page.getByTestId('statistiche-per').click();
    await page.locator('.p-dropdown-panel').getByRole('option', { name: 'Materiale' }).click();
    await settled(page);
    const table = page.getByTestId('statistiche-table');
    await expect(
      table.getByRole('columnheader', { name: 'Prezzo medio €/m³', exact: true }),
    ).toBeVisible();
    await expect(
      table.getByRole('columnheader', { name: 'Importo totale · anno prec.' }),
    ).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-xlsx').click();
    expect((await download).suggestedFilename()).toMatch(
      /^statistiche-vendite-per-materiale-.*\.xlsx$/,
    );

    // the custom period with the date fields
    await page
      .getByTestId('statistiche-preset')
      .getByRole('button', { name: 'Personalizzato' })
      .click();
    await expect(page.getByTestId('statistiche-dal')).toBeVisible();
    await page.getByTestId('statistiche-dal').fill('01/01/20');
    await page.getByTestId('statistiche-dal').press('Enter');
    await expect(page).toHaveURL(/dal=2020-01-01/);
    await settled(page);
    await screenshot(page, 'statistiche-vendite-1366');
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'statistiche-tabella-1366');

    // the phone: controls wrap, the table stacks, the chart stays
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByTestId('statistiche-tabs')
      .getByRole('menuitem', { name: 'Produzione' })
      .click();
    await settled(page);
    await screenshot(page, 'statistiche-produzione-390');
    await page.getByTestId('statistiche-table').scrollIntoViewIfNeeded();
    await screenshot(page, 'statistiche-tabella-390');
    // what each figure counts, under the table
    const legenda = page.getByTestId('statistiche-legenda');
    await legenda.getByText('Cosa contano le cifre').click();
    await expect(legenda).toContainText('gli informi sono a parte, a peso');
    await legenda.scrollIntoViewIfNeeded();
    await screenshot(page, 'statistiche-legenda-390');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
