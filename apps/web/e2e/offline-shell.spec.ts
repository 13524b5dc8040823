import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, login, openVendi, signIn } from './helpers';

/**
 * the app shell offline: a real service worker, a phone's 390 px, the network cut with
 * context.setOffline. Item data offline and the action queue have their own specs.
 */
test.use({
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  serviceWorkers: 'allow',
});

/** The worker has installed (precache done), is active and controls this page. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null))
    .toBe('activated');
}

test.describe('the app without network', () => {
  test('an app opened once starts offline, says "Non in linea", and the badge goes back online', async ({
    page,
    context,
  }) => {
    await signIn(page, DEMO.admin);
    await controlledByServiceWorker(page);
    await expect(page.getByTestId('offline-badge')).toHaveCount(0);

    await context.setOffline(true);
    const reload = await page.reload();
    // the worker answered, not the browser's offline page
    expect(reload?.fromServiceWorker()).toBe(true);
    await expect(page.getByTestId('topbar')).toBeVisible();
    const badge = page.getByTestId('offline-badge');
    await expect(badge).toHaveText('Non in linea');
    await expect(page.getByRole('status').filter({ hasText: 'Non in linea' })).toBeVisible();
    // fully on screen at phone width
    const box = (await badge.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    // the narrowest supported phone too
    await page.setViewportSize({ width: 360, height: 740 });
    const narrow = (await badge.boundingBox())!;
    expect(narrow.x + narrow.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.setViewportSize({ width: 390, height: 844 });

    // another page of the app, never opened before: its code comes from the precache too
    const other = await page.goto('/app/pages/blocchi');
    expect(other?.fromServiceWorker()).toBe(true);
    await expect(page.getByTestId('topbar')).toBeVisible();
    await expect(page.getByTestId('offline-badge')).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByTestId('offline-badge')).toHaveCount(0);
  });

  test('the login page offline says it needs the connection and does not send', async ({
    page,
    context,
  }) => {
    await page.goto('/auth/login');
    await controlledByServiceWorker(page);
    await expect(page.getByTestId('login-offline')).toHaveCount(0);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('login-offline')).toHaveText(
      "Sei offline: l'accesso richiede la connessione. Le azioni già in attesa restano sul dispositivo.",
    );
    await page.getByLabel('Email').fill(DEMO.admin.email);
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeDisabled();

    await context.setOffline(false);
    await expect(page.getByTestId('login-offline')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeEnabled();
  });

  test("the server's own addresses never come from the worker", async ({ page, context }) => {
    await page.goto('/auth/login');
    await controlledByServiceWorker(page);
    // online: an API address opened as a page is the server's JSON, not the cached app
    for (const url of [
      '/api/nope',
      '/photos/nope',
      '/user/nope',
      '/companies/nope',
      '/photo-gallery/nope',
    ]) {
      const res = await page.goto(url);
      expect(res?.fromServiceWorker(), url).toBe(false);
      expect(res?.headers()['content-type'], url).toMatch(/^application\/json/);
    }
    await page.goto('/auth/login');
    await controlledByServiceWorker(page);
    // offline: an API request fails as a network error, it is never answered with index.html
    await context.setOffline(true);
    const answer = await page.evaluate(() =>
      fetch('/api/health').then(
        (r) => `answered ${r.status} ${r.headers.get('content-type')}`,
        () => 'network error',
      ),
    );
    expect(answer).toBe('network error');
    await context.setOffline(false);
  });

  test('installable: a valid manifest and a service worker, no installability error', async ({
    page,
  }) => {
    await page.goto('/auth/login');
    await controlledByServiceWorker(page);
    const cdp = await page.context().newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
      name: 'GestCava',
      short_name: 'GestCava',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Playwright's contexts are incognito profiles, where Chrome never offers to install: a fact of the test browser
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  });
});

test.describe('a new version of the app', () => {
  // the slab's Vendi form is reached from the list's table, shown on wider screens
  test.use({ viewport: { width: 1366, height: 768 }, hasTouch: false, isMobile: false });
  // its own server and its own copy of the build: the test redeploys the worker script, which a
  // browser of any test beside it would otherwise find too (the worker script's update request
  // does not go through Playwright's routing, so it cannot be changed for one browser only)
  test.setTimeout(300_000);

  test('waits for "Aggiorna", which waits for the open form, then reloads into the new version', async ({
    browser,
  }) => {
    const server = await startPrivateServer();
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width: 1366, height: 768 },
    });
    const page = await context.newPage();
    try {
      await login(page, DEMO.admin);
      await controlledByServiceWorker(page);
      await openVendi(page);
      await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));

      // a deployment: the worker script changes, and the tab's check finds it
      fs.appendFileSync(server.swFile, `\n// nuova versione ${Date.now()}\n`);
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      const prompt = page.getByTestId('update-prompt');
      await expect(prompt).toContainText('Nuova versione disponibile');
      // mid-form: the update waits and says why; nothing reloaded by itself
      await expect(prompt).toContainText('salva o chiudi il modulo aperto per aggiornare');
      await expect(page.getByTestId('update-apply')).toBeDisabled();
      await expect(page.getByTestId('vendi-documento')).toHaveValue('DDT 42/2026');
      expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(true);

      // the form closed without saving: the update can go
      await page.keyboard.press('Escape');
      await page.getByTestId('discard-changes').click();
      await expect(page.getByTestId('update-apply')).toBeEnabled();
      // the new worker takes over and the page reloads, once
      await Promise.all([page.waitForEvent('load'), page.getByTestId('update-apply').click()]);
      expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
      await expect(page.getByTestId('topbar')).toBeVisible();
      await expect(page.getByTestId('update-prompt')).toHaveCount(0);
      // the new version is the one in charge, none waits
      expect(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return {
            waiting: !!registration?.waiting,
            controlled: navigator.serviceWorker.controller?.state,
          };
        }),
      ).toEqual({ waiting: false, controlled: 'activated' });
    } finally {
      await context.close();
      await server.stop();
    }
  });
});

/**
 * The app as `npm start` runs it, on a free port, with a fresh demo database and a copy of this
 * run's build (e2e/server.mjs built it into the run's data directory).
 */
async function startPrivateServer() {
  const runDir = process.env.GESTCAVA_E2E_DATA_DIR ?? '';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-e2e-sw-'));
  const webDist = path.join(dir, 'web-dist');
  fs.cpSync(path.join(runDir, 'web-dist'), webDist, { recursive: true });
  const port = await freePort();
  const root = path.resolve(import.meta.dirname, '../../..');
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIST_DIR: webDist,
    },
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${baseURL}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      {
        timeout: 240_000,
        intervals: [1000],
      },
    )
    .toBe(200);
  return {
    baseURL,
    swFile: path.join(webDist, 'sw.js'),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
