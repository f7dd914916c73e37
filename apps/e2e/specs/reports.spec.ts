import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { seedDemoBeforeAll, waitUntilLoaded } from '../pages/a11y.ts';
import { AppPages, typeDate } from '../pages/app.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

seedDemoBeforeAll();

test('open a report from the list, filter it (kept in the URL), read its chart and totals, and download it as CSV', async ({ page }) => {
  await new AppPages(page).signInAtPractice('DEMO-CITY');
  await page.goto('/admin/list/reports');
  await page.getByTestId('report-card-stock-movements').click();
  await expect(page).toHaveURL(/\/admin\/reports\/genrate\?report=stock-movements$/);
  await waitUntilLoaded(page);
  // The default period (the last 30 days) is shown in the date fields.
  await expect(page.getByTestId('report-from')).not.toHaveValue('');
  await expect(page.getByTestId('report-row').filter({ hasText: 'Consumed' })).toBeVisible();
  await expect(page.getByTestId('report-totals')).toContainText('£');
  await expect(page.getByTestId('report-chart').locator('svg').first()).toBeVisible();

  // A period that ends before it starts: the server's message, nothing else.
  const to = await page.getByTestId('report-to').inputValue();
  const after = new Date(`${to}T12:00:00Z`);
  after.setUTCDate(after.getUTCDate() + 1);
  await typeDate(page.getByTestId('report-from'), after.toISOString().slice(0, 10));
  await expect(page.getByTestId('report-error')).toContainText('The start of the period must not be after its end.');
  await typeDate(page.getByTestId('report-from'), '2025-01-01');
  await expect(page).toHaveURL(/from=2025-01-01/);
  // Or picked in the calendar: the 15th of the month before.
  await page.getByTestId('report-to').click();
  await page.getByRole('button', { name: 'Previous month' }).click();
  await page.getByRole('button', { name: /^15 / }).click();
  await expect(page).toHaveURL(/to=\d{4}-\d{2}-15/);
  await expect(page.getByTestId('report-to')).toHaveValue(/^\d{4}-\d{2}-15$/);
  await expect(page.getByTestId('report-view')).toBeVisible();

  // Another report keeps the filters it reads and drops the others.
  await page.getByTestId('report-select').click();
  await page.getByRole('option', { name: 'Inventory valuation' }).click();
  await expect(page).toHaveURL(/report=inventory-valuation/);
  await expect(page).not.toHaveURL(/from=/);
  await waitUntilLoaded(page);
  const rows = await page.getByTestId('report-row').count();
  expect(rows).toBeGreaterThan(10);
  await expect(page.getByTestId('report-count')).toContainText(`${rows} rows`);
  await expect(page.getByTestId('report-totals')).toContainText(/Total.*£[\d,]+\.\d{2}/);

  // A brand narrows it.
  await page.getByTestId('report-brand').click();
  await page.getByRole('option').first().click();
  await expect(page).toHaveURL(/brand_id=\d+/);
  await waitUntilLoaded(page);
  await expect.poll(() => page.getByTestId('report-row').count()).toBeLessThan(rows);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-download-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^inventory-valuation-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path()), 'utf8').replace(/^\uFEFF/, '').trim().split('\n');
  expect(csv[0]).toBe('product,sku,category,brand,on_hand,unit,value');
  expect(csv.at(-1)).toMatch(/^Total,+\d+\.\d{4}$/);
  expect(csv.length).toBe((await page.getByTestId('report-row').count()) + 2);
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-download-xlsx').click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^inventory-valuation-\d{4}-\d{2}-\d{2}\.xlsx$/);
  // An XLSX file is a zip archive.
  expect(fs.readFileSync((await xlsx.path())).subarray(0, 2).toString()).toBe('PK');
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-download-pdf').click()]);
  expect(pdf.suggestedFilename()).toMatch(/^inventory-valuation-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdfBytes = fs.readFileSync(await pdf.path());
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
  // Whole: one page, the end-of-file marker last (the API tests read its text).
  expect(pdfBytes.toString('latin1')).toMatch(/\/Type \/Pages\s+\/Count 1[\s\S]*%%EOF\s*$/);
  const brandUrl = new URL(page.url());

  // The Reports list shows the three downloads, the latest first; opening one shows the same report again.
  await page.goto('/admin/list/reports');
  const recent = page.getByTestId('recent-exports-table').getByTestId('data-table-row');
  await expect(recent.first()).toContainText('Inventory valuation');
  await expect(recent.first()).toContainText('pdf');
  await expect(recent.first().getByTestId('recent-export-filters')).toContainText('Brand:');
  await expect(recent.nth(1)).toContainText('xlsx');
  await expect(recent.nth(2)).toContainText('csv');
  await recent.first().getByTestId('recent-export-open').click();
  await expect(page).toHaveURL(/report=inventory-valuation/);
  expect(new URL(page.url()).searchParams.get('brand_id')).toBe(brandUrl.searchParams.get('brand_id'));
  expect(new URL(page.url()).searchParams.get('as_of')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await waitUntilLoaded(page);
  await expect.poll(() => page.getByTestId('report-row').count()).toBe(csv.length - 2);
});

test('stock movements one row per movement: the lines view, filtered by a product, and its PDF', async ({ page }) => {
  await new AppPages(page).signInAtPractice('DEMO-CITY');
  await page.goto('/admin/reports/genrate?report=stock-movements');
  await waitUntilLoaded(page);
  await page.getByTestId('report-lines').getByText('Each movement').click();
  await expect(page).toHaveURL(/view=lines/);
  await waitUntilLoaded(page);
  await expect(page.getByTestId('report-table').getByRole('columnheader', { name: 'Unit cost' })).toBeVisible();
  const all = await page.getByTestId('report-row').count();
  expect(all).toBeGreaterThan(20);
  await expect(page.getByTestId('report-chart').locator('svg').first()).toBeVisible();

  // One product: type part of its name, pick it.
  const product = (await page.getByTestId('report-row').first().locator('td').nth(2).textContent())!;
  await page.getByTestId('report-product').fill(product.slice(0, 12));
  await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(product)} · `) }).click();
  await expect(page).toHaveURL(/product_id=\d+/);
  await waitUntilLoaded(page);
  await expect.poll(() => page.getByTestId('report-row').count()).toBeLessThan(all);
  for (const cell of await page.getByTestId('report-row').locator('td:nth-child(3)').allTextContents()) expect(cell).toBe(product);
  await expect(page.getByTestId('report-totals')).toContainText('£');

  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-download-pdf').click()]);
  expect(pdf.suggestedFilename()).toMatch(/^stock-movements-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(fs.readFileSync(await pdf.path()).subarray(0, 5).toString()).toBe('%PDF-');

  // Another practice too: its rows follow, each naming its practice; the totals are per currency.
  await page.getByTestId('report-practices').click();
  await page.getByRole('option', { name: /DEMO-NORTH|North/ }).first().click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/practice_ids=\d+/);
  await waitUntilLoaded(page);
  await expect(page.getByTestId('report-table').getByRole('columnheader', { name: 'Practice' })).toBeVisible();
  await expect.poll(async () => new Set(await page.getByTestId('report-row').locator('td:first-child').allTextContents()).size).toBe(2);
  await expect(page.getByTestId('report-totals').first()).toContainText('GBP');
});
