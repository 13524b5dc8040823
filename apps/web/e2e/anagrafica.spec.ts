import { expect, test, type Page } from '@playwright/test';
import { clickMenu, DEMO, expectNoSeriousA11yViolations, login, screenshot } from './helpers';

/** A valid Italian partita IVA (10 random digits and the check digit), different on every run. */
function partitaIva(): string {
  const digits = Array.from({ length: 10 }, (_, i) =>
    i === 0 ? 0 : Math.floor(Math.random() * 10),
  );
  let sum = 0;
  digits.forEach((d, i) => {
    if (i % 2 === 0) sum += d;
    else sum += d * 2 > 9 ? d * 2 - 9 : d * 2;
  });
  return digits.join('') + String((10 - (sum % 10)) % 10);
}

/** The message beside a field: the element its aria-describedby names, placed right under it. */
async function expectMessageBeside(page: Page, fieldId: string, message: string) {
  const input = page.locator(`#${fieldId}`);
  const error = page.getByTestId(`${fieldId}-error`);
  await expect(error).toHaveText(message);
  await expect(input).toHaveAttribute('aria-describedby', `${fieldId}-error`);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  const a = await input.boundingBox();
  const b = await error.boundingBox();
  expect(a && b).toBeTruthy();
  if (a && b) {
    expect(b.y).toBeGreaterThanOrEqual(a.y + a.height - 1);
    expect(b.y - (a.y + a.height)).toBeLessThan(24);
    expect(Math.abs(b.x - a.x)).toBeLessThan(4);
  }
}

async function chooseProvincia(page: Page, fieldId: string, text: string, option: RegExp) {
  await page.locator(`.p-dropdown:has(#${fieldId})`).click();
  await page.locator('.p-dropdown-panel .p-dropdown-filter').fill(text);
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option }).click();
}

test.describe('clienti', () => {
  test('a wrong P.IVA is named beside its field; corrected, the cliente is saved and opens', async ({
    page,
  }, testInfo) => {
    await login(page, DEMO.vendite);
    await clickMenu(page, 'clienti');
    await expect(page.getByTestId('page-title')).toHaveText('Clienti');
    await expect(page.getByRole('link', { name: 'Comune di Carrara' })).toBeVisible();
    await expect(page.getByTestId('list-totals')).toContainText('Totale');

    const name = `Marmi Prova ${Date.now()} S.r.l.`;
    await page.getByTestId('anagrafica-new').click();
    const dialog = page.getByTestId('anagrafica-form-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Ragione sociale').fill(name);
    await dialog.getByLabel('Partita IVA').fill('01234567890');
    await dialog.getByLabel('Indirizzo').fill('Via Aurelia 12');
    await dialog.getByLabel('CAP').fill('54033');
    await dialog.getByLabel('Comune').fill('Carrara');
    await chooseProvincia(page, 'ana-provincia', 'massa', /Massa-Carrara/);
    await dialog.getByLabel('Telefono').fill('0585 777888');
    await page.getByTestId('anagrafica-save').click();

    await expectMessageBeside(
      page,
      'ana-partitaIva',
      'Partita IVA non valida: cifra di controllo errata',
    );
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'cliente-form');

    const piva = partitaIva();
    await dialog.getByLabel('Partita IVA').fill(`IT${piva}`);
    await expect(page.getByTestId('ana-partitaIva-error')).toHaveCount(0);
    await page.getByTestId('anagrafica-save').click();

    await expect(page).toHaveURL(/\/app\/pages\/clienti\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('page-title')).toHaveText(name);
    const data = page.getByTestId('anagrafica-data');
    await expect(data).toContainText(piva);
    await expect(data).not.toContainText(`IT${piva}`);
    await expect(data).toContainText('+39 0585777888');
    await expect(data).toContainText('54033 Carrara (MS)');
    await expect(page.getByTestId('history-item').first()).toContainText('Creazione');

    // back to the list: the search finds it, and the detail keeps the list's URL for its back link
    await page.getByTestId('back-to-list').click();
    await expect(page).toHaveURL(/\/app\/pages\/clienti$/);
    await page.getByLabel('Cerca', { exact: true }).fill(piva);
    await expect(page).toHaveURL(new RegExp(`q=${piva}`));
    await expect(page.getByRole('link', { name })).toBeVisible();
    await expect(page.getByTestId('list-totals')).toContainText('Totale1');
  });

  test('edit, deactivate and reactivate write the history; filters live in the URL', async ({
    page,
  }, testInfo) => {
    await login(page, DEMO.vendite);
    await page.goto('/app/pages/clienti?nazione=DE');
    await expect(page.getByRole('link', { name: 'Stone Design GmbH' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Comune di Carrara' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Stone Design GmbH' }).click();
    await expect(page.getByTestId('page-title')).toHaveText('Stone Design GmbH');

    await page.getByTestId('anagrafica-edit').click();
    const dialog = page.getByTestId('anagrafica-form-dialog');
    await dialog.getByLabel('Referente').fill('Klaus Weber');
    await page.getByTestId('anagrafica-save').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('anagrafica-data')).toContainText('Klaus Weber');

    // The "Modifiche salvate" toast may sit over the header's buttons: a click goes through it
    // (and a pointer under it must not hold it on screen), only its close button takes the pointer.
    const toast = page.locator('.p-toast-message').filter({ hasText: 'Modifiche salvate' });
    const box = (await toast.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('.p-toast')),
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe(false);
    await toast.locator('.p-toast-icon-close').click();
    await expect(toast).toBeHidden();

    await page.getByTestId('anagrafica-deactivate').click();
    await page.getByTestId('confirm-active-confirm').click();
    await expect(page.getByTestId('anagrafica-status')).toHaveText('Non attivo');
    await page.getByTestId('anagrafica-reactivate').click();
    await page.getByTestId('confirm-active-confirm').click();
    await expect(page.getByTestId('anagrafica-status')).toHaveText('Attivo');

    const history = page.getByTestId('history-item');
    await expect(history.nth(0)).toContainText('Riattivazione');
    await expect(history.nth(1)).toContainText('Disattivazione');
    await expect(history.nth(2)).toContainText('Referente');
    await expect(history.nth(2)).toContainText('Klaus Weber');
    await expectNoSeriousA11yViolations(page, testInfo, 'cliente-detail');

    // the back link returns to the filtered list, and the browser's back button too
    await page.getByTestId('back-to-list').click();
    await expect(page).toHaveURL(/\/app\/pages\/clienti\?nazione=DE$/);
    await page.goBack();
    await expect(page.getByTestId('page-title')).toHaveText('Stone Design GmbH');
  });

  test('the filtered list downloads as XLSX and CSV', async ({ page }) => {
    await login(page, DEMO.vendite);
    await page.goto('/app/pages/fornitori');
    await expect(page.getByTestId('page-title')).toHaveText('Fornitori');
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-xlsx').click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-csv').click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  });

  test('screenshots of the clienti list at 1366 and 390 px', async ({ page }, testInfo) => {
    await login(page, DEMO.vendite);
    await page.goto('/app/pages/clienti');
    await expect(page.getByRole('link', { name: 'Comune di Carrara' })).toBeVisible();
    await expect(page.getByTestId('list-totals')).not.toContainText('…');
    await expectNoSeriousA11yViolations(page, testInfo, 'clienti-1366');
    await screenshot(page, 'clienti-1366');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('list-card').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'clienti-390');
    await screenshot(page, 'clienti-390');
    // the cards open the record too
    await page.getByTestId('list-card').filter({ hasText: 'Comune di Carrara' }).click();
    await expect(page.getByTestId('page-title')).toHaveText('Comune di Carrara');
  });

  test('Ditte del gruppo is read only for non-admins', async ({ page }) => {
    await login(page, DEMO.vendite);
    await page.goto('/app/pages/group-companies');
    await expect(page.getByTestId('company-card').first()).toBeVisible();
    await expect(page.getByTestId('company-new')).toHaveCount(0);
    await expect(page.getByTestId('company-logo-button')).toHaveCount(0);
  });
});
