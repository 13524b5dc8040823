import { expect, test } from '@playwright/test';
import { DEMO, login } from './helpers';

/**
 * What the office trips on, on a phone: the Agenda of one group company shows none of another's
 * events, Spedizioni names the order it runs in, a duplicate plate's message goes once the plate
 * is changed.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test("Segheria Demo's agenda shows none of Marmi Demo's quarry events", async ({ page }) => {
  await login(page, DEMO.segheria);
  await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
  const agenda = page.locator('.agenda');
  await expect(agenda).toBeVisible();
  await expect(agenda).not.toContainText('Caricamento');
  await expect(agenda).not.toContainText('Canalgrande');
  await expect(agenda).not.toContainText('Manutenzione telaio');
});

test('Spedizioni on the phone names its order: newest first, not "Numero (crescente)"', async ({
  page,
}) => {
  await login(page, DEMO.admin);
  await page.goto('/app/pages/spedizioni');
  const sort = page.getByLabel('Ordina per');
  await expect(sort).toBeVisible({ timeout: 30_000 });
  await expect(sort.locator('option:checked')).toHaveText('Inserimento (più recenti prima)');
});

test("a duplicate plate's message goes once the plate is changed", async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto('/app/pages/automezzi');
  await page.getByTestId('automezzo-new').click();
  const dialog = page.getByTestId('automezzo-form-dialog');
  await dialog.getByLabel(/^Targa/).fill('FG 482 KT');
  await dialog.getByLabel(/^Descrizione/).fill('Doppione');
  await dialog.getByLabel(/^Portata/).fill('20');
  await page.getByTestId('automezzo-save').click();
  const error = page.getByTestId('automezzo-form-error');
  await expect(error).toContainText('Esiste già un automezzo con la targa FG 482 KT');
  await dialog.getByLabel(/^Targa/).fill('FG 483 KT');
  await expect(error).toHaveCount(0);
});
