import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, login, PASSWORD, screenshot, signIn } from './helpers';

/**
 * A yard phone without signal (docs/offline.md): after a reload it can still move a block (the
 * lookups are on the device from the first online visit), sees that an action waits on the block
 * and cannot make it twice, is told the photos are not kept offline, hears of a refusal wherever
 * it is, and reaches Logout on a 360 px screen.
 */
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, serviceWorkers: 'allow' });

interface Item {
  _id: string;
  codice: string;
  stato: string;
}

async function adminApi(request: APIRequestContext) {
  const anon = ((await (await request.get('/api/token')).json()) as { csrfToken: string })
    .csrfToken;
  const res = await request.post('/user/login', {
    headers: { 'X-CSRF-Token': anon },
    data: { email: DEMO.admin.email, password: PASSWORD },
  });
  const auth = {
    Authorization: `Bearer ${((await res.json()) as { user: { accessToken: string } }).user.accessToken}`,
  };
  const csrf = (
    (await (await request.get('/api/token', { headers: auth })).json()) as { csrfToken: string }
  ).csrfToken;
  return {
    blocchi: async (stato: string) =>
      (
        (await (
          await request.get(`/api/blocchi?stato=${stato}&limit=50`, { headers: auth })
        ).json()) as {
          items: Item[];
        }
      ).items,
    stato: async (id: string, stato: string) =>
      (
        await request.post(`/api/blocchi/${id}/stato`, {
          headers: { ...auth, 'X-CSRF-Token': csrf },
          data: { stato, nota: 'Crepa passante' },
        })
      ).status(),
  };
}

/** The service worker controls the page: the app's lazy parts load offline. */
async function installed(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/** Nothing of the top bar past the screen's right edge. */
async function topbarFits(page: Page, width: number): Promise<void> {
  const menu = (await page.getByRole('button', { name: 'Altre azioni' }).boundingBox())!;
  expect(menu.x + menu.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

test('after a reload without signal: Sposta offers the ubicazioni, a queued action shows on the block and is not queued twice, the photos say they are not offline, Logout is in reach', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const [blocco, other] = await api.blocchi('in_piazzale');
  await login(page, DEMO.produzione);
  await page.goto(`/app/pages/blocchi/${blocco!._id}`);
  await expect(page.getByTestId('page-title')).toHaveText(`Blocco ${blocco!.codice}`, {
    timeout: 30_000,
  });
  await installed(page);
  // the Sposta dialog was never opened online: its places come from the app's first visit
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const names = (await indexedDB.databases()).map((d) => d.name ?? '');
        return names.some((n) => n.startsWith('gestcava-cache-'));
      }),
    )
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('page-title')).toHaveText(`Blocco ${blocco!.codice}`);
  await expect(page.getByTestId('offline-badge')).toBeVisible();
  await topbarFits(page, 360);

  // photos: not "Nessuna foto", no red toast
  await expect(page.getByTestId('photos-offline')).toHaveText(
    /Le foto non sono disponibili offline: si vedono quando torna la rete/,
  );
  await expect(page.getByTestId('photos-empty')).toHaveCount(0);
  await expect(page.locator('.p-toast-message-error')).toHaveCount(0);

  await page.getByTestId('quick-move').click();
  const places = page.getByTestId('quick-move-dialog').locator('.quick-move-places button');
  await expect(places.first()).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByTestId('blocco-move-disponibile').click();
  await expect(page.getByTestId('pending-actions')).toHaveAccessibleName('1 azione in attesa');
  await expect(page.getByTestId('pending-on-item')).toContainText(
    `In attesa di invio: «Blocco ${blocco!.codice}: stato → Disponibile»`,
  );
  // the same tap again: refused at once, nothing more waits
  await page.getByTestId('blocco-move-disponibile').click();
  await expect(
    page.locator('.p-toast-message').filter({ hasText: 'Già in attesa sul dispositivo' }),
  ).toBeVisible();
  await expect(page.getByTestId('pending-actions')).toHaveAccessibleName('1 azione in attesa');
  await topbarFits(page, 360);
  await screenshot(page, 'yard-offline-block-360');

  // another block never opened: the queue's page names the action and its button
  await page.getByTestId('pending-actions').click();
  await expect(page.getByTestId('queued-action-discard')).toHaveText("Elimina dall'elenco");
  expect(other).toBeTruthy();

  // Logout from the side menu, still offline
  await page.getByTestId('menu-toggle').click();
  await page.getByTestId('sidebar-logout').click();
  await page.getByTestId('confirm-logout-confirm').click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await context.setOffline(false);
});

test('a refused action is told where the user is, and "1 azione rifiutata" stays in the top bar until the queue is opened', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const blocchi = await api.blocchi('in_piazzale');
  const blocco = blocchi[2] ?? blocchi[0]!;
  await signIn(page, DEMO.produzione, `/app/pages/blocchi/${blocco._id}`);
  await expect(page.getByTestId('page-title')).toHaveText(`Blocco ${blocco.codice}`, {
    timeout: 30_000,
  });
  await installed(page);
  await context.setOffline(true);
  await page.getByTestId('blocco-move-disponibile').click();
  await expect(page.getByTestId('pending-actions')).toHaveAccessibleName('1 azione in attesa');
  expect(await api.stato(blocco._id, 'scartato')).toBe(200);

  await context.setOffline(false);
  const toast = page
    .locator('.p-toast-message-error')
    .filter({ hasText: `Azione rifiutata: Blocco ${blocco.codice}: stato → Disponibile` });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect(toast).toContainText('modificato da un altro utente');
  const refused = page.getByTestId('refused-actions');
  await expect(refused).toHaveAccessibleName('1 azione rifiutata');
  await expect(page.getByTestId('pending-actions')).toHaveCount(0);
  await topbarFits(page, 360);
  await screenshot(page, 'yard-offline-refused-360');

  // it stays across pages until the queue is opened
  await page.goto('/app/dashboard');
  await expect(refused).toBeVisible();
  await refused.click();
  await expect(page.getByTestId('queued-action-state')).toHaveText('Rifiutata');
  await expect(refused).toHaveCount(0);
});
