import fs from 'node:fs';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { chromium, expect, test } from '@playwright/test';
import { DEMO, fillLogin, login, screenshot } from './helpers';

test.describe('find or scan a code', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('on a phone, a block’s code typed loosely in the top bar opens its page', async ({
    page,
  }) => {
    await login(page, DEMO.produzione);
    await page.goto('/app/pages/blocchi');
    const codice = (await page.locator('.list-card-title').first().innerText()).match(
      /BL-\d{4}-\d{4}/,
    )![0];
    await page.getByRole('button', { name: 'Cerca o scansiona un codice' }).click();
    const input = page.getByTestId('code-search-input');
    await expect(input).toBeFocused();
    // as typed in the yard: lower case, spaces, no leading zeros
    const [, anno, numero] = codice.split('-');
    await input.fill(`bl ${anno} ${Number(numero)}`);
    await screenshot(page, 'code-search-390');
    await input.press('Enter');
    await expect(page.getByTestId('page-title')).toHaveText(`Blocco ${codice}`);

    // its label, to stick on the stone
    const download = page.waitForEvent('download');
    await page
      .getByTestId('print-labels')
      .getByRole('button', { name: 'Stampa etichetta' })
      .click();
    expect((await download).suggestedFilename()).toBe(`etichetta-${codice}.pdf`);
    await screenshot(page, 'blocco-etichetta-390');

    // the yard's quick actions: a photo from the camera in one tap, a move in two
    await expect(page.getByTestId('quick-actions')).toBeVisible();
    await page.getByTestId('quick-photo-input').setInputFiles({
      name: 'piazzale.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({
        create: { width: 800, height: 600, channels: 3, background: { r: 190, g: 186, b: 180 } },
      })
        .jpeg()
        .toBuffer(),
    });
    await expect(
      page.locator('.p-toast-message').filter({ hasText: 'Foto caricata' }),
    ).toBeVisible();
    await screenshot(page, 'blocco-quick-actions-390');
    await page.getByTestId('quick-move').click();
    const place = page
      .getByTestId('quick-move-dialog')
      .getByRole('button')
      .filter({ hasNotText: /^$/ })
      .last();
    const nome = (await place.innerText()).trim();
    await place.click();
    await expect(
      page.locator('.p-toast-message').filter({ hasText: 'Blocco spostato' }),
    ).toBeVisible();
    await expect(page.getByTestId('quick-move-dialog')).toBeHidden();
    await expect(page.getByText(nome).first()).toBeVisible();

    await page.getByRole('button', { name: 'Cerca o scansiona un codice' }).click();
    await page.getByTestId('code-search-input').fill('XX-1999-1');
    await page.getByTestId('code-search-submit').click();
    await expect(page.getByTestId('code-search-error')).toHaveText(
      'Il codice XX-1999-0001 non corrisponde a nulla di questa ditta',
    );
    // part of a code: the candidates to choose from
    await page.getByTestId('code-search-input').fill(numero!);
    await page.getByTestId('code-search-submit').click();
    await expect(page.getByTestId('code-search-error')).toHaveText(
      'Nessun codice esatto: forse uno di questi?',
    );
    await page
      .getByTestId('code-search-candidates')
      .getByRole('link', { name: new RegExp(`^Blocco ${codice}`) })
      .click();
    await expect(page.getByTestId('page-title')).toHaveText(`Blocco ${codice}`);
  });

  test('a label’s link opened logged out asks to log in, then lands on the item', async ({
    page,
  }) => {
    await login(page, DEMO.produzione);
    await page.goto('/app/pages/blocchi');
    const codice = (await page.locator('.list-card-title').first().innerText()).match(
      /BL-\d{4}-\d{4}/,
    )![0];
    await page.evaluate(() => window.localStorage.clear());
    await page.context().clearCookies();

    await page.goto(`/c/${codice}`);
    await expect(page).toHaveURL(/\/auth\/login/);
    await fillLogin(page, DEMO.produzione.email);
    await expect(page.getByTestId('page-title')).toHaveText(`Blocco ${codice}`);
    await expect(page).toHaveURL(/\/app\/pages\/blocchi\/[0-9a-f-]{36}$/);
  });
});

test.describe('scanning a label with the phone’s camera', () => {
  test('the camera reads the QR code of a label and opens the block', async ({
    page: probe,
  }, testInfo) => {
    test.setTimeout(90_000);
    // a camera that films a printed label: Chromium's fake capture device playing a y4m of the QR
    await login(probe, DEMO.produzione);
    await probe.goto('/app/pages/blocchi');
    const codice = (
      await probe.locator('a[href^="/app/pages/blocchi/"]').first().innerText()
    ).match(/BL-\d{4}-\d{4}/)![0];

    const video = testInfo.outputPath('etichetta.y4m');
    fs.writeFileSync(video, await y4mOf(`https://gestcava.example/c/${codice}`));
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      locale: 'it-IT',
      permissions: ['camera'],
    });
    const page = await context.newPage();
    await login(page, DEMO.produzione);
    await page.getByTestId('dashboard-code-search').click();
    await page.getByTestId('code-search-scan').click();
    await expect(page.getByTestId('page-title')).toHaveText(`Blocco ${codice}`, {
      timeout: 20_000,
    });
    await browser.close();
  });
});

/** A short y4m video (4:2:0) of a QR code on white, as a camera pointed at a label would see it. */
async function y4mOf(text: string): Promise<Buffer> {
  const [w, h] = [640, 480];
  // sharp extends after resizing: the QR is drawn at its final size and padded to the frame
  const png = await QRCode.toBuffer(text, { margin: 2, width: 360 });
  const { width = 360, height = 360 } = await sharp(png).metadata();
  const left = Math.floor((w - width) / 2);
  const top = Math.floor((h - height) / 2);
  const qr = await sharp(png)
    .flatten({ background: '#fff' })
    .extend({ top, bottom: h - height - top, left, right: w - width - left, background: '#fff' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const chroma = Buffer.alloc((w / 2) * (h / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), qr.subarray(0, w * h), chroma, chroma]);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`),
    ...Array.from({ length: 10 }, () => frame),
  ]);
}
