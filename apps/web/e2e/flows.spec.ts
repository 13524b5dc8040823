import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, login, screenshot, watchConsole } from './helpers';

/**
 * The two daily flows on a phone, typed at full speed, with their taps
 * counted: produzione records a bancata and its blocchi with a photo; vendite options a blocco.
 * Navigation starts from the page's address (a bookmark or a shared link) and after the login.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Every tap of the flow goes through here, so the total is the number of taps a person makes. */
function counter() {
  let n = 0;
  return {
    async tap(locator: Locator) {
      n += 1;
      await locator.tap();
    },
    /** A tap the browser's own file chooser stands for (Playwright sets the files directly). */
    picked() {
      n += 1;
    },
    get total() {
      return n;
    },
  };
}
type Counter = ReturnType<typeof counter>;

function report(testInfo: TestInfo, flow: string, clicks: Counter) {
  console.log(`${flow}: ${clicks.total} taps`);
  testInfo.annotations.push({ type: 'clicks', description: String(clicks.total) });
}

/** dd/MM/yy of a day in Rome, as a person types it. */
function romeDate(daysAhead: number): string {
  const day = new Date(Date.now() + daysAhead * 86_400_000);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Rome',
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
  }).format(day);
}

async function choose(page: Page, clicks: Counter, inputId: string, option: string | RegExp) {
  await clicks.tap(page.locator(`.p-dropdown:has(#${inputId})`));
  await clicks.tap(page.locator('.p-dropdown-panel').getByRole('option', { name: option }).first());
  await expect(page.locator('.p-dropdown-panel')).toHaveCount(0);
}

async function typeDate(field: Locator, text: string) {
  await field.fill('');
  await field.pressSequentially(text);
}

async function typeMeasures(page: Page, prefix: string, dims: [string, string, string]) {
  await page.locator(`#${prefix}-lunghezza`).pressSequentially(dims[0]);
  await page.locator(`#${prefix}-altezza`).pressSequentially(dims[1]);
  await page.locator(`#${prefix}-profondita`).pressSequentially(dims[2]);
}

test.describe('daily flows at 390 px, taps counted', () => {
  test('produzione: bancata → three blocchi with Salva e nuovo → a photo', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const console_ = watchConsole(page);
    const clicks = counter();
    await login(page, DEMO.produzione);
    await page.goto('/app/bancate');
    await expect(page.getByTestId('page-title')).toHaveText('Bancate');

    // --- the bancata, cut today (typed), measures typed
    await clicks.tap(page.getByTestId('bancata-new'));
    const form = page.getByTestId('bancata-form-dialog');
    await expect(form).toBeVisible();
    await choose(page, clicks, 'bancata-cavaId', /Canalgrande/);
    await choose(page, clicks, 'bancata-materialeId', 'Statuario');
    await page.locator('#bancata-fronte').fill('Gradone 5, flusso e2e su telefono');
    await typeDate(page.locator('#bancata-dataTaglio'), romeDate(0));
    await typeMeasures(page, 'bancata', ['1200', '600', '400']);
    await expect(form.getByTestId('computed-volumeLordo')).toHaveText('288,000 m³');
    await clicks.tap(page.getByTestId('bancata-save'));
    await expect(page).toHaveURL(/\/app\/bancate\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('bancata-stato')).toHaveText('In taglio');
    await expect(page.getByTestId('bancata-data')).toContainText(romeDate(0));

    // --- laid on its bed: now it takes blocchi
    await clicks.tap(page.getByTestId('bancata-move-ribaltata'));
    await expect(page.getByTestId('bancata-stato')).toHaveText('Ribaltata');

    // --- three blocchi: Salva e nuovo twice, then Salva
    await clicks.tap(page.getByTestId('bancata-new-blocco'));
    const dialog = page.getByTestId('blocco-form-dialog');
    const lunghezza = page.locator('#blocco-lunghezza');
    await typeMeasures(page, 'blocco', ['280', '150', '120']);
    await choose(page, clicks, 'blocco-ubicazioneId', /Piazzale cava Canalgrande/);
    await clicks.tap(page.getByTestId('blocco-save-new'));
    await expect(lunghezza).toHaveValue('');
    await typeMeasures(page, 'blocco', ['300', '160', '130']);
    await clicks.tap(page.getByTestId('blocco-save-new'));
    await expect(lunghezza).toHaveValue('');
    await typeMeasures(page, 'blocco', ['310', '170', '140']);
    await clicks.tap(page.getByTestId('blocco-save'));
    await expect(dialog).toBeHidden();
    const blocchi = page.getByTestId('bancata-blocchi');
    await expect(blocchi.getByTestId('list-totals')).toContainText('Blocchi3');

    // --- a photo of the first one
    const primo = blocchi
      .getByTestId('list-card')
      .or(blocchi.getByRole('link', { name: /BL-\d{4}-\d{4}/ }))
      .first();
    await clicks.tap(primo);
    await expect(page.getByTestId('page-title')).toHaveText(/^Blocco BL-\d{4}-\d{4}$/);
    await expect(page.getByTestId('genealogy-bancata')).toBeVisible();
    const panel = page.getByTestId('photos-section');
    await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(panel.getByTestId('photo-tile')).toHaveCount(0);
    await clicks.tap(panel.getByTestId('photo-upload-open'));
    const upload = page.getByTestId('photo-upload-dialog');
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 210, g: 205, b: 198 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    clicks.picked();
    await upload
      .getByTestId('photo-file-input')
      .setInputFiles([{ name: 'blocco.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await clicks.tap(upload.getByTestId('photo-upload-send'));
    await expect(upload).toBeHidden({ timeout: 30_000 });
    await expect(panel.getByTestId('photo-tile')).toHaveCount(1);
    await expect
      .poll(() =>
        panel
          .getByTestId('photo-tile')
          .getByRole('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);

    report(testInfo, 'produzione', clicks);
    // the screenshot shows the photo, not the confirmation toasts over it
    await expect(page.locator('.p-toast-message')).toHaveCount(0, { timeout: 15_000 });
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'flow-produzione-390');
    expect(console_.errors).toEqual([]);
  });

  test('vendite: a disponibile blocco optioned for a cliente until a typed date', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const console_ = watchConsole(page);
    const clicks = counter();
    await login(page, DEMO.vendite);
    await page.goto('/app/pages/blocchi?stato=disponibile');
    await clicks.tap(page.getByTestId('list-card').first());
    await expect(page.getByTestId('blocco-stato')).toHaveText('Disponibile');

    await clicks.tap(page.getByTestId('blocco-move-opzionato'));
    const dialog = page.getByTestId('opzione-dialog');
    await dialog.getByLabel('Cliente').pressSequentially('Edilpietra V');
    await clicks.tap(
      page.locator('.p-autocomplete-panel').getByRole('option', { name: /Edilpietra Veneta/ }),
    );
    const scadenza = romeDate(5);
    await typeDate(page.locator('#opzione-scadenza'), scadenza);
    await expect(page.locator('#opzione-scadenza')).toHaveValue(scadenza);
    await clicks.tap(page.getByTestId('opzione-save'));
    await expect(dialog).toBeHidden();

    await expect(page.getByTestId('blocco-stato')).toHaveText('Opzionato');
    await expect(page.getByTestId('blocco-cliente')).toContainText('per Edilpietra Veneta S.r.l.');
    await expect(page.getByTestId('blocco-cliente').getByText(/^fino al /)).toHaveText(
      `fino al ${scadenza}`,
    );

    report(testInfo, 'vendite', clicks);
    await expect(page.locator('.p-toast-message')).toHaveCount(0, { timeout: 15_000 });
    await screenshot(page, 'flow-vendite-390');
    expect(console_.errors).toEqual([]);
  });
});
