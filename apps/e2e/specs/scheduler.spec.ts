import { expect, test, type Page } from '@playwright/test';
import { seedDemo } from '../pages/a11y.ts';
import { AppPages, apiSignIn } from '../pages/app.ts';

/** A job's row on the scheduler screen, by its title (descriptions mention other jobs' names). */
const jobRow = (page: Page, title: string) =>
  page
    .getByTestId('scheduler-table')
    .getByTestId('data-table-row')
    .filter({ has: page.getByTestId('scheduler-job-title').getByText(title, { exact: true }) });

/** Opens a job's row menu on the scheduler screen and picks an action. */
async function jobAction(page: Page, title: string, action: 'edit' | 'history') {
  await jobRow(page, title).getByTestId('row-actions').click();
  await page.getByTestId(`row-action-${action}`).click();
}

test('a Super Admin edits a job, runs the due jobs from the screen, reads the run in its history, gets the alert it raised in the bell and downloads the archive it made', async ({ page, request }) => {
  // A product stocked below its reorder point in a demo practice: the Stock alerts job will raise it.
  const ids = await seedDemo(request);
  const admin = await apiSignIn(request);
  const stamp = Date.now().toString(36);
  const productName = `Scheduler gauze ${stamp}`;
  const product = (await admin.post('/api/product/create', { name: productName, sku: `SCH-${stamp}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '4.00' })) as { data: { id: number } };
  await admin.post('/api/inventory/add', { dental_practice_id: ids.practiceId, product_id: product.data.id, reorder_point: '5', par_level: '20' });

  const app = new AppPages(page);
  await app.signInAndWaitForDashboard();
  await app.open('scheduler', 'Scheduler');
  const rows = page.getByTestId('scheduler-table').getByTestId('data-table-row');
  await expect(rows).toHaveCount(6);
  await expect(jobRow(page, 'Refresh forecasts')).toContainText('0 2 * * *');

  // Forecasts off for this test (they would take a while). The clean-up and the stock alerts get a cron time in
  // the past that the clock will not fire while the test runs: due now, run by the button alone.
  const minute = () => String(Math.floor(Math.random() * 60));
  const cleanUpCron = `${minute()} 0 1 1 *`;
  const alertsCron = `${minute()} 0 2 1 *`;
  await jobAction(page, 'Refresh forecasts', 'edit');
  await page.getByTestId('scheduler-enabled').click();
  await page.getByTestId('scheduler-submit').click();
  await expect(page.getByTestId('scheduler-job-modal')).toBeHidden();
  await expect(jobRow(page, 'Refresh forecasts')).toContainText('Off');

  await jobAction(page, 'Clean up', 'edit');
  const cron = page.getByTestId('scheduler-cron');
  await cron.fill('every minute');
  await page.getByTestId('scheduler-submit').click();
  // A bad schedule is refused under its field, and nothing is saved.
  await expect(page.getByTestId('scheduler-job-modal')).toContainText('Not a valid schedule');
  await cron.fill(cleanUpCron);
  await page.getByTestId('scheduler-submit').click();
  await expect(page.getByTestId('scheduler-job-modal')).toBeHidden();
  await expect(jobRow(page, 'Clean up')).toContainText(cleanUpCron);
  await jobAction(page, 'Stock alerts', 'edit');
  await page.getByTestId('scheduler-cron').fill(alertsCron);
  await page.getByTestId('scheduler-submit').click();
  await expect(jobRow(page, 'Stock alerts')).toContainText(alertsCron);

  // The archive job's age setting: 0 days archives every activity-log entry there is.
  await jobAction(page, 'Archive activity logs', 'edit');
  await page.getByTestId('scheduler-archive-days').fill('0');
  await page.getByTestId('scheduler-submit').click();
  await expect(page.getByTestId('scheduler-job-modal')).toBeHidden();

  await page.getByTestId('scheduler-run-due').click();
  await expect(page.getByText(/jobs? ran\.|still running/)).toBeVisible({ timeout: 45_000 });
  await expect(jobRow(page, 'Stock alerts').getByTestId('run-status')).toHaveText('Succeeded');
  // The bell has the alert the job raised (it polls; a reload asks at once).
  await page.reload();
  await expect(page.getByTestId('notifications-count')).not.toHaveAttribute('data-count', '0');
  await page.getByTestId('notifications-bell').click();
  await expect(page.getByTestId('notifications-panel').getByTestId('notification-item').filter({ hasText: productName })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(jobRow(page, 'Clean up').getByTestId('run-status')).toHaveText('Succeeded');

  await jobAction(page, 'Clean up', 'history');
  const drawer = page.getByTestId('scheduler-runs-drawer');
  await expect(drawer.getByTestId('scheduler-run').first()).toContainText('Succeeded');
  await expect(drawer.getByTestId('scheduler-run').first()).toContainText('Run now');
  await expect(drawer.getByTestId('scheduler-run-log').first()).toContainText('expired sessions removed');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The archive it made is listed and downloads as gzipped NDJSON.
  await app.navigate('archiveLogs');
  const archives = page.getByTestId('archive-logs-table').getByTestId('data-table-row');
  await expect(archives.first()).toBeVisible();
  await archives.first().getByTestId('row-actions').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('row-action-download').click();
  expect((await download).suggestedFilename()).toMatch(/^activity-log-.*\.ndjson\.gz$/);
  await app.navigate('scheduler');

  // Put the forecasts back on, as the other specs expect.
  await jobAction(page, 'Refresh forecasts', 'edit');
  await page.getByTestId('scheduler-enabled').click();
  await page.getByTestId('scheduler-submit').click();
  await expect(jobRow(page, 'Refresh forecasts')).toContainText('On');
});
