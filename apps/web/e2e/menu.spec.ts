import { expect, test } from '@playwright/test';
import { clickMenu, DEMO, login, watchConsole } from './helpers';

test.describe('each demo user sees exactly the menu entries their permissions allow', () => {
  for (const [name, user] of Object.entries(DEMO)) {
    test(`${name}`, async ({ page }) => {
      // visits every page the user may see: as many page loads as menu entries
      test.setTimeout(150_000);
      const console = watchConsole(page);
      await login(page, user);
      await expect(page).toHaveURL(/\/app\/dashboard$/);
      const menu = page.getByTestId('app-menu');
      const keys = await menu
        .locator('[data-menu-key]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-key')));
      expect(keys).toEqual(user.menu);
      await expect(menu.getByText('FUNZIONI', { exact: true })).toHaveCount(user.funzioni ? 1 : 0);
      await expect(page.getByTestId('footer')).toContainText('v1.0.0');
      // Chat for users with the chat permission (all demo users) and admins; Impostazioni for admins only.
      await expect(page.getByTestId('topbar-chat')).toBeVisible();
      await expect(page.getByTestId('topbar-settings')).toHaveCount(name === 'admin' ? 1 : 0);
      await expect(page.getByTestId('company-selector')).toHaveCount(name === 'admin' ? 1 : 0);

      // Every entry opens its page without a crash.
      for (const key of user.menu) {
        const link = menu.locator(`[data-menu-key="${key}"]`);
        await clickMenu(page, key);
        const href = await link.getAttribute('href');
        await expect(page).toHaveURL(new RegExp(`${href ?? ''}$`));
        await expect(page.getByTestId('page-title')).toBeVisible();
      }
      expect(console.errors).toEqual([]);
    });
  }
});
