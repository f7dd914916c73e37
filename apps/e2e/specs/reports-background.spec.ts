import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { seedDemoBeforeAll, waitUntilLoaded } from '../pages/a11y.ts';
import { AppPages } from '../pages/app.ts';

seedDemoBeforeAll(180_000);

/** Every movement of the demo's history, one row each: past what a PDF downloads at once. */
const period = () => {
  const to = new Date();
  const from = new Date(to.getTime() - 1000 * 86_400_000);
  return `from=${from.toISOString().slice(0, 10)}&to=${to.toISOString().slice(0, 10)}`;
};

/** Generate with the stock movements' lines of the demo city practice over the period (a long export). */
async function openMovementLines(page: Page) {
  test.setTimeout(180_000);
  await new AppPages(page).signInAtPractice('DEMO-CITY');
  await page.goto(`/admin/reports/genrate?report=stock-movements&view=lines&${period()}`);
  await waitUntilLoaded(page);
}

test('a large export is prepared in the background from Generate, followed to its end there and in Recent exports, and downloaded', async ({ page }) => {
  await openMovementLines(page);
  const count = Number((await page.getByTestId('report-count').textContent())!.replace(/\D/g, ''));
  expect(count).toBeGreaterThan(500);
  expect(count).toBeLessThanOrEqual(5000);

  // CSV and XLSX still download at once; the PDF is prepared in the background, and the screen says so.
  await expect(page.getByTestId('report-download-csv')).toHaveAttribute('href', /format=csv/);
  await expect(page.getByTestId('report-download-pdf')).toHaveCount(0);
  await expect(page.getByTestId('report-background-hint')).toContainText('PDF prepared in the background');
  await page.getByTestId('report-prepare-pdf').click();
  const mine = page.getByTestId('background-export');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Stock movements · PDF');
  // Its progress, then its download link (the API tests check that a double click is one export).
  await expect(mine.getByTestId('export-status')).toHaveAttribute('data-status', 'succeeded', { timeout: 90_000 });
  const [fromGenerate] = await Promise.all([page.waitForEvent('download'), mine.getByTestId('export-download').click()]);
  expect(fromGenerate.suggestedFilename()).toMatch(/^stock-movements-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = fs.readFileSync(await fromGenerate.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.toString('latin1')).toMatch(/%%EOF\s*$/);

  // Recent exports: the same export, ready, with its download.
  await page.getByTestId('background-exports-recent').click();
  await expect(page).toHaveURL(/\/admin\/list\/reports$/);
  const recent = page.getByTestId('recent-exports-table').getByTestId('data-table-row');
  await expect(recent.first()).toContainText('Stock movements');
  await expect(recent.first().getByTestId('export-status')).toHaveAttribute('data-status', 'succeeded');
  const [fromRecent] = await Promise.all([page.waitForEvent('download'), recent.first().getByTestId('export-download').click()]);
  expect(fs.readFileSync(await fromRecent.path()).equals(pdf)).toBe(true);
});

test('Recent exports follows an export still being prepared: its progress bar, then its download link', async ({ page }) => {
  await openMovementLines(page);
  // Ask, and leave for the Reports list at once: the export goes on without the screen that asked for it.
  const started = page.waitForResponse((r) => r.url().endsWith('/api/reports/exports') && r.request().method() === 'POST');
  await page.getByTestId('report-prepare-pdf').click();
  expect([200, 202]).toContain((await started).status());
  await page.goto('/admin/list/reports');
  const row = page.getByTestId('recent-exports-table').getByTestId('data-table-row').first();
  const status = row.getByTestId('export-status');
  await expect(status).toHaveAttribute('data-status', /queued|running|succeeded/);
  if ((await status.getAttribute('data-status')) !== 'succeeded') await expect(status.getByRole('progressbar')).toBeVisible();
  await expect(status).toHaveAttribute('data-status', 'succeeded', { timeout: 90_000 });
  await expect(row.getByTestId('export-download')).toHaveAttribute('href', /^\/api\/reports\/exports\/\d+\/download$/);
});
