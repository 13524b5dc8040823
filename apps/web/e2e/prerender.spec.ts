import { expect, test } from '@playwright/test';
import { DEMO, fillLogin, PASSWORD, screenshot, watchConsole } from './helpers';

/**
 * The login page and the landing arrive drawn (docs/performance.md "The login paints first"): the
 * HTML holds the page before any script runs, and the script takes it over without redrawing it.
 */
test.describe('prerendered public pages', () => {
  test('without JavaScript the login page already shows the logo, the two fields and the button', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto('/auth/login');
    await expect(page).toHaveTitle('Accedi · GestCava');
    await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    // visible, but it cannot send the form before the script (the password would go in the address)
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeDisabled();
    // the constant logo address: the server answers the image (the product's mark in the demo)
    const logo = page.getByRole('img', { name: 'Logo' });
    await expect(logo).toHaveAttribute('src', '/user/logo');
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(page, 'login-prerendered-390');

    await page.goto('/landing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'La cava, la segheria e il magazzino in un solo posto',
    );
    await expect(page.getByTestId('landing-login').first()).toHaveAttribute('href', '/auth/login');
    await context.close();
  });

  test('with JavaScript the script takes the drawn login over without an error, and logging in works', async ({
    page,
  }) => {
    const console = watchConsole(page);
    await page.goto('/auth/login?returnUrl=%2Fapp%2Fpages%2Fcollaudi');
    const email = page.getByLabel('Email');
    await expect(email).toBeVisible();
    // the field the HTML brought is the one React adopts (hydration), not a new one drawn over it
    await email.evaluate((el) => el.setAttribute('data-from-html', 'yes'));
    await expect
      .poll(() => email.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber'))))
      .toBe(true);
    await expect(email).toHaveAttribute('data-from-html', 'yes');
    await page.getByRole('button', { name: 'Mostra la password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await expect(page.getByTestId('full-screen-loader')).toHaveCount(0);
    await fillLogin(page, DEMO.vendite.email);
    await expect(page).toHaveURL(/\/app\/pages\/collaudi$/);
    await expect(page.getByTestId('page-title')).toHaveText('Collaudi');
    expect(console.errors).toEqual([]);
  });

  test('what is typed before the script arrives is kept and sent once the button is ready', async ({
    page,
  }) => {
    const console = watchConsole(page);
    // a slow link: the app's entry is held back until the person has typed (a fixed delay raced
    // the typing: on a fast machine the script had arrived before the first key)
    let release = () => {};
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    // 'commit': the load event would wait for the held script
    await page.goto('/auth/login', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(DEMO.magazzino.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeDisabled();
    release();
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeEnabled({ timeout: 20_000 });
    await expect(page.getByLabel('Email')).toHaveValue(DEMO.magazzino.email);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    expect(console.errors).toEqual([]);
  });

  test('a signed-in visitor on the drawn landing is offered the app, without an error', async ({
    page,
  }) => {
    const console = watchConsole(page);
    await page.goto('/auth/login');
    await fillLogin(page, DEMO.produzione.email);
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await page.goto('/landing');
    // the HTML offers Accedi to everyone; the stored session turns it into the way to the app
    await expect(page.getByTestId('landing-app').first()).toBeVisible();
    await expect(page.getByTestId('landing-login')).toHaveCount(0);
    await page.getByTestId('landing-app').first().click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    expect(console.errors).toEqual([]);
  });
});
