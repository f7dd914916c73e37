import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { seedDemo, waitUntilLoaded } from '../pages/a11y.ts';
import { AppPages } from '../pages/app.ts';

test.beforeAll(async ({ playwright }, info) => {
  const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  await seedDemo(request);
  await request.dispose();
});

test('open a report from the list, filter it (kept in the URL), read its chart and totals, and download it as CSV', async ({ page }) => {
  await new AppPages(page).signInAndWaitForDashboard();
  await page.getByTestId('app-header').getByTestId('practice-selector').click();
  await page.getByRole('option', { name: '(DEMO-CITY)' }).click();
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
  await page.getByTestId('report-from').fill(after.toISOString().slice(0, 10));
  await expect(page.getByTestId('report-error')).toContainText('The start of the period must not be after its end.');
  await page.getByTestId('report-from').fill('2025-01-01');
  await expect(page).toHaveURL(/from=2025-01-01/);
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
});
