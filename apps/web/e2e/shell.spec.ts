import { expect, test } from '@playwright/test';
import {
  clickMenu,
  DEMO,
  expectNoSeriousA11yViolations,
  signIn,
  screenshot,
  sidebarSettled,
  storedToken,
  watchConsole,
} from './helpers';

test.describe('application shell', () => {
  test('dashboard: top bar, agenda, footer; axe clean; screenshot at 1366', async ({
    page,
  }, testInfo) => {
    const console = watchConsole(page);
    await signIn(page, DEMO.admin);
    await expect(page.getByTestId('quarry-label')).toHaveText('Cava di Canalgrande');
    await expect(page.getByRole('heading', { name: 'Agenda' })).toBeVisible();
    await expect(page.getByTestId('agenda-list').locator('li').first()).toBeVisible();
    await expect(page.getByTestId('footer')).toContainText('Marmi Demo S.r.l.');
    await expect(page.getByTestId('footer')).toContainText('v1.0.0');
    await expect(page.getByText('Caricamento in corso...')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, testInfo, 'shell-dashboard');
    await screenshot(page, 'dashboard-admin-1366');

    await page.getByTestId('topbar-profile').click();
    await expect(page.getByTestId('page-title')).toHaveText('Profilo');
    await expect(page.getByRole('heading', { name: 'Cambia password' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'shell-profile');
    await screenshot(page, 'profile-1366');
    expect(console.errors).toEqual([]);
  });

  test('admin switches company: the top bar changes, and back', async ({ page }) => {
    const console = watchConsole(page);
    await signIn(page, DEMO.admin);
    const selector = page.getByTestId('company-selector');
    // other specs may add companies to the shared e2e database: check the demo two are offered, in order
    await expect(selector.locator('option').first()).toHaveText('Marmi Demo S.r.l.');
    await expect(selector.locator('option', { hasText: 'Segheria Demo S.r.l.' })).toHaveCount(1);
    await selector.selectOption({ label: 'Segheria Demo S.r.l.' });
    await expect(page.getByTestId('quarry-label')).toHaveText('Segheria Demo S.r.l.');
    await expect(page.getByTestId('footer')).toContainText('Segheria Demo S.r.l.');
    expect(
      await page.evaluate(() => window.localStorage.getItem('selectedCompanyId')),
    ).toBeTruthy();
    // kept across a reload
    await page.reload();
    await expect(page.getByTestId('quarry-label')).toHaveText('Segheria Demo S.r.l.');
    await page.getByTestId('company-selector').selectOption({ label: 'Marmi Demo S.r.l.' });
    await expect(page.getByTestId('quarry-label')).toHaveText('Cava di Canalgrande');
    expect(await page.evaluate(() => window.localStorage.getItem('selectedCompanyId'))).toBeNull();
    expect(console.errors).toEqual([]);
  });

  test('dark mode and overlay menu, kept in local storage', async ({ page }, testInfo) => {
    const console = watchConsole(page);
    await signIn(page, DEMO.vendite);
    const sidebar = page.locator('.layout-sidebar');
    await expect(sidebar).toBeVisible(); // static mode, desktop: menu open beside the content
    const lightHref = await page.locator('#theme-css').getAttribute('href');

    await page.getByTestId('topbar-config').click();
    const panel = page.getByRole('complementary').or(page.locator('.layout-config-sidebar'));
    await expect(panel.first()).toBeVisible();
    await page.getByLabel('Scuro').check();
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    await expect(page.locator('#theme-css')).not.toHaveAttribute('href', lightHref ?? '');
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .not.toBe('rgb(249, 250, 251)');
    await page.getByLabel('Sovrapposto').check();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('layout-wrapper')).toHaveClass(/layout-overlay/);
    await expect(sidebar).toBeHidden();

    // the overlay menu opens on the toggle and closes on navigation
    await page.getByTestId('menu-toggle').click();
    await expect(sidebar).toBeVisible();
    await sidebarSettled(page);
    await screenshot(page, 'overlay-dark-1366');
    await expectNoSeriousA11yViolations(page, testInfo, 'shell-dark-overlay');
    await clickMenu(page, 'collaudi');
    await expect(page).toHaveURL(/\/app\/pages\/collaudi$/);
    await expect(sidebar).toBeHidden();

    // Escape closes it too and gives the focus back to the toggle
    await page.getByTestId('menu-toggle').click();
    await expect(sidebar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await expect(page.getByTestId('menu-toggle')).toBeFocused();

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    await expect(page.getByTestId('layout-wrapper')).toHaveClass(/layout-overlay/);
    const stored = await page.evaluate(
      () => JSON.parse(window.localStorage.getItem('layoutConfig') ?? '{}') as object,
    );
    expect(stored).toMatchObject({
      colorScheme: 'dark',
      menuMode: 'overlay',
      scale: 14,
      inputStyle: 'outlined',
    });
    expect(console.errors).toEqual([]);
  });

  test('static menu stays open on navigation and closes with the toggle', async ({ page }) => {
    await signIn(page, DEMO.produzione);
    const sidebar = page.locator('.layout-sidebar');
    await clickMenu(page, 'bancate');
    await expect(page).toHaveURL(/\/app\/bancate$/);
    await expect(sidebar).toBeVisible();
    await page.getByTestId('menu-toggle').click();
    await expect(sidebar).toBeHidden();
    await page.getByTestId('menu-toggle').click();
    await expect(sidebar).toBeVisible();
  });

  test('390 px: overlay menu and top bar menu on a phone; screenshots', async ({
    page,
  }, testInfo) => {
    const console = watchConsole(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.admin);
    const sidebar = page.locator('.layout-sidebar');
    await expect(sidebar).toBeHidden();
    await expect(page.getByTestId('quarry-label')).toBeVisible();
    await screenshot(page, 'dashboard-admin-390');
    const hasHorizontalScroll = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(hasHorizontalScroll).toBe(false);

    await page.getByTestId('menu-toggle').click();
    await expect(sidebar).toBeVisible();
    await sidebarSettled(page);
    await screenshot(page, 'menu-open-390');
    await expectNoSeriousA11yViolations(page, testInfo, 'shell-mobile-menu');
    await clickMenu(page, 'blocchi');
    await expect(page).toHaveURL(/\/app\/pages\/blocchi$/);
    await expect(sidebar).toBeHidden();

    await page.getByRole('button', { name: 'Altre azioni' }).click();
    await expect(page.getByTestId('topbar-profile')).toBeVisible();
    await expect(page.getByTestId('company-selector')).toBeVisible();
    await screenshot(page, 'topbar-menu-390');
    await page.getByTestId('topbar-profile').click();
    await expect(page).toHaveURL(/\/app\/pages\/profile$/);
    await expect(page.getByTestId('topbar-profile')).toBeHidden();
    await screenshot(page, 'profile-390');
    expect(console.errors).toEqual([]);
  });

  test('360 px works too (the narrowest supported width)', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, DEMO.segheria);
    await expect(page.getByTestId('quarry-label')).toHaveText('Segheria Demo S.r.l.');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
    await page.getByTestId('menu-toggle').click();
    await clickMenu(page, 'magazzino-lastre');
    await expect(page.getByTestId('page-title')).toHaveText('Magazzino Lastre');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
  });

  test('keyboard: skip link, menu groups, links', async ({ page }) => {
    await signIn(page, DEMO.vendite);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Vai al contenuto' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();

    const vendita = page.locator('.layout-sidebar').getByRole('button', { name: 'Vendita' });
    await vendita.focus();
    await expect(vendita).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(vendita).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.locator('[data-menu-key="collaudi"]')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/pages\/collaudi$/);
  });

  test('the chat badge shows the server count and the notifications toggle behaves', async ({
    page,
    context,
    request,
  }) => {
    const console = watchConsole(page);
    await context.grantPermissions(['notifications']);
    await signIn(page, DEMO.produzione);
    // The demo seed leaves messages unread for produzione (other specs may read them meanwhile): the badge says what the server says.
    const token = await storedToken(page);
    const count = (
      (await (
        await request.get('/api/chat/unread', { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as { data: { unreadCount: number } }
    ).data.unreadCount;
    if (count > 0) await expect(page.getByTestId('chat-badge')).toHaveText(String(count));
    else await expect(page.getByTestId('chat-badge')).toHaveCount(0);
    const toggle = page.getByTestId('notifications-toggle');
    await expect(toggle).toBeVisible();
    const on = (await toggle.getAttribute('aria-pressed')) === 'true';
    await toggle.click();
    await expect(
      page.getByText(on ? 'Notifiche disabilitate' : 'Notifiche abilitate'),
    ).toBeVisible();
    await expect(
      page.getByText(
        on
          ? 'Non riceverai notifiche per i nuovi messaggi.'
          : 'Riceverai notifiche per i nuovi messaggi quando non sei nella chat.',
      ),
    ).toBeVisible();
    await toggle.click();
    await expect(
      page.getByText(on ? 'Notifiche abilitate' : 'Notifiche disabilitate'),
    ).toBeVisible();
    await page.getByTestId('topbar-chat').click();
    await expect(page.getByTestId('page-title')).toHaveText('Chat');
    expect(console.errors).toEqual([]);
  });
});
