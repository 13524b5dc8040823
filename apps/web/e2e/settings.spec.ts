import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  DEMO,
  expectNoSeriousA11yViolations,
  fillLogin,
  signIn,
  PASSWORD,
  screenshot,
  storedToken,
  type DemoUser,
} from './helpers';

const QUARRY = 'Cava di Canalgrande';

function newUser(prefix: string): DemoUser & { name: string } {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    name: `${prefix} ${stamp}`,
    email: `${prefix.toLowerCase()}-${stamp}@cava.example`,
    menu: [],
    quarry: QUARRY,
    funzioni: false,
  };
}

async function menuKeys(page: Page): Promise<(string | null)[]> {
  await expect(page.getByTestId('app-menu').locator('[data-menu-key="dashboard"]')).toBeAttached();
  return page
    .getByTestId('app-menu')
    .locator('[data-menu-key]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-key')));
}

async function openSettings(page: Page) {
  await page.getByTestId('topbar-settings').click();
  await expect(page).toHaveURL(/\/app\/pages\/settings$/);
  await expect(page.getByTestId('page-title')).toHaveText('Impostazioni');
}

function userRow(page: Page, email: string) {
  return page.getByRole('row').filter({ hasText: email });
}

/** Another browser, for the user the admin manages. */
async function secondPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    viewport: { width: 1366, height: 768 },
  });
  return context.newPage();
}

/** A user created through the API as the admin of `adminPage` (setup for the reset test). */
async function createUserByApi(
  request: APIRequestContext,
  adminPage: Page,
  user: { name: string; email: string },
  password: string,
) {
  const token = await storedToken(adminPage);
  const auth = { Authorization: `Bearer ${token}` };
  const { csrfToken } = (await (await request.get('/api/token', { headers: auth })).json()) as {
    csrfToken: string;
  };
  const res = await request.post('/user/register', {
    headers: { ...auth, 'X-CSRF-Token': csrfToken },
    data: {
      name: user.name,
      email: user.email,
      password,
      role: 'user',
      permissions: { dashboard: true, chat: true },
      active: true,
    },
  });
  expect(res.status()).toBe(201);
}

test.describe('Impostazioni: utenti e permessi', () => {
  test('a user created with the Magazzino preset sees exactly its pages; a change of permissions sends them to log in', async ({
    page,
    browser,
  }, testInfo) => {
    const user = newUser('Magazzino');
    const password = 'Magazzino-Prova-2026';

    await signIn(page, DEMO.admin);
    await openSettings(page);
    await expect(userRow(page, 'vendite@cava.example')).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'settings');
    await screenshot(page, 'settings-1366');

    await page.getByTestId('user-new').click();
    const dialog = page.getByTestId('user-form-dialog');
    await dialog.getByLabel('Nome e cognome').fill(user.name);
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password iniziale').fill(password);
    await dialog.getByRole('button', { name: 'Magazzino' }).click();
    await expect(dialog.getByRole('button', { name: 'Magazzino' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(dialog.getByLabel('Modifica di Magazzino Lastre')).toBeChecked();
    await expect(dialog.getByLabel('Accesso a Bancate')).not.toBeChecked();
    await expectNoSeriousA11yViolations(page, testInfo, 'settings-user-form');
    await screenshot(page, 'settings-user-form-1366');
    await page.getByTestId('user-save').click();
    await expect(dialog).toBeHidden();
    await expect(userRow(page, user.email)).toContainText('Magazzino');

    // The new user, in another browser: Dashboard, the two Lavorazione and the two Magazzino
    // entries, Galleria Foto, Spedizioni (DDT), and Chat in the top bar; no Impostazioni.
    // The password the admin chose is replaced at the first login (the admin knows it).
    const other = await secondPage(browser);
    await other.goto('/auth/login');
    await fillLogin(other, user.email, password);
    await expect(other).toHaveURL(/\/auth\/change-password/);
    const ownPassword = 'Magazzino-Mia-2026';
    await other.getByLabel('Password attuale').fill(password);
    await other.getByLabel('Nuova password', { exact: true }).fill(ownPassword);
    await other.getByLabel('Conferma nuova password').fill(ownPassword);
    await other.getByRole('button', { name: 'Cambia password' }).click();
    await expect(other).toHaveURL(/\/app\/dashboard$/);
    // the Magazzino preset's pages: the demo magazzino user's menu
    expect(await menuKeys(other)).toEqual(DEMO.magazzino.menu);
    await expect(other.getByTestId('topbar-chat')).toBeVisible();
    await expect(other.getByTestId('topbar-settings')).toHaveCount(0);

    // The admin gives them Collaudi: their sessions end.
    await userRow(page, user.email).getByTestId('user-edit').click();
    await dialog.getByLabel('Accesso a Collaudi').check();
    await page.getByTestId('user-save').click();
    await expect(dialog).toBeHidden();
    await expect(userRow(page, user.email)).toContainText('Personalizzato');

    // Their next request answers 401: the login page, then back with the new menu.
    await other.reload();
    await expect(other).toHaveURL(/\/auth\/login\?returnUrl=%2Fapp%2Fdashboard$/);
    await fillLogin(other, user.email, ownPassword);
    await expect(other).toHaveURL(/\/app\/dashboard$/);
    await expect(
      other.getByTestId('app-menu').locator('[data-menu-key="collaudi"]'),
    ).toBeAttached();
    await other.context().close();
  });

  test('a reset password is shown once; the user logs in with it and must choose a new one first', async ({
    page,
    browser,
    request,
  }) => {
    const user = newUser('Reset');
    await signIn(page, DEMO.admin);
    await createUserByApi(request, page, user, 'Password-Iniziale-2026');
    await openSettings(page);

    await userRow(page, user.email).getByTestId('user-reset').click();
    await page.getByTestId('confirm-user-reset-confirm').click();
    const shown = page.getByTestId('temp-password');
    await expect(shown).toBeVisible();
    const temporary = await shown.inputValue();
    expect(temporary.length).toBeGreaterThanOrEqual(10);
    await page
      .getByTestId('temp-password-dialog')
      .getByRole('button', { name: /chiudi/ })
      .click();
    await expect(shown).toHaveCount(0);
    await expect(userRow(page, user.email)).toContainText('Password temporanea');

    const other = await secondPage(browser);
    await other.goto('/auth/login');
    await fillLogin(other, user.email, temporary);
    await expect(other).toHaveURL(/\/auth\/change-password/);
    await expect(other.getByRole('heading', { name: 'Scegli una nuova password' })).toBeVisible();
    // no way around it
    await other.goto('/app/pages/profile');
    await expect(other).toHaveURL(/\/auth\/change-password\?returnUrl=%2Fapp%2Fpages%2Fprofile$/);

    const newPassword = 'Scelta-Da-Me-2026';
    await other.getByLabel('Password attuale').fill(temporary);
    await other.getByLabel('Nuova password', { exact: true }).fill(newPassword);
    await other.getByLabel('Conferma nuova password').fill(newPassword);
    await other.getByRole('button', { name: 'Cambia password' }).click();
    await expect(other).toHaveURL(/\/app\/pages\/profile$/);
    await expect(other.getByTestId('page-title')).toHaveText('Profilo');

    // the temporary one no longer works, the new one does
    await other.getByTestId('topbar-logout').click();
    // the profile page has an Email field too: fill the form only once the login page is there
    await expect(other).toHaveURL(/\/auth\/login/);
    await fillLogin(other, user.email, temporary);
    await expect(other.getByTestId('login-error')).toContainText('Credenziali non valide');
    await fillLogin(other, user.email, newPassword);
    await expect(other).toHaveURL(/\/app\/dashboard$/);
    await other.context().close();
  });

  test('deactivate, reactivate and delete a user; the admin cannot lock themself out', async ({
    page,
    request,
  }) => {
    const user = newUser('Temporaneo');
    await signIn(page, DEMO.admin);
    await createUserByApi(request, page, user, PASSWORD);
    await openSettings(page);

    const row = userRow(page, user.email);
    await row.getByTestId('user-deactivate').click();
    await page.getByTestId('confirm-user-active-confirm').click();
    await expect(row).toContainText('Disattivato');
    await row.getByTestId('user-reactivate').click();
    await page.getByTestId('confirm-user-active-confirm').click();
    await expect(row).toContainText('Attivo');

    // own row: no delete, deactivate or reset
    const me = userRow(page, DEMO.admin.email);
    await expect(me.getByTestId('user-edit')).toBeVisible();
    await expect(me.getByTestId('user-delete')).toHaveCount(0);
    await expect(me.getByTestId('user-deactivate')).toHaveCount(0);

    await row.getByTestId('user-delete').click();
    await page.getByTestId('confirm-user-delete-confirm').click();
    await expect(userRow(page, user.email)).toHaveCount(0);
  });
});

test.describe('Ditte del gruppo', () => {
  test('an admin adds a company, uploads its logo with a preview, and the top bar shows it at once', async ({
    page,
  }, testInfo) => {
    const name = `Laboratorio Prova ${Date.now()}`;
    await signIn(page, DEMO.admin, '/app/pages/group-companies');
    await expect(page.getByTestId('company-card').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'group-companies');
    await page.getByTestId('company-new').click();
    const form = page.getByTestId('company-form-dialog');
    await form.getByLabel('Ragione sociale').fill(name);
    await form.getByLabel('Partita IVA').fill('01234567890');
    await page.getByTestId('company-save').click();
    await expect(page.getByTestId('company-partitaIva-error')).toHaveText(
      'Partita IVA non valida: cifra di controllo errata',
    );
    await form.getByLabel('Partita IVA').fill('');
    await page.getByTestId('company-save').click();
    await expect(form).toBeHidden();

    // act for the new company (no quarry: the top bar shows its name)
    await page.getByTestId('company-selector').selectOption({ label: name });
    await expect(page.getByTestId('quarry-label')).toHaveText(name);
    await expect(page.locator('.layout-topbar-logo-img')).toHaveCount(0);

    const card = page.getByTestId('company-card').filter({ hasText: name });
    await card.getByTestId('company-logo-button').click();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGM4YSNHEmIY1TCqYfhqAADXFCIQU/5f4AAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .getByTestId('logo-file')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('logo-preview')).toBeVisible();
    await page.getByTestId('logo-upload').click();
    await expect(page.getByTestId('logo-dialog')).toBeHidden();
    await expect(card.getByTestId('company-logo')).toBeVisible();
    // no reload: the top bar has the logo
    await expect(page.locator('.layout-topbar-logo-img')).toHaveAttribute('src', /\/api\/files\//);
    await page.getByTestId('company-selector').selectOption({ label: 'Marmi Demo S.r.l.' });
    await expect(page.getByTestId('quarry-label')).toHaveText(QUARRY);
  });
});
