import sharp from 'sharp';
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { DEMO, login, PASSWORD, screenshot } from './helpers';

/**
 * The queue (docs/offline.md "Azioni in attesa"): the yard's actions made without signal are kept on the phone and
 * reach the server exactly once when the network returns. The pages are opened online first (the
 * app shell offline is h/pwa's test); its service worker serves the app's lazy parts offline.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, serviceWorkers: 'allow' });

interface Api {
  get: <T>(path: string) => Promise<T>;
  post: (path: string, data: unknown) => Promise<number>;
}

/** The API as one of the demo users, logged in apart from the browser (another user, for the server's view). */
async function apiAs(request: APIRequestContext, email: string): Promise<Api> {
  const anon = ((await (await request.get('/api/token')).json()) as { csrfToken: string })
    .csrfToken;
  const res = await request.post('/user/login', {
    headers: { 'X-CSRF-Token': anon },
    data: { email, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  const auth = {
    Authorization: `Bearer ${((await res.json()) as { user: { accessToken: string } }).user.accessToken}`,
  };
  const csrf = (
    (await (await request.get('/api/token', { headers: auth })).json()) as { csrfToken: string }
  ).csrfToken;
  return {
    get: async <T>(path: string) => {
      const res = await request.get(path, { headers: auth });
      expect(res.ok(), path).toBe(true);
      return (await res.json()) as T;
    },
    post: async (path, data) =>
      (await request.post(path, { headers: { ...auth, 'X-CSRF-Token': csrf }, data })).status(),
  };
}

interface Item {
  _id: string;
  codice: string;
  stato: string;
  ubicazione: { _id: string; nome: string } | null;
}
interface History {
  changes: Record<string, unknown>;
}
interface Riga {
  _id: string;
  lunghezzaRilevata: number | null;
  esito: string | null;
  blocco: { codice: string };
}

const jpeg = (r: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g: 180, b: 170 } } })
    .jpeg()
    .toBuffer();
const photosOf = async (api: Api, b: Item) =>
  (
    await api.get<{ photos: unknown[] }>(
      `/photos/flutter/getPhotos?entityType=blocco&entityId=${b._id}`,
    )
  ).photos.length;
const stateChanges = (h: History[]) => h.filter((e) => 'stato' in e.changes).length;
const moves = (h: History[]) =>
  h.filter((e) => Object.keys(e.changes).some((k) => k.startsWith('ubicazione'))).length;

async function firstOf(api: Api, path: string, what: (i: Item) => boolean): Promise<Item> {
  const { items } = await api.get<{ items: Item[] }>(path);
  const found = items.find(what);
  expect(found, path).toBeTruthy();
  return found!;
}

async function openPage(context: BrowserContext, path: string, title: RegExp): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByTestId('page-title')).toHaveText(title, { timeout: 30_000 });
  return page;
}

const pending = (page: Page) => page.getByTestId('pending-actions');

/** The installed app: the service worker has precached it and serves this page's lazy parts (toasts, dialogs) offline. */
async function installed(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

test.describe('offline queue, 390 px', () => {
  test('photos, a move, a state change and a collaudo measure made offline reach the server once, in order', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(180_000);
    await login(page, DEMO.admin);
    const api = await apiAs(request, DEMO.admin.email);
    const blocco = await firstOf(api, '/api/blocchi?stato=in_piazzale&limit=50', () => true);
    const lastra = await firstOf(
      api,
      '/api/magazzino/lastre?stato=disponibile&limit=50',
      (l) => l.ubicazione !== null,
    );
    const collaudo = await firstOf(api, '/api/collaudi?stato=in_corso&limit=50', () => true);
    const photosBefore = await photosOf(api, blocco);
    // the demo's items have a past (and other specs may touch them): counted from here
    const statesBefore = stateChanges(
      await api.get<History[]>(`/api/blocchi/${blocco._id}/history`),
    );
    const movesBefore = moves(
      await api.get<History[]>(`/api/magazzino/lastre/${lastra._id}/history`),
    );

    await page.goto(`/app/pages/blocchi/${blocco._id}`);
    await expect(page.getByTestId('page-title')).toHaveText(`Blocco ${blocco.codice}`, {
      timeout: 30_000,
    });
    await installed(page);
    const lastraPage = await openPage(
      context,
      `/app/pages/magazzino/lastre/${lastra._id}`,
      new RegExp(lastra.codice),
    );
    const collaudoPage = await openPage(
      context,
      `/app/pages/collaudi/${collaudo._id}`,
      new RegExp(collaudo.codice),
    );
    const riga = collaudoPage.getByTestId('riga-card').nth(1);
    const rigaCodice = (await riga.getAttribute('data-codice'))!;

    await context.setOffline(true);
    await page.bringToFront();
    for (const [i, r] of [190, 120].entries()) {
      await page.getByTestId('quick-photo-input').setInputFiles({
        name: `piazzale-${i + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await jpeg(r),
      });
      await expect(
        page.locator('.p-toast-message').filter({ hasText: `foto piazzale-${i + 1}.jpg` }),
      ).toBeVisible();
    }
    await page.getByTestId('blocco-move-disponibile').click();
    await expect(
      page
        .locator('.p-toast-message')
        .filter({ hasText: 'Salvata sul dispositivo' })
        .filter({ hasText: 'stato → Disponibile' }),
    ).toBeVisible();

    await lastraPage.bringToFront();
    await lastraPage.getByTestId('quick-move').click();
    const place = lastraPage
      .getByTestId('quick-move-dialog')
      .locator('.quick-move-places button')
      .first();
    const nuovaUbicazione = (await place.innerText()).trim();
    await place.click();
    await expect(
      lastraPage.locator('.p-toast-message').filter({ hasText: `sposta in ${nuovaUbicazione}` }),
    ).toBeVisible();

    await collaudoPage.bringToFront();
    await riga.getByTestId('riga-lunghezzaRilevata').fill('287');
    await riga.getByTestId('riga-lunghezzaRilevata').press('Tab');
    await expect(riga.getByTestId('riga-status')).toHaveAttribute('data-status', 'queued');

    await page.bringToFront();
    await expect(pending(page)).toHaveAccessibleName('5 azioni in attesa');
    await expect(page.getByTestId('offline-badge')).toBeVisible();
    // the count fits a phone's top bar beside "Non in linea", and the menu after it too
    const badge = (await pending(page).boundingBox())!;
    expect(badge.x + badge.width).toBeLessThanOrEqual(390);
    await expect(page.getByRole('button', { name: 'Altre azioni' })).toBeInViewport();
    await screenshot(page, 'offline-queue-topbar-390');
    await pending(page).click();
    await expect(page.getByTestId('queued-action')).toHaveCount(5);
    await expect(page.getByTestId('queued-action').first()).toContainText(
      `Blocco ${blocco.codice}: foto piazzale-1.jpg`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await screenshot(page, 'offline-queue-page-390');

    // nothing has left the phone yet
    expect(await photosOf(api, blocco)).toBe(photosBefore);

    await context.setOffline(false);
    await expect(page.getByTestId('queued-action').filter({ hasText: 'In attesa' })).toHaveCount(
      0,
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('queued-action-state')).toHaveText(Array(5).fill('Inviata'));
    await expect(pending(page)).toHaveCount(0);

    expect(await photosOf(api, blocco)).toBe(photosBefore + 2);
    expect((await api.get<Item>(`/api/blocchi/${blocco._id}`)).stato).toBe('disponibile');
    expect(stateChanges(await api.get<History[]>(`/api/blocchi/${blocco._id}/history`))).toBe(
      statesBefore + 1,
    );
    expect((await api.get<Item>(`/api/magazzino/lastre/${lastra._id}`)).ubicazione?.nome).toBe(
      nuovaUbicazione,
    );
    expect(moves(await api.get<History[]>(`/api/magazzino/lastre/${lastra._id}/history`))).toBe(
      movesBefore + 1,
    );
    const righe = (await api.get<{ righe: Riga[] }>(`/api/collaudi/${collaudo._id}`)).righe;
    expect(righe.find((r) => r.blocco.codice === rigaCodice)?.lunghezzaRilevata).toBe(287);

    // the pages show what the server now has
    await page.goBack();
    await expect(page.getByTestId('blocco-stato')).toHaveText('Disponibile');
    await lastraPage.bringToFront();
    await expect(lastraPage.getByText(nuovaUbicazione).first()).toBeVisible();
    await collaudoPage.bringToFront();
    await expect(riga.getByTestId('riga-status')).toHaveAttribute('data-status', 'saved');
  });

  test('a block changed by someone else while the action waited: refused with the reason, the server untouched', async ({
    page,
    context,
    request,
  }) => {
    await login(page, DEMO.produzione);
    const api = await apiAs(request, DEMO.admin.email);
    const blocco = await firstOf(api, '/api/blocchi?stato=in_piazzale&limit=50', () => true);
    const statesBefore = stateChanges(
      await api.get<History[]>(`/api/blocchi/${blocco._id}/history`),
    );
    await page.goto(`/app/pages/blocchi/${blocco._id}`);
    await expect(page.getByTestId('page-title')).toHaveText(`Blocco ${blocco.codice}`, {
      timeout: 30_000,
    });
    await installed(page);

    await context.setOffline(true);
    await page.getByTestId('blocco-move-disponibile').click();
    await expect(pending(page)).toHaveAccessibleName('1 azione in attesa');

    // meanwhile, online, a colleague (the admin) discards it
    expect(
      await api.post(`/api/blocchi/${blocco._id}/stato`, {
        stato: 'scartato',
        nota: 'Crepa passante',
      }),
    ).toBe(200);

    // the list, opened before the network returns (the refused action leaves the count at once)
    await pending(page).click();
    await context.setOffline(false);
    const action = page.getByTestId('queued-action');
    await expect(action.getByTestId('queued-action-state')).toHaveText('Rifiutata', {
      timeout: 30_000,
    });
    await expect(action.getByTestId('queued-action-reason')).not.toBeEmpty();
    await screenshot(page, 'offline-queue-rifiutata-390');
    expect((await api.get<Item>(`/api/blocchi/${blocco._id}`)).stato).toBe('scartato');
    // the colleague's change only: the refused action applied nothing
    expect(stateChanges(await api.get<History[]>(`/api/blocchi/${blocco._id}/history`))).toBe(
      statesBefore + 1,
    );

    await action.getByTestId('queued-action-discard').click();
    await page.getByTestId('confirm-discard-confirm').click();
    await expect(page.getByTestId('queued-action')).toHaveCount(0);
  });
});

test.describe('offline queue, replays', () => {
  // page.route does not see requests a service worker handles
  test.use({ serviceWorkers: 'block' });

  test('a replay after the server answered but the phone never heard it applies nothing twice', async ({
    page,
    request,
  }) => {
    await login(page, DEMO.admin);
    const api = await apiAs(request, DEMO.admin.email);
    const blocco = await firstOf(
      api,
      '/api/blocchi?stato=in_piazzale&limit=50',
      (b) => b.ubicazione !== null,
    );
    const photosBefore = await photosOf(api, blocco);
    const before = await api.get<History[]>(`/api/blocchi/${blocco._id}/history`);
    await page.goto(`/app/pages/blocchi/${blocco._id}`);
    await expect(page.getByTestId('page-title')).toHaveText(`Blocco ${blocco.codice}`, {
      timeout: 30_000,
    });

    // the first send of each reaches the server, then the network drops before the answer
    const keys: string[] = [];
    const dropAnswerOnce = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
      const key = route.request().headers()['idempotency-key'] ?? '';
      if (keys.includes(key)) return route.continue();
      keys.push(key);
      await route.fetch();
      await route.abort('internetdisconnected');
    };
    await page.route('**/photos/uploadPhotos', dropAnswerOnce);
    await page.route(`**/api/blocchi/${blocco._id}/stato`, dropAnswerOnce);
    await page.route(`**/api/blocchi/${blocco._id}`, (route) =>
      route.request().method() === 'PUT' ? dropAnswerOnce(route) : route.continue(),
    );

    // one action at a time, each replayed to the end before the next (the order of waiting actions is the
    // first test's; here each lost answer must not apply its action twice)
    await page
      .getByTestId('quick-photo-input')
      .setInputFiles({ name: 'due-volte.jpg', mimeType: 'image/jpeg', buffer: await jpeg(90) });
    await expect(
      page.locator('.p-toast-message').filter({ hasText: 'foto due-volte.jpg' }),
    ).toBeVisible();
    await expect(pending(page)).toHaveCount(0, { timeout: 30_000 });
    await page.getByTestId('quick-move').click();
    const place = page
      .getByTestId('quick-move-dialog')
      .locator('.quick-move-places button')
      .first();
    const nuovaUbicazione = (await place.innerText()).trim();
    await place.click();
    await expect(
      page.locator('.p-toast-message').filter({ hasText: `sposta in ${nuovaUbicazione}` }),
    ).toBeVisible();
    await expect(pending(page)).toHaveCount(0, { timeout: 30_000 });
    await page.getByTestId('blocco-move-disponibile').click();
    await expect(
      page.locator('.p-toast-message').filter({ hasText: 'stato → Disponibile' }),
    ).toBeVisible();
    await expect(pending(page)).toHaveCount(0, { timeout: 30_000 });
    await page.goto('/app/pages/azioni-in-attesa');
    await expect(page.getByTestId('queued-action')).toHaveCount(3);
    await expect(page.getByTestId('queued-action-state')).toHaveText(
      ['Inviata', 'Inviata', 'Inviata'],
      { timeout: 30_000 },
    );
    expect(keys).toHaveLength(3);

    expect(await photosOf(api, blocco)).toBe(photosBefore + 1);
    const history = await api.get<History[]>(`/api/blocchi/${blocco._id}/history`);
    expect(stateChanges(history)).toBe(stateChanges(before) + 1);
    expect(moves(history)).toBe(moves(before) + 1);
    const now = await api.get<Item>(`/api/blocchi/${blocco._id}`);
    expect(now).toMatchObject({ stato: 'disponibile', ubicazione: { nome: nuovaUbicazione } });
  });
});
