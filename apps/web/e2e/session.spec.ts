import { expect, test } from '@playwright/test';
import { clickMenu, DEMO, fillLogin, login, storedToken, watchConsole } from './helpers';

test.describe('session', () => {
  test('a user is sent away from a page they may not see', async ({ page }) => {
    await login(page, DEMO.produzione);
    await page.goto('/app/pages/collaudi');
    // docs/api.md "Who may call what": without the page permission the user goes to / (which opens /landing).
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByRole('link', { name: "Vai all'app" }).first()).toBeVisible();
    await page.goto('/app/pages/settings');
    await expect(page).toHaveURL(/\/landing$/);
    await page.goto('/app/pages/magazzino/lastre');
    await expect(page).toHaveURL(/\/landing$/);
    // …and admitted where allowed, detail routes included (whatever the module shows for an unknown id)
    await page.goto('/app/pages/blocchi/01a2012d-0000-7000-8000-000000000001');
    await expect(page).toHaveURL(/\/app\/pages\/blocchi\/01a2012d-0000-7000-8000-000000000001$/);
    await expect(page.getByTestId('topbar')).toBeVisible();
  });

  test('logout is real: storage cleared, login page, the old token answers 401', async ({
    page,
    request,
  }) => {
    const console = watchConsole(page);
    await login(page, DEMO.magazzino);
    const token = await storedToken(page);
    const before = await request.get('/companies/user-company', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(before.status()).toBe(200);

    await page.getByTestId('topbar-logout').click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    const stored = (key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);
    expect(await stored('token')).toBeNull();
    expect(await stored('currentUser')).toBeNull();
    // a new anonymous token is fetched after the logout: its answer may come after the login page
    await expect.poll(() => stored('csrfToken')).toBeTruthy();

    const after = await request.get('/companies/user-company', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(after.status()).toBe(401);
    await page.goto('/app/dashboard');
    await expect(page).toHaveURL(/\/auth\/login/);
    expect(console.errors).toEqual([]);
  });

  test('a token revoked by the server sends the user to log in, and back to the same page', async ({
    page,
    request,
  }) => {
    await login(page, DEMO.produzione);
    await clickMenu(page, 'bancate');
    await expect(page).toHaveURL(/\/app\/bancate$/);
    const token = await storedToken(page);

    // Revoke the session from outside the browser (the same as an admin or another device would).
    const auth = { Authorization: `Bearer ${token}` };
    const csrf = (await (await request.get('/api/token', { headers: auth })).json()) as {
      csrfToken: string;
    };
    const revoked = await request.post('/user/logout', {
      headers: { ...auth, 'X-CSRF-Token': csrf.csrfToken },
    });
    expect(revoked.status()).toBe(200);

    await page.reload();
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fapp%2Fbancate$/);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await fillLogin(page, DEMO.produzione.email);
    await expect(page).toHaveURL(/\/app\/bancate$/);
    await expect(page.getByTestId('page-title')).toHaveText('Bancate');
  });

  test('an expired session during navigation is caught too', async ({ page, request }) => {
    await login(page, DEMO.vendite);
    const token = await storedToken(page);
    const auth = { Authorization: `Bearer ${token}` };
    const csrf = (await (await request.get('/api/token', { headers: auth })).json()) as {
      csrfToken: string;
    };
    await request.post('/user/logout', { headers: { ...auth, 'X-CSRF-Token': csrf.csrfToken } });
    // the profile page posts nothing by itself; changing the name does
    await page.getByTestId('topbar-profile').click();
    await page.getByLabel('Nome', { exact: true }).fill('Paolo V.');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fapp%2Fpages%2Fprofile$/);
  });
});
