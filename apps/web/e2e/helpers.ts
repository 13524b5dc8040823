import { expect, type Page, type TestInfo } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const PASSWORD = 'Cava-Demo-2026';

export interface DemoUser {
  email: string;
  /** data-menu-key of every visible menu leaf, in order */
  menu: string[];
  /** the top bar text */
  quarry: string;
  funzioni: boolean;
}

/** DESIGN §7 demo users and what SPEC §2 says each one sees. */
export const DEMO: Record<'admin' | 'produzione' | 'magazzino' | 'vendite' | 'segheria', DemoUser> =
  {
    admin: {
      email: 'admin@cava.example',
      menu: [
        'dashboard',
        'bancate',
        'blocchi',
        'photo-gallery',
        'blocchi-esterni',
        'lavorazione-lastre',
        'lavorazione-pavimenti',
        'magazzino-lastre',
        'magazzino-pavimenti',
        'collaudi',
        'spedizioni',
        'fatture',
        'statistiche',
        'reportistica',
        'clienti',
        'fornitori',
        'group-companies',
        'automezzi',
      ],
      quarry: 'Cava di Canalgrande',
      funzioni: true,
    },
    produzione: {
      email: 'produzione@cava.example',
      menu: ['dashboard', 'bancate', 'blocchi', 'photo-gallery', 'blocchi-esterni'],
      quarry: 'Cava di Canalgrande',
      funzioni: false,
    },
    magazzino: {
      email: 'magazzino@cava.example',
      menu: [
        'dashboard',
        'photo-gallery',
        'lavorazione-lastre',
        'lavorazione-pavimenti',
        'magazzino-lastre',
        'magazzino-pavimenti',
        'spedizioni',
        'automezzi',
      ],
      quarry: 'Cava di Canalgrande',
      funzioni: true,
    },
    vendite: {
      email: 'vendite@cava.example',
      menu: [
        'dashboard',
        'blocchi',
        'collaudi',
        'spedizioni',
        'fatture',
        'statistiche',
        'reportistica',
        'clienti',
        'fornitori',
        'group-companies',
        'automezzi',
      ],
      quarry: 'Cava di Canalgrande',
      funzioni: true,
    },
    segheria: {
      email: 'segheria@cava.example',
      menu: ['dashboard', 'blocchi', 'blocchi-esterni', 'lavorazione-lastre', 'magazzino-lastre'],
      quarry: 'Segheria Demo S.r.l.',
      funzioni: false,
    },
  };

export async function fillLogin(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
}

/** Log in through the form and wait for the shell. */
export async function login(page: Page, user: DemoUser, startPath = '/auth/login'): Promise<void> {
  await page.goto(startPath);
  await fillLogin(page, user.email);
  await expect(page).toHaveURL(/\/app\//);
  await expect(page.getByTestId('quarry-label')).toHaveText(user.quarry);
}

export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token ?? '';
}

/**
 * Console errors and uncaught exceptions. The browser's own "Failed to load resource" lines for
 * answers the app expects (401 after a revoked session, 404 of the chat counter until the chat
 * lands) are network facts, not app errors; everything else counts.
 */
export function watchConsole(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    if (/Failed to load resource: the server responded with a status of (401|404)/.test(text))
      return;
    errors.push(text);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return { errors };
}

/** axe-core: no serious or critical violation. */
export async function expectNoSeriousA11yViolations(
  page: Page,
  testInfo: TestInfo,
  name: string,
): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  await testInfo.attach(`axe-${name}.json`, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: 'application/json',
  });
  expect(
    serious.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

export const SCREENSHOT_DIR = 'e2e/screenshots';

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: false });
}

/** Clicks a sidebar entry, opening its group first when it is collapsed. */
export async function clickMenu(page: Page, key: string): Promise<void> {
  const link = page.locator(`.layout-sidebar [data-menu-key="${key}"]`);
  if (!(await link.isVisible())) {
    const toggle = page.locator(
      `.layout-sidebar li[data-menu-group]:has([data-menu-key="${key}"]) > button`,
    );
    if ((await toggle.count()) > 0) await toggle.click();
  }
  await link.click();
}

/** The sidebar has finished sliding in (0.2 s transition), so a screenshot shows it whole. */
export async function sidebarSettled(page: Page): Promise<void> {
  await expect
    .poll(async () => (await page.locator('.layout-sidebar').boundingBox())?.x ?? -1)
    .toBeGreaterThanOrEqual(0);
  await page.waitForTimeout(250);
}

/** A free slab's page, reached from the list (so Back has somewhere to go), with its Vendi form open and typed in. */
export async function openVendi(page: Page) {
  await page.goto('/app/pages/magazzino/lastre?stato=disponibile');
  await page
    .getByRole('table', { name: 'Lastre' })
    .locator('tbody tr')
    .first()
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(/\/app\/pages\/magazzino\/lastre\/[^/?]+$/);
  await page.getByTestId('lastra-vendi').click();
  const dialog = page.getByTestId('vendi-form-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('vendi-prezzo').fill('123,50');
  await page.getByTestId('vendi-documento').fill('DDT 42/2026');
  return dialog;
}
