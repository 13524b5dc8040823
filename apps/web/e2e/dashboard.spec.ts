import { expect, test, type Page } from '@playwright/test';
import {
  DEMO,
  expectNoSeriousA11yViolations,
  login,
  screenshot,
  watchConsole,
  type DemoUser,
} from './helpers';

// dashboard: each demo user sees the KPI tiles of the pages they may read, and no other;
// the numbers link to their lists with the filter applied; screenshots at 1366 and 390 px.

const ALL = [
  'produzione',
  'disponibili',
  'opzionati',
  'in-collaudo',
  'lastre',
  'pavimenti',
  'collaudi',
  'resa',
] as const;

/** docs/screens.md "Demo data"'s permissions: which tiles each demo user's pages explain. */
const EXPECTED: Record<keyof typeof DEMO, readonly string[]> = {
  admin: ALL,
  // bancate, blocchi, blocchi-esterni
  produzione: ['produzione', 'disponibili', 'opzionati', 'in-collaudo', 'resa'],
  // magazzino-lastre, magazzino-pavimenti
  magazzino: ['lastre', 'pavimenti'],
  // collaudi, blocchi read-only
  vendite: ['produzione', 'disponibili', 'opzionati', 'in-collaudo', 'collaudi'],
  // blocchi, blocchi-esterni, magazzino-lastre
  segheria: ['produzione', 'disponibili', 'opzionati', 'in-collaudo', 'lastre'],
};

async function tilesOf(page: Page): Promise<string[]> {
  const tiles = page.locator('[data-testid^="kpi-"]');
  await expect(tiles.first()).toBeVisible();
  return (
    await tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(4)))
  ).sort();
}

async function openDashboard(page: Page, user: DemoUser) {
  await login(page, user);
  await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
  await expect(page.getByRole('heading', { name: 'Indicatori' })).toBeVisible();
  await expect(page.getByText('Caricamento degli indicatori...')).toHaveCount(0);
}

test.describe('dashboard KPIs', () => {
  for (const name of Object.keys(DEMO) as Array<keyof typeof DEMO>) {
    test(`${name} sees only the KPIs of their pages`, async ({ page }) => {
      const console = watchConsole(page);
      await openDashboard(page, DEMO[name]);
      expect(await tilesOf(page)).toEqual([...EXPECTED[name]].sort());
      // The chart only beside the production figure.
      await expect(
        page.getByRole('heading', { name: 'Produzione ultimi 12 mesi (m³)' }),
      ).toHaveCount(EXPECTED[name].includes('produzione') ? 1 : 0);
      await expect(page.getByRole('heading', { name: 'Ultime attività' })).toBeVisible();
      expect(console.errors).toEqual([]);
    });
  }

  test('admin: living numbers, chart, activity and derived agenda; a number opens its filtered list; 1366 px', async ({
    page,
  }, testInfo) => {
    const console = watchConsole(page);
    await openDashboard(page, DEMO.admin);
    // The demo data has production, stock and a collaudo programmed this week.
    await expect(page.getByTestId('kpi-collaudi').locator('.kpi-value')).not.toHaveText('0');
    await expect(page.getByTestId('kpi-lastre').locator('.kpi-value')).not.toHaveText('0 m²');
    await expect(page.getByTestId('kpi-disponibili').locator('.kpi-value')).not.toHaveText('0');
    await expect(page.locator('.production-chart canvas')).toBeVisible();
    await expect(page.getByTestId('activity-list').getByRole('link').first()).toBeVisible();
    await expect(
      page.getByTestId('agenda-list').locator('li.agenda-collaudo a').first(),
    ).toBeVisible();
    await page.waitForTimeout(300); // the chart draws after chart.js arrives
    await expectNoSeriousA11yViolations(page, testInfo, 'dashboard-kpi');
    await screenshot(page, 'dashboard-kpi-admin-1366');
    // The whole page, below the fold too, among the test's outputs for review.
    await page.screenshot({
      path: testInfo.outputPath('dashboard-admin-1366-full.png'),
      fullPage: true,
    });

    // the tile adds own and bought-in blocks: its list shows both, and the same number.
    // Other specs add and move blocks in parallel, so the two are compared when read back to back.
    await expect(async () => {
      await page.goto('/app/dashboard');
      const tile = page.getByTestId('kpi-disponibili').locator('.kpi-value');
      await expect(tile).not.toHaveText('0');
      const disponibili = (await tile.innerText()).trim();
      await tile.click();
      await expect(page).toHaveURL(/\/app\/pages\/blocchi\?stato=disponibile&origine=tutte$/);
      await expect(page.getByTestId('page-title')).toHaveText('Blocchi propri e acquistati');
      // the count leads the totals ("45 blocchi, di cui 5 informi (57,65 t)")
      await expect(page.getByTestId('list-totals').locator('dd').first()).toHaveText(
        new RegExp(`^${disponibili}( blocchi|$)`),
        { timeout: 5_000 },
      );
    }).toPass({ timeout: 60_000 });
    expect(console.errors).toEqual([]);
  });
});

test.describe('dashboard on a phone, 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (const name of ['admin', 'magazzino'] as const) {
    test(`${name}: tiles fit the width, nothing scrolls sideways`, async ({ page }, testInfo) => {
      const console = watchConsole(page);
      await openDashboard(page, DEMO[name]);
      expect(await tilesOf(page)).toEqual([...EXPECTED[name]].sort());
      for (const box of await page
        .locator('.kpi-tile')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right)))
        expect(box).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      if (name === 'admin') await expect(page.locator('.production-chart canvas')).toBeVisible();
      await page.waitForTimeout(300);
      await screenshot(page, `dashboard-kpi-${name}-390`);
      await page.screenshot({
        path: testInfo.outputPath(`dashboard-${name}-390-full.png`),
        fullPage: true,
      });
      expect(console.errors).toEqual([]);
    });
  }
});
