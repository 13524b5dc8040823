import { expect, test } from '@playwright/test';
import {
  DEMO,
  expectNoSeriousA11yViolations,
  fillLogin,
  screenshot,
  watchConsole,
} from './helpers';

test.describe('public pages', () => {
  test('/ lands on /landing, a real page in Italian with Accedi', async ({ page }, testInfo) => {
    const console = watchConsole(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'La cava, la segheria e il magazzino',
    );
    await expect(page.getByRole('link', { name: 'Accedi' }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expectNoSeriousA11yViolations(page, testInfo, 'landing');
    await screenshot(page, 'landing-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'landing-390');
    await page.getByRole('link', { name: 'Accedi' }).first().click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(console.errors).toEqual([]);
  });

  test('an unknown path shows the exact not-found texts, links to /', async ({
    page,
  }, testInfo) => {
    const console = watchConsole(page);
    await page.goto('/questa/pagina/non/esiste');
    await expect(page).toHaveURL(/\/notfound$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina non trovata');
    await expect(page.getByText('La risorsa richiesta non è disponibile.')).toBeVisible();
    const links = page.getByRole('navigation', { name: 'Collegamenti utili' }).getByRole('link');
    await expect(links).toHaveText(['Domande frequenti', 'Centro assistenza', 'Torna alla home']);
    for (const href of await links.evaluateAll((els) => els.map((e) => e.getAttribute('href')))) {
      expect(href).toBe('/');
    }
    await expectNoSeriousA11yViolations(page, testInfo, 'notfound');
    await screenshot(page, 'notfound-1366');
    await links.last().click();
    await expect(page).toHaveURL(/\/landing$/);
    // an unknown path under /app goes there too
    await page.goto('/app/nessuna-pagina');
    await expect(page).toHaveURL(/\/(notfound|auth\/login.*)$/);
    expect(console.errors).toEqual([]);
  });

  test('a wrong password shows the server message and stays on the login page', async ({
    page,
  }, testInfo) => {
    const console = watchConsole(page);
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'login');
    await screenshot(page, 'login-1366');
    await fillLogin(page, DEMO.produzione.email, 'password-sbagliata');
    await expect(page.getByRole('alert')).toHaveText('Credenziali non valide');
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'login-error-390');
    expect(console.errors).toEqual([]);
  });

  test('/app without a session goes to the login page and back after logging in', async ({
    page,
  }) => {
    await page.goto('/app/pages/collaudi');
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fapp%2Fpages%2Fcollaudi$/);
    await fillLogin(page, DEMO.vendite.email);
    await expect(page).toHaveURL(/\/app\/pages\/collaudi$/);
    await expect(page.getByTestId('page-title')).toHaveText('Collaudi');
  });
});
