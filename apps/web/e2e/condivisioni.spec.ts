import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import {
  DEMO,
  PASSWORD,
  expectNoSeriousA11yViolations,
  login,
  screenshot,
  storedToken,
  watchConsole,
} from './helpers';

/** The admin (through the API) puts a photo with a 40 cm pelo marked on the block to share. */
async function photoWithPelo(request: APIRequestContext, blocco: { _id: string; codice: string }) {
  const csrf = async (bearer?: string) =>
    (
      (await (
        await request.get('/api/token', {
          headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
        })
      ).json()) as { csrfToken: string }
    ).csrfToken;
  const anon = await csrf();
  const login = await request.post('/user/login', {
    data: { email: DEMO.admin.email, password: PASSWORD },
    headers: { 'x-csrf-token': anon },
  });
  expect(login.ok()).toBe(true);
  const bearer = ((await login.json()) as { user: { accessToken: string } }).user.accessToken;
  const headers = { authorization: `Bearer ${bearer}`, 'x-csrf-token': await csrf(bearer) };
  const jpeg = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: '#e6e2da' },
  })
    .jpeg()
    .toBuffer();
  const upload = await request.post('/photos/uploadPhotos', {
    headers,
    multipart: {
      entityType: 'blocco',
      entityId: blocco._id,
      codice: blocco.codice,
      photos: { name: 'faccia-a.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const photoId = ((await upload.json()) as { photos: Array<{ _id: string }> }).photos[0]!._id;
  const segni = await request.put(`/api/photos/${photoId}/segni`, {
    headers,
    data: {
      segni: [
        {
          tipo: 'linea',
          punti: [
            [0.2, 0.3],
            [0.7, 0.35],
          ],
          difetto: 'pelo',
          lunghezzaCm: 40,
        },
      ],
    },
  });
  expect(segni.status(), await segni.text()).toBe(200);
}

/** The link for a buyer, at 390 px: shared from a block's page, opened without login, answered. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('the vendite user shares a block in English; the buyer opens it elsewhere and asks for an option; the block’s history shows it', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // two browsers, a photo upload and a build of marks: longer than the default minute
  test.setTimeout(180_000);
  const console = watchConsole(page);
  await login(page, DEMO.vendite);
  const token = await storedToken(page);
  const list = await page.request.get('/api/blocchi?stato=disponibile&limit=5', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(list.ok()).toBe(true);
  const blocco = ((await list.json()) as { items: Array<{ _id: string; codice: string }> })
    .items[0]!;
  await photoWithPelo(request, blocco);

  await page.goto(`/app/pages/blocchi/${blocco._id}`);
  await page.getByTestId('condividi').click();
  const dialog = page.getByTestId('condividi-dialog');
  await dialog.getByTestId('condividi-cliente').locator('input').fill('Xiamen');
  await page.getByRole('option', { name: /Xiamen Shunfa/ }).click();
  await dialog.getByText('Inglese').click();
  await dialog.getByText('Mostra i prezzi di listino').click();
  await dialog.getByLabel('Messaggio per il cliente').fill('Dear Mr Chen, the block we discussed.');
  await dialog.getByTestId('condividi-crea').click();
  const url = await dialog.getByTestId('condividi-url').inputValue();
  expect(url).toMatch(/\/v\/[A-Za-z0-9_-]{43}$/);
  await screenshot(page, 'condividi-390');
  await dialog.getByTestId('condividi-chiudi').click();

  // the buyer: another browser, no session, a phone
  const buyerContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const buyer = await buyerContext.newPage();
  const buyerConsole = watchConsole(buyer);
  const foreign: string[] = [];
  buyer.on('request', (r) => {
    if (!r.url().startsWith(new URL(url).origin)) foreign.push(r.url());
  });
  const answer = await buyer.goto(url);
  expect(answer!.headers()['referrer-policy']).toBe('no-referrer');
  await expect(buyer.getByRole('heading', { name: 'Blocks on offer' })).toBeVisible();
  await expect(buyer.getByText('Dear Mr Chen, the block we discussed.')).toBeVisible();
  const card = buyer.getByTestId('pubblico-blocco');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: new RegExp(blocco.codice) })).toBeVisible();
  await expect(card.getByText('Net volume')).toBeVisible();
  // the mark drawn over the photo, and named in the link's language
  // (ours is the block's newest photo, shown last; the demo's own photos may carry marks too)
  await expect(card.locator('[data-segni="1"] svg').last()).toBeVisible();
  await expect(card.getByTestId('pubblico-segni').last()).toHaveText(
    'Defects marked on the photo: Hairline crack',
  );
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(buyer, testInfo, 'condivisione-pubblica');
  await screenshot(buyer, 'condivisione-pubblica-390');

  // the switch: Italian and back
  await buyer.getByTestId('pubblico-lingua-it').click();
  await expect(buyer.getByRole('heading', { name: 'Offerta blocchi' })).toBeVisible();
  await buyer.getByTestId('pubblico-lingua-en').click();

  await card.getByText('I ask for an option').click();
  await card.getByLabel('Note (optional)').fill('Please hold it for our inspector');
  await card.getByTestId('pubblico-invia').click();
  await expect(card.getByText('Answer sent: thank you.')).toBeVisible();
  expect(foreign).toEqual([]);
  expect(buyerConsole.errors).toEqual([]);
  await buyerContext.close();

  // back in the app: the block's history names the cliente and the note
  await page.reload();
  await expect(
    page.getByText(/Xiamen Shunfa Stone Co\. Ltd\. \(link condiviso\)/).first(),
  ).toBeVisible();
  await expect(page.getByText(/Please hold it for our inspector/).first()).toBeVisible();
  await expect(page.getByTestId('condivisioni-list')).toContainText('Richiesta d');
  await screenshot(page, 'condivisioni-blocco-390');
  expect(console.errors).toEqual([]);
});

test('a buyer’s answer reaches the link’s maker in the top bar, live, and opens the block', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const console = watchConsole(page);
  await login(page, DEMO.vendite);
  const bearer = await storedToken(page);
  const headers = { authorization: `Bearer ${bearer}` };
  // the anti-forgery token fetched for each write: the page's own requests renew the cookie
  const post = async (path: string, data: object) => {
    const { csrfToken } = (await (await page.request.get('/api/token', { headers })).json()) as {
      csrfToken: string;
    };
    return page.request.post(path, { headers: { ...headers, 'x-csrf-token': csrfToken }, data });
  };
  // the demo's unread answer is read first: the badge then counts this buyer's alone
  const read = await post('/api/condivisioni/notifiche/letti', {});
  expect(read.status(), await read.text()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('topbar-risposte')).toHaveCount(0);

  const list = await page.request.get('/api/blocchi?stato=disponibile&limit=5', { headers });
  const blocco = ((await list.json()) as { items: Array<{ _id: string; codice: string }> })
    .items[1]!;
  const clienti = (await (
    await page.request.get('/api/condivisioni/clienti-selezionabili?q=Xiamen', { headers })
  ).json()) as Array<{ _id: string }>;
  const scadenza = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const created = await post('/api/condivisioni', {
    clienteId: clienti[0]!._id,
    blocchi: [blocco._id],
    scadenza,
    lingua: 'en',
    mostraPrezzi: false,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { url } = (await created.json()) as { url: string };

  // the buyer, on another phone
  const buyerContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const buyer = await buyerContext.newPage();
  await buyer.goto(url);
  const card = buyer.getByTestId('pubblico-blocco');
  await card.getByText('Interested', { exact: true }).click();
  await card.getByLabel('Note (optional)').fill('Send us the gross weight please');
  await card.getByTestId('pubblico-invia').click();
  await expect(card.getByText('Answer sent: thank you.')).toBeVisible();
  await buyerContext.close();

  // the maker's page, untouched: the notice arrives through the realtime connection
  const notice = page.getByTestId('topbar-risposte');
  await expect(page.getByTestId('risposte-badge')).toHaveText('1');
  await expect(notice).toHaveAccessibleName('1 risposta di un cliente da leggere');
  // the bar still fits the narrowest phone, its last button (⋮) included
  await page.setViewportSize({ width: 360, height: 740 });
  const more = page.getByRole('button', { name: 'Altre azioni' });
  for (const button of [notice, more]) {
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 390, height: 844 });
  await notice.click();
  const dialog = page.getByTestId('risposte-dialog');
  const item = dialog.getByTestId('risposta-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`Blocco ${blocco.codice}`);
  await expect(item).toContainText('Xiamen Shunfa Stone Co. Ltd.: Interessato');
  await expect(item).toContainText('«Send us the gross weight please»');
  await screenshot(page, 'condivisioni-notifica-390');
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/app/pages/blocchi/${blocco._id}$`));
  await expect(page.getByTestId('condivisioni-list')).toContainText('Interessato');
  // read: the notice goes, and stays gone after a reload
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('condivisioni-list')).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect(console.errors).toEqual([]);
});
