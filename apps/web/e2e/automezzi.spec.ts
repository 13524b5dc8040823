import { expect, test } from '@playwright/test';
import { DEMO, login, screenshot, watchConsole } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** A plate no demo truck has: two letters, three digits, two letters, never I, O, Q or U. */
function targa(): { typed: string; printed: string } {
  const letters = 'ABCDEFGHJKLMNPRSTVWXYZ';
  const pick = () => letters[Math.floor(Math.random() * letters.length)]!;
  const digits = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  const [a, b, c, d] = ['Z', pick(), pick(), pick()];
  return {
    typed: `${a}${b}-${digits} ${c}${d}`.toLowerCase(),
    printed: `${a}${b} ${digits} ${c}${d}`,
  };
}

test('at 390 px the admin adds a truck and finds it in the list, in service', async ({ page }) => {
  const console = watchConsole(page);
  await login(page, DEMO.admin);
  await page.goto('/app/pages/automezzi');
  await expect(page.getByTestId('page-title')).toHaveText('Automezzi');
  await expect(page.getByTestId('list-card').filter({ hasText: 'FG 482 KT' })).toContainText(
    'Portata 30 t · tara 15.200 kg',
  );

  const plate = targa();
  await page.getByTestId('automezzo-new').click();
  const dialog = page.getByTestId('automezzo-form-dialog');
  await dialog.getByLabel(/^Targa/).fill(plate.typed);
  await dialog.getByLabel(/^Descrizione/).fill('Iveco S-Way 490 — bilico con pianale');
  await dialog.getByLabel(/^Portata/).fill('27,5');
  await dialog.getByLabel(/^Tara/).fill('15800');
  await page.getByTestId('automezzo-save').click();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Cerca' }).fill(plate.printed);
  // the search finds the plate however it is spaced: the new truck alone
  await expect(page.getByTestId('list-card')).toHaveCount(1);
  const card = page.getByTestId('list-card').filter({ hasText: plate.printed });
  await expect(card).toContainText('Iveco S-Way 490 — bilico con pianale');
  await expect(card).toContainText('Portata 27,5 t · tara 15.800 kg');
  await expect(card.getByRole('switch', { name: `In servizio: ${plate.printed}` })).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'automezzi-390');
  expect(console.errors).toEqual([]);
});
