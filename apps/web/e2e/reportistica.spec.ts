import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { DEMO, expectNoSeriousA11yViolations, signIn, screenshot } from './helpers';

test.describe('reportistica', () => {
  test('the admin downloads the registro di produzione as PDF and the estrazione per cava as Excel for this year', async ({
    page,
  }, testInfo) => {
    await signIn(page, DEMO.admin, '/app/reportistica');
    await expect(page.getByTestId('page-title')).toHaveText('Reportistica');
    await page.getByRole('button', { name: "Quest'anno" }).click();
    await screenshot(page, 'reportistica-1366');
    await expectNoSeriousA11yViolations(page, testInfo, 'reportistica');

    const pdf = page.waitForEvent('download');
    await page.getByTestId('report-registro-produzione-pdf').click();
    const pdfFile = await pdf;
    const year = new Date().getFullYear();
    expect(pdfFile.suggestedFilename()).toMatch(
      new RegExp(`^registro-produzione-${year}-01-01_${year}-\\d{2}-\\d{2}\\.pdf$`),
    );
    const pdfBytes = fs.readFileSync(await pdfFile.path());
    expect(pdfBytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await expect(
      page.locator('.p-toast-message').filter({ hasText: 'Registro di produzione: pronto' }),
    ).toBeVisible();

    const xlsx = page.waitForEvent('download');
    await page.getByTestId('report-estrazione-xlsx').click();
    const xlsxFile = await xlsx;
    expect(xlsxFile.suggestedFilename()).toMatch(/^estrazione-.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsxFile.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toContain('Cava');
    // the demo quarry's blocks of this year are in it, with their tonnes
    expect(sheet.rowCount).toBeGreaterThan(2);
    expect(typeof sheet.getRow(2).getCell(8).value).toBe('number');
  });

  test('at 390 px the reports fit the screen, one under the other', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.vendite, '/app/reportistica');
    await expect(page.getByTestId('report-giacenze')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'reportistica-390');
  });
});
