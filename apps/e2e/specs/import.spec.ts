import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { axeViolations } from '../pages/a11y.ts';
import { AppPages } from '../pages/app.ts';

test('import a product CSV with errors: read the report, import the valid rows, find them in the list', async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const csv = [
    'SKU,Name,GTIN,Usage unit,Purchase unit,Units per purchase unit,Purchase price',
    `IMP-${stamp}-1,Saliva ejectors ${stamp},,each,bag,100,6.50`,
    `IMP-${stamp}-2,Cotton rolls ${stamp},,each,bag,1000,4.20`,
    `IMP-${stamp}-3,Broken price ${stamp},,each,box,50,twelve`,
    `IMP-${stamp}-4,Bad barcode ${stamp},4006381333932,each,box,50,3.00`,
    `IMP-${stamp}-1,Duplicate ${stamp},,each,bag,100,6.50`,
  ].join('\n');
  const file = path.join(test.info().outputDir, 'products.csv');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, csv);

  const app = new AppPages(page);
  await app.signInAndWaitForDashboard();
  await app.navigate('import');
  await expect(page.getByTestId('page-title')).toHaveText('Import');
  await page.locator('#main-content').getByText('Products', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Products' })).toBeChecked();
  await page.getByTestId('import-file').setInputFiles(file);

  await expect(page.getByTestId('import-status')).toHaveText('Checked — your decision', { timeout: 30_000 });
  const errors = page.getByTestId('import-errors');
  await expect(errors).toContainText('Enter an amount such as 12.50');
  await expect(errors).toContainText('This is not a valid GTIN');
  await expect(errors).toContainText('already appears in row 2');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByText('Download the error report (CSV)').click()]);
  const report = fs.readFileSync((await download.path()), 'utf8');
  expect(report).toContain('purchase_price');
  expect(report.split(/\r?\n/).filter(Boolean)).toHaveLength(4);

  await page.getByRole('button', { name: 'Import 2 valid rows' }).click();
  await expect(page.getByTestId('import-result')).toContainText('2 created', { timeout: 30_000 });

  await app.navigate('products');
  await page.getByTestId('data-table-search').fill(stamp);
  await expect(page.getByTestId('data-table-row')).toHaveCount(2);
  await expect(page.getByTestId('products-table')).toContainText(`Saliva ejectors ${stamp}`);
  await expect(page.getByTestId('products-table')).toContainText(`Cotton rolls ${stamp}`);
});

test('import dental practices: a bad time zone and currency named per row (no axe violation), the valid ones in the practices list', async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const csv = [
    'code,name,address,phone,email,time_zone,currency,status',
    `IMP-${stamp}-A,Harbour Dental ${stamp},1 Quay St,,,Europe/London,GBP,`,
    `IMP-${stamp}-B,Lagoon Smile ${stamp},,,,America/Sao_Paulo,brl,`,
    `IMP-${stamp}-C,Nowhere ${stamp},,,,Mars/Olympus,EUR,`,
    `IMP-${stamp}-D,Play money ${stamp},,,,Europe/Paris,XYZ,`,
  ].join('\n');
  const file = path.join(test.info().outputDir, 'practices.csv');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, csv);

  const app = new AppPages(page);
  await app.signInAndWaitForDashboard();
  await app.navigate('import');
  await page.locator('#main-content').getByText('Dental practices', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Dental practices' })).toBeChecked();
  await expect(page.getByRole('link', { name: 'CSV template' })).toHaveAttribute('href', '/api/import/template/dental-practice?format=csv');
  await page.getByTestId('import-file').setInputFiles(file);

  await expect(page.getByTestId('import-status')).toHaveText('Checked — your decision', { timeout: 30_000 });
  const errors = page.getByTestId('import-errors');
  await expect(errors).toContainText('Choose a time zone from the list');
  await expect(errors).toContainText('Use a three-letter currency code');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Import 2 valid rows' }).click();
  await expect(page.getByTestId('import-result')).toContainText('2 created', { timeout: 30_000 });
  await page.getByTestId('import-result').getByRole('link').click();
  await page.getByTestId('data-table-search').fill(stamp);
  await expect(page.getByTestId('data-table-row')).toHaveCount(2);
  await expect(page.locator('#main-content')).toContainText(`Lagoon Smile ${stamp}`);
});
