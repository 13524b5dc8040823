import { expect, test } from '@playwright/test';
import { DEMO, login } from './helpers';

test.describe('estrazione: tariffs of a quarry', () => {
  test('admin: Impostazioni → Cave → € shows the demo tariffs; a new period is added, an overlapping one refused, then removed', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await login(page, DEMO.admin);
    await page.goto('/app/pages/settings?tab=anagrafiche&voce=cave');
    const row = page
      .getByRole('table', { name: 'Cave' })
      .getByRole('row')
      .filter({ hasText: 'Canalgrande' });
    await row.getByTestId('lookup-tariffe').click();
    const dialog = page.getByTestId('cava-tariffe-dialog');
    const table = dialog.getByRole('table', { name: 'Tariffe di Canalgrande' });
    // the demo's this-year tariff, 7,10 €/t for blocks, without an end
    await expect(table.getByRole('row').filter({ hasText: 'senza scadenza' })).toContainText(
      '7,10',
    );

    const year = new Date().getFullYear();
    await dialog.getByTestId('tariffa-new').click();
    const dates = async (from: string, to: string) => {
      await page.locator('#tariffa-validoDal').fill(from);
      await page.locator('#tariffa-validoAl').fill(to);
      await page.locator('#tariffa-validoAl').blur();
    };
    for (const [c, v] of [
      ['blocchi', '6,20'],
      ['informi', '3,10'],
      ['scaglieBianche', '1,15'],
      ['scaglieScure', '0,75'],
      ['scogliere', '0,95'],
      ['terre', '0,35'],
    ])
      await page.locator(`#tariffa-${c}`).fill(v!);
    // this year's tariff has no end: a later period overlaps it
    await dates(`01/01/${year + 2}`, `31/12/${year + 2}`);
    await page.getByTestId('tariffa-save').click();
    await expect(page.getByTestId('tariffa-form-error')).toContainText('si sovrappongono');
    // three years ago is free
    await dates(`01/01/${String(year - 3).slice(2)}`, `31/12/${String(year - 3).slice(2)}`);
    await page.getByTestId('tariffa-save').click();
    const added = table
      .getByRole('row')
      .filter({ hasText: `al 31/12/${String(year - 3).slice(2)}` });
    await expect(added).toContainText('6,20');
    await added.getByTestId('tariffa-delete').click();
    await page.getByTestId('confirm-tariffa-delete-confirm').click();
    await expect(added).toHaveCount(0);
  });
});
