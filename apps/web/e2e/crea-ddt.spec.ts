import { expect, test } from '@playwright/test';
import { DEMO, login, screenshot, storedToken } from './helpers';

// a magazzino sale offers «Crea DDT» with what it sold. The Nuovo DDT page itself belongs to
// the Spedizioni pages: here only the address it is opened with is checked (its URL contract).
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('390 px: the magazzino user sells a whole bundle, then «Crea DDT» opens Nuovo DDT for its cliente with the bundle ticked', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await login(page, DEMO.magazzino);
  const auth = { Authorization: `Bearer ${await storedToken(page)}` };

  // a bundle whose slabs are all free: sold at once, it travels whole
  const pacchi = (await (
    await request.get('/api/magazzino/pacchi', { headers: auth, params: { limit: 50 } })
  ).json()) as { items: Array<{ _id: string; nLastre: number; lastreDisponibili: number }> };
  let paccoId: string | undefined;
  for (const p of pacchi.items.filter((x) => x.nLastre > 0 && x.lastreDisponibili === x.nLastre)) {
    const detail = (await (
      await request.get(`/api/magazzino/pacchi/${p._id}`, { headers: auth })
    ).json()) as { lastre: Array<{ stato: string }> };
    if (detail.lastre.every((l) => l.stato === 'disponibile')) {
      paccoId = p._id;
      break;
    }
  }
  expect(paccoId, 'a demo bundle with every slab free').toBeTruthy();

  await page.goto(`/app/pages/magazzino/pacchi/${paccoId}`);
  await page.getByTestId('pacco-vendi').click();
  const dialog = page.getByTestId('vendi-form-dialog');
  await dialog.getByLabel('Cliente').fill('Edilpietra');
  await page
    .locator('.p-autocomplete-panel')
    .getByRole('option', { name: /Edilpietra/ })
    .click();
  await page.getByTestId('vendi-prezzo').fill('120');
  await page.getByTestId('vendi-save').click();
  await expect(dialog).toBeHidden();

  const crea = page.getByTestId('crea-ddt');
  await expect(crea).toBeVisible();
  const box = await crea.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await screenshot(page, 'pacco-crea-ddt-390');
  await crea.click();
  await expect(page).toHaveURL(
    new RegExp(`/app/pages/spedizioni/nuovo\\?clienteId=[0-9a-f-]{36}&pacchi=${paccoId}$`),
  );
});
