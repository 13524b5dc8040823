import { expect, test } from '@playwright/test';
import { DEMO, fillLogin, login, openVendi } from './helpers';

/** What a form with unsaved values does when the user, or another tab, tries to take them away. */

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

test("a logout in another tab keeps the typed values of this tab's form for after the login; the user's own logout drops them", async ({
  context,
  page,
}) => {
  await login(page, DEMO.admin);
  await openVendi(page);
  const detail = new URL(page.url()).pathname;

  // another tab of the same browser logs out: this one goes to log in, its form gone
  const other = await context.newPage();
  await other.goto('/app/dashboard');
  await other.getByTestId('topbar-logout').click();
  await expect(other).toHaveURL(/\/auth\/login$/);
  await expect(page).toHaveURL(/\/auth\/login\?returnUrl=/);

  // logged in again, back on the slab: the Vendi form offers the values typed before
  await fillLogin(page, DEMO.admin.email);
  await expect(page).toHaveURL(new RegExp(`${detail}$`));
  await page.getByTestId('lastra-vendi').click();
  await expect(page.getByTestId('vendi-draft')).toContainText('Bozza non salvata del');
  await page.getByTestId('vendi-draft-restore').click();
  await expect(page.getByTestId('vendi-prezzo')).toHaveValue('123,5');
  await expect(page.getByTestId('vendi-documento')).toHaveValue('DDT 42/2026');
  await expect(page.getByTestId('vendi-draft')).toHaveCount(0);

  // typed again and lost to another logout elsewhere, then this tab's own logout: nothing is offered after it
  await page.getByTestId('vendi-documento').fill('DDT 43/2026');
  await other.goto('/auth/login');
  await fillLogin(other, DEMO.admin.email);
  await expect(other).toHaveURL(/\/app\//);
  await expect(page).toHaveURL(new RegExp(`${detail}$`));
  await other.getByTestId('topbar-logout').click();
  await expect(page).toHaveURL(/\/auth\/login\?returnUrl=/);
  await fillLogin(page, DEMO.admin.email);
  await expect(page).toHaveURL(new RegExp(`${detail}$`));
  await page.getByTestId('topbar-logout').click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await login(page, DEMO.admin, detail);
  await page.goto(detail);
  await page.getByTestId('lastra-vendi').click();
  await expect(page.getByTestId('vendi-form-dialog')).toBeVisible();
  await expect(page.getByTestId('vendi-draft')).toHaveCount(0);
  await expect(page.getByTestId('vendi-documento')).toHaveValue('');
});
