import { expect, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { permissionPreset, type User } from '@gestcava/contracts';
import { APP_MENU } from '../src/app/app-pages';
import { visibleLeaves } from '../src/layout/menu-model';

export const PASSWORD = 'Cava-Demo-2026';

export interface DemoUser {
  email: string;
  /** data-menu-key of every visible menu leaf, in order */
  menu: string[];
  /** the top bar text */
  quarry: string;
  funzioni: boolean;
}

/**
 * The demo users (docs/screens.md "Demo data") and what each one sees: their permissions are the
 * presets of their jobs, as the demo seed gives them, and their menu is what the app's pages table
 * (app-pages.ts) allows them, so a new page appears here without a line in this file.
 */
const menuOf = (role: User['role'], permissions: User['permissions']): string[] =>
  visibleLeaves(
    { _id: '', name: '', email: '', companyId: '', active: true, role, permissions },
    APP_MENU,
  ).map((leaf) => leaf.key);

export const DEMO: Record<'admin' | 'produzione' | 'magazzino' | 'vendite' | 'segheria', DemoUser> =
  {
    admin: {
      email: 'admin@cava.example',
      menu: menuOf('admin', {}),
      quarry: 'Cava di Canalgrande',
      funzioni: true,
    },
    produzione: {
      email: 'produzione@cava.example',
      menu: menuOf('user', permissionPreset('Produzione')),
      quarry: 'Cava di Canalgrande',
      funzioni: false,
    },
    magazzino: {
      email: 'magazzino@cava.example',
      menu: menuOf('user', permissionPreset('Magazzino')),
      quarry: 'Cava di Canalgrande',
      funzioni: true,
    },
    vendite: {
      email: 'vendite@cava.example',
      menu: menuOf('user', permissionPreset('Vendite')),
      quarry: 'Cava di Canalgrande',
      funzioni: true,
    },
    segheria: {
      email: 'segheria@cava.example',
      menu: menuOf('user', permissionPreset('Segheria')),
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

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** This worker's session of each demo user: made through the login form once, then reused. */
const sessions = new Map<string, Promise<StorageState>>();

function sessionOf(page: Page, user: DemoUser): Promise<StorageState> {
  let session = sessions.get(user.email);
  if (!session) {
    session = (async () => {
      const browser = page.context().browser();
      if (!browser) throw new Error('signIn needs a page of a browser context');
      const context = await browser.newContext();
      try {
        const form = await context.newPage();
        await login(form, user);
        return await context.storageState();
      } finally {
        await context.close();
      }
    })();
    // a failed login is not kept: the next test tries again
    session.catch(() => sessions.delete(user.email));
    sessions.set(user.email, session);
  }
  return session;
}

/**
 * Opens `path` signed in as `user` without filling the login form again: the browser gets the
 * storage (token, user, anti-forgery token) the form left the first time this worker logged them
 * in, then loads the page and waits for the shell, as `login` does. Tests about the login form
 * itself, and tests that end their session (logout, revocation), use `login`: a session ended
 * there would be ended for every later test of the worker.
 */
export async function signIn(page: Page, user: DemoUser, path = '/app/dashboard'): Promise<void> {
  await page.context().setStorageState(await sessionOf(page, user));
  await page.goto(path);
  // A new browser's first page: the app's code is not cached yet, and on a busy machine the shell
  // has taken more than the default ten seconds to draw.
  await expect(page.getByTestId('quarry-label')).toHaveText(user.quarry, { timeout: 30_000 });
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

/**
 * Closes the toasts on screen by their close button, as a user would, so that a screenshot or an
 * axe scan shows the page rather than a confirmation over it (waiting for them to time out took
 * five seconds each).
 */
export async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('.p-toast-message');
  await expect(async () => {
    for (const close of await toasts.locator('.p-toast-icon-close').all())
      await close.click({ timeout: 1000 }).catch(() => undefined); // it may be leaving already
    await expect(toasts).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}
