import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, expectNoSeriousA11yViolations, signIn, screenshot, watchConsole } from './helpers';

/** A small real JPEG (the server checks the bytes and decodes it for the variants). */
async function jpeg(color: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

test.describe('photos: panel and gallery', () => {
  test('produzione uploads two photos to a blocco with progress, views them, downloads the zip and finds them in the gallery', async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    const console = watchConsole(page);
    // --- a blocco of the demo data (other specs share the database: count only our own photos)
    await signIn(page, DEMO.produzione, '/app/pages/blocchi');
    await page.getByRole('table', { name: 'Blocchi' }).locator('tbody tr').first().click();
    await expect(page).toHaveURL(/\/app\/pages\/blocchi\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('page-title')).toHaveText(/^Blocco BL-\d{4}-\d{4}$/);
    const codice =
      /BL-\d{4}-\d{4}/.exec(await page.getByTestId('page-title').innerText())?.[0] ?? '';
    expect(codice).not.toBe('');
    const panel = page.getByTestId('photos-section');
    await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0);
    const before = await panel.getByTestId('photo-tile').count();
    const description = `Prova e2e ${Date.now()}`;

    // --- upload two: the requests are held until the progress bars have been seen
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/photos/uploadPhotos', async (route) => {
      await held;
      await route.continue();
    });
    await panel.getByTestId('photo-upload-open').click();
    const dialog = page.getByTestId('photo-upload-dialog');
    await dialog.getByTestId('photo-file-input').setInputFiles([
      {
        name: 'fronte.jpg',
        mimeType: 'image/jpeg',
        buffer: await jpeg({ r: 200, g: 196, b: 188 }),
      },
      { name: 'retro.jpg', mimeType: 'image/jpeg', buffer: await jpeg({ r: 120, g: 112, b: 104 }) },
    ]);
    await dialog.getByTestId('photo-description').fill(description);
    await dialog.getByTestId('photo-upload-send').click();
    await expect(
      dialog.getByRole('progressbar', { name: 'Caricamento di fronte.jpg' }),
    ).toBeVisible();
    await expect(
      dialog.getByRole('progressbar', { name: 'Caricamento di retro.jpg' }),
    ).toBeVisible();
    await screenshot(page, 'photo-upload-1366');
    release();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await page.unroute('**/photos/uploadPhotos');

    await expect(panel.getByTestId('photo-tile')).toHaveCount(before + 2);
    const ours = panel.getByRole('img', { name: description });
    await expect(ours).toHaveCount(2);
    // the thumbnails really load through their signed links
    await expect
      .poll(() =>
        ours.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await expectNoSeriousA11yViolations(page, testInfo, 'photo-panel');
    await screenshot(page, 'photo-panel-1366');

    // --- the lightbox: preview, arrows, Escape back to the thumbnail
    await panel
      .getByRole('button', { name: `Apri ${description}` })
      .first()
      .click();
    const image = page.getByTestId('photo-lightbox-image');
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expect(page.locator('.photo-lightbox-caption')).toContainText(`1 di ${before + 2}`);
    await expect(page.locator('.photo-lightbox-caption')).toContainText(description);
    await screenshot(page, 'photo-lightbox-1366');
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('.photo-lightbox-caption')).toContainText(`2 di ${before + 2}`);
    await page.keyboard.press('Escape');
    await expect(image).toBeHidden();

    // --- all of them as one zip, streamed by the browser
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByTestId('photo-download-zip').click(),
    ]);
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    const zipPath = await zip.path();
    expect(fs.statSync(zipPath).size).toBeGreaterThan(0);

    // --- the gallery: search by the block's code, both photos with the block's data
    await page.goto('/app/photo-gallery');
    await expect(page.getByTestId('page-title')).toHaveText('Galleria Foto');
    await page.getByLabel('Cerca', { exact: true }).fill(codice);
    await expect(page).toHaveURL(new RegExp(`q=${codice}`));
    const cards = page
      .getByTestId('gallery-card')
      .filter({ has: page.getByRole('img', { name: description }) });
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText(codice);
    await expect(cards.first()).toContainText(/Blocco · \S+/);
    await expect(cards.first()).toContainText(/Cava \S+ · \d{2}\/\d{2}\/\d{2}/);
    await expect(cards.first().getByRole('link', { name: codice })).toHaveAttribute(
      'href',
      /\/app\/pages\/blocchi\/[0-9a-f-]{36}$/,
    );
    await expect(page.getByTestId('gallery-total')).toHaveText(/^\d+ foto$/);
    // the link shares the view
    await page.reload();
    await expect(cards).toHaveCount(2);
    await expect
      .poll(() =>
        cards
          .first()
          .getByRole('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await expectNoSeriousA11yViolations(page, testInfo, 'photo-gallery-1366');
    await screenshot(page, 'photo-gallery-1366');

    // --- 360 px: no horizontal scroll, still usable
    await page.setViewportSize({ width: 360, height: 740 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
      .toBe(false);
    await expectNoSeriousA11yViolations(page, testInfo, 'photo-gallery-360');
    await screenshot(page, 'photo-gallery-360');
    await cards
      .first()
      .getByRole('button', { name: `Apri ${description}` })
      .click();
    await expect(page.getByTestId('photo-lightbox-image')).toBeVisible();
    await screenshot(page, 'photo-lightbox-360');
    await page.keyboard.press('Escape');

    await cards.first().getByRole('link', { name: codice }).click();
    await expect(page.getByTestId('page-title')).toHaveText(`Blocco ${codice}`);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
      .toBe(false);
    await page.getByTestId('photos-section').scrollIntoViewIfNeeded();
    await screenshot(page, 'photo-panel-360');
    expect(console.errors).toEqual([]);
  });
});
