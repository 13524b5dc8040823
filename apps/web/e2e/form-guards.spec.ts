import { expect, test, type Page } from '@playwright/test';
import { DEMO, login } from './helpers';

/** What a form with unsaved values does when the user, or another tab, tries to take them away (issue 27 items 12–13). */

/** A free slab's page, reached from the list (so Back has somewhere to go), with its Vendi form open and typed in. */
async function openVendi(page: Page) {
  await page.goto('/app/pages/magazzino/lastre?stato=disponibile');
  await page.getByRole('table', { name: 'Lastre' }).locator('tbody tr').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/app\/pages\/magazzino\/lastre\/[^/?]+$/);
  await page.getByTestId('lastra-vendi').click();
  const dialog = page.getByTestId('vendi-form-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('vendi-prezzo').fill('123,50');
  await page.getByTestId('vendi-documento').fill('DDT 42/2026');
  return dialog;
}

test('Escape then Back on a form with unsaved values asks once, not twice', async ({ page }) => {
  await login(page, DEMO.admin);
  const dialog = await openVendi(page);
  const detail = page.url();
  await page.keyboard.press('Escape');
  const question = page.getByTestId('discard-dialog');
  await expect(question).toHaveCount(1);
  await page.goBack();
  // the navigation waits for the answer; one question on screen
  await expect(page).toHaveURL(detail);
  await expect(question).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: 'Modifiche non salvate' })).toHaveCount(1);

  // "Continua a modificare": back to the form, the values kept, still on the page
  await page.getByRole('button', { name: 'Continua a modificare' }).click();
  await expect(question).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('vendi-documento')).toHaveValue('DDT 42/2026');
  await expect(page).toHaveURL(detail);

  // Back again, then "Esci senza salvare": the form closes and the list opens
  await page.goBack();
  await expect(question).toHaveCount(1);
  await page.getByTestId('discard-changes').click();
  await expect(page).toHaveURL(/\/app\/pages\/magazzino\/lastre(\?|$)/);
  await expect(dialog).toHaveCount(0);
  await expect(question).toHaveCount(0);
});
