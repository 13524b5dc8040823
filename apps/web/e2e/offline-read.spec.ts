import { expect, test, type Page } from '@playwright/test';
import { DEMO, login, storedToken } from './helpers';

/**
 * The read copy (docs/offline.md "Cosa resta sul dispositivo"), on a phone: a block opened online is readable offline from the
 * device's copy, marked with when it was fresh; one never opened says it is not on the device; the
 * logout leaves no gestcava-* database, and the next user on the browser finds nothing of the first.
 */
test.use({
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  serviceWorkers: 'allow',
});

const MARK = /^Copia sul dispositivo, aggiornata alle \d\d:\d\d del \d\d\/\d\d\/\d\d$/;

/** The app's IndexedDB databases in this origin. */
const appDatabases = (page: Page) =>
  page.evaluate(async () =>
    (await indexedDB.databases())
      .map((d) => d.name ?? '')
      .filter((name) => name.startsWith('gestcava-'))
      .sort(),
  );

/** The codici of every item kept in the read caches, whoever they belong to. */
function cachedCodici(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const ask = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const names = (await indexedDB.databases())
      .map((d) => d.name ?? '')
      .filter((name) => name.startsWith('gestcava-cache-'));
    const codici: string[] = [];
    for (const name of names) {
      const db = await ask(indexedDB.open(name));
      if (db.objectStoreNames.contains('items')) {
        const items = await ask(
          db.transaction('items').objectStore('items').getAll() as IDBRequest<{ label: string }[]>,
        );
        codici.push(...items.map((item) => item.label));
      }
      db.close();
    }
    return codici;
  });
}

/** A client-side navigation (the router follows popstate), as a link inside the app would do. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Opens the first block of the list and waits until its copy is on the device: its path and codice. */
async function openFirstBlock(page: Page): Promise<{ path: string; codice: string }> {
  await page.goto('/app/pages/blocchi');
  await page.getByTestId('list-card').first().click();
  const heading = page.getByTestId('page-title');
  await expect(heading).toHaveText(/^Blocco \S+/);
  const codice = (await heading.innerText()).replace(/^Blocco /, '').trim();
  await expect.poll(() => cachedCodici(page)).toContain(codice);
  return { path: new URL(page.url()).pathname, codice };
}

/** h/pwa's worker has installed (precache done) and controls this page. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null))
    .toBe('activated');
}

async function userIdOf(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(window.localStorage.getItem('currentUser') ?? '{}') as { _id: string })._id,
  );
}

test('a block opened online reads offline with its mark; logout wipes the device; the next user sees nothing of it', async ({
  page,
  context,
}) => {
  await login(page, DEMO.produzione);
  const block = await openFirstBlock(page);
  // a block this user never opened
  const list = await page.request.get('/api/blocchi?limit=5', {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
  });
  const other = ((await list.json()) as { items: { _id: string }[] }).items.find(
    (b) => !block.path.endsWith(b._id),
  );
  expect(other).toBeDefined();

  await controlledByServiceWorker(page);
  // the signal goes; the app starts again from the service worker, nothing in memory
  await context.setOffline(true);
  expect((await page.goto('/app/dashboard'))?.fromServiceWorker()).toBe(true);
  const recent = page.getByTestId('device-recent');
  await expect(recent).toBeVisible();
  await recent.getByRole('link', { name: `Blocco ${block.codice}` }).click();
  await expect(page).toHaveURL(new RegExp(`${block.path}$`));
  await expect(page.getByTestId('page-title')).toHaveText(`Blocco ${block.codice}`);
  await expect(page.getByTestId('device-copy-mark')).toHaveText(MARK);
  await expect(page.getByTestId('blocco-data')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // a reload of the block's own address, still offline
  await page.reload();
  await expect(page.getByTestId('page-title')).toHaveText(`Blocco ${block.codice}`);
  await expect(page.getByTestId('device-copy-mark')).toHaveText(MARK);

  await navigateInApp(page, `/app/pages/blocchi/${other!._id}`);
  await expect(page.getByRole('heading', { name: 'Non disponibile offline' })).toBeVisible();
  await expect(page.getByTestId('not-on-device')).toHaveText(
    'Non disponibile offline: apri la scheda quando sei in linea per averla sul dispositivo',
  );

  // logout, still without signal: nothing of the app stays in IndexedDB
  // with "Non in linea" in the top bar the ⋮ button sits past the 390 px edge (the badge's width,
  // reported to h/pwa): the click is dispatched to it, as a tap on a wider phone would do
  await page.getByRole('button', { name: 'Altre azioni' }).dispatchEvent('click');
  await page.getByTestId('topbar-logout').dispatchEvent('click');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect.poll(() => appDatabases(page)).toEqual([]);

  await context.setOffline(false);
  await login(page, DEMO.vendite);
  // online, the dashboard lists nothing of the device; offline it says there is nothing
  await expect(page.getByText('Visti di recente sul dispositivo')).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByText('Nessuna scheda sul dispositivo')).toBeVisible();
  await navigateInApp(page, block.path);
  await expect(page.getByRole('heading', { name: 'Non disponibile offline' })).toBeVisible();
  expect(await cachedCodici(page)).toEqual([]);
  await context.setOffline(false);
});

test('a session that expired without logout: the next user’s login deletes the first one’s copies', async ({
  page,
}) => {
  await login(page, DEMO.produzione);
  const first = await userIdOf(page);
  const block = await openFirstBlock(page);

  // the session ends by itself (no logout): the copies stay until someone logs in
  await page.evaluate(() => {
    window.localStorage.removeItem('token');
    window.localStorage.removeItem('currentUser');
  });
  await login(page, DEMO.vendite);
  const second = await userIdOf(page);
  await expect.poll(() => appDatabases(page)).not.toContain(`gestcava-cache-${first}`);
  expect(await cachedCodici(page)).not.toContain(block.codice);
  // the second user's own copies are kept as they open items
  const own = await openFirstBlock(page);
  // each user's queue database stays (empty here): unsent actions wait for their own user's login
  expect(await appDatabases(page)).toEqual(
    [`gestcava-cache-${second}`, `gestcava-queue-${first}`, `gestcava-queue-${second}`].sort(),
  );
  expect(await cachedCodici(page)).toEqual([own.codice]);
});
