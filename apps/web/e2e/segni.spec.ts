import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, expectNoSeriousA11yViolations, signIn, screenshot, watchConsole } from './helpers';

/** Defects marked on a photo with a finger, at 390 px (docs/photos.md, "Segni sui difetti"). */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** A real finger drag through Chromium's touch input (it raises the pointer events the editor reads). */
async function touchDrag(page: Page, points: Array<{ x: number; y: number }>) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', p?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [],
    });
  await touch('touchStart', points[0]);
  for (const p of points.slice(1)) await touch('touchMove', p);
  await touch('touchEnd');
  await cdp.detach();
}

test('produzione marks a pelo on a block photo with a touch drag and sees it after reload', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const console = watchConsole(page);
  await signIn(page, DEMO.produzione, '/app/pages/blocchi');
  await page.getByTestId('list-card').first().click();
  await expect(page).toHaveURL(/\/app\/pages\/blocchi\/[0-9a-f-]{36}$/);

  // a photo of our own (other specs share the demo database)
  const panel = page.getByTestId('photos-section');
  await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0);
  const description = `Segni e2e ${Date.now()}`;
  await panel.getByTestId('photo-upload-open').click();
  const dialog = page.getByTestId('photo-upload-dialog');
  await dialog.getByTestId('photo-file-input').setInputFiles({
    name: 'faccia.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 225, g: 222, b: 215 } },
    })
      .jpeg()
      .toBuffer(),
  });
  await dialog.getByTestId('photo-description').fill(description);
  await dialog.getByTestId('photo-upload-send').click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  const openName = { name: `Apri ${description}` };
  const open = panel.getByRole('button', openName);
  await open.click();
  await page.getByTestId('segni-open').click();
  const editor = page.getByTestId('segni-editor');
  await expect(editor).toBeVisible();
  const canvas = editor.getByTestId('segni-canvas');
  await expect(editor.locator('img.segni-photo')).toHaveJSProperty('complete', true);
  const box = (await canvas.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  // across the middle of the picture, as a finger draws it
  const y = box.y + box.height / 2;
  await touchDrag(
    page,
    Array.from({ length: 12 }, (_, i) => ({ x: box.x + box.width * (0.2 + i * 0.05), y })),
  );
  await expect(editor.getByTestId('segni-chip')).toHaveText(['1. Pelo (linea)']);
  await editor.getByTestId('segni-nota').fill('Faccia A');
  await expectNoSeriousA11yViolations(page, testInfo, 'segni-editor');
  await screenshot(page, 'segni-editor-390');
  await page.getByTestId('segni-save').click();
  await expect(editor).toBeHidden();

  // after a reload: the tile counts it, the viewer draws it with its legend
  await page.reload();
  const tile = panel.getByTestId('photo-tile').filter({ has: page.getByRole('button', openName) });
  await expect(tile.getByTestId('photo-segni-count')).toContainText('1');
  await open.click();
  const shown = page.locator('.photo-lightbox [data-segni="1"]');
  await expect(shown).toBeVisible();
  await expect(shown.locator('[data-segno] polyline')).toHaveCount(2);
  await expect(shown.getByRole('list', { name: 'Legenda dei difetti' })).toContainText('Pelo');
  await expect(shown).toContainText('Faccia A');
  await screenshot(page, 'segni-viewer-390');
  expect(console.errors).toEqual([]);
});
