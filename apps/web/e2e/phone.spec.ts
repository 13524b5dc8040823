import { expect, test } from '@playwright/test';
import { DEMO, login, screenshot, watchConsole } from './helpers';

/** What quarry staff met in their first hour on a phone (390 × 844, touch). */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test.describe('phone, 390 px', () => {
  test('the chat and its unread badge sit in the top bar, not in the ⋮ menu', async ({ page }) => {
    const console = watchConsole(page);
    await login(page, DEMO.vendite);
    const chat = page.getByTestId('topbar-chat');
    await expect(chat).toBeVisible();
    expect(await chat.evaluate((el) => el.closest('#topbar-menu') === null)).toBe(true);
    const box = await chat.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'topbar-390');

    await chat.click();
    await expect(page).toHaveURL(/\/app\/chat$/);
    await expect(page.locator('.chat-list')).toBeVisible();
    expect((await page.locator('.chat-list').boundingBox())!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(console.errors).toEqual([]);
  });

  test('the blocco header folds its actions into "Azioni"; a new page opens at its top', async ({
    page,
  }) => {
    const console = watchConsole(page);
    await login(page, DEMO.admin);
    await page.goto('/app/pages/blocchi');
    await page.getByTestId('list-card').first().click();
    await expect(page.getByRole('button', { name: 'Azioni', exact: true })).toBeVisible();
    await expect(page.getByTestId('blocco-codice')).toHaveCount(0);
    const header = page.locator('.page-header');
    expect((await header.boundingBox())!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'blocco-header-390');
    await page.getByRole('button', { name: 'Azioni', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: 'Correggi codice' })).toBeVisible();
    await screenshot(page, 'blocco-azioni-390');
    await page.keyboard.press('Escape');

    // scrolled down the detail, the link back opens the list at its top
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page
      .locator('.page-header')
      .getByRole('link', { name: /Elenco blocchi/ })
      .click();
    await expect(page).toHaveURL(/\/app\/pages\/blocchi(\?|$)/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(console.errors).toEqual([]);
  });

  test('the settings tabs fit the screen without sideways scrolling', async ({ page }) => {
    await login(page, DEMO.admin);
    await page.goto('/app/pages/settings');
    const nav = page.locator('.p-tabview-nav-content');
    await expect(page.getByRole('tab', { name: 'Anagrafiche di base' })).toBeVisible();
    expect(await nav.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    // every label whole inside its tab (wrapped, not cut)
    for (const tab of await page.locator('.p-tabview-nav > li:not(.p-tabview-ink-bar)').all()) {
      const overflow = await tab.evaluate((li) => {
        const title = li.querySelector('.p-tabview-title') as HTMLElement;
        const a = li.getBoundingClientRect();
        const t = title.getBoundingClientRect();
        return Math.max(a.left - t.left, t.right - a.right, title.scrollWidth - title.clientWidth);
      });
      expect(overflow).toBeLessThanOrEqual(1);
    }
    await screenshot(page, 'settings-tabs-390');
  });

  test('a page without permission lands on / with the reason and the way back', async ({
    page,
  }) => {
    await login(page, DEMO.produzione);
    await page.goto('/app/pages/collaudi');
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByTestId('landing-no-access')).toContainText(
      'Non hai accesso a quella pagina',
    );
    await screenshot(page, 'no-access-390');
    await page.getByRole('link', { name: 'Torna alla dashboard' }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  });
});
