import { expect, test, type Page } from '@playwright/test';
import { AppPages } from '../pages/app.ts';

/** Opens a job's row menu on the scheduler screen and picks an action. */
async function jobAction(page: Page, title: string, action: 'edit' | 'history') {
  await page.getByTestId('scheduler-table').getByTestId('data-table-row').filter({ hasText: title }).getByTestId('row-actions').click();
  await page.getByTestId(`row-action-${action}`).click();
}

test('a Super Admin edits a job, runs the due jobs from the screen and reads the run in its history', async ({ page }) => {
  const app = new AppPages(page);
  await app.signInAndWaitForDashboard();
  await app.navigate('scheduler');
  await expect(page.getByTestId('page-title')).toHaveText('Scheduler');
  const rows = page.getByTestId('scheduler-table').getByTestId('data-table-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: 'Refresh forecasts' })).toContainText('0 2 * * *');

  // Forecasts off for this test (they would take a while); the clean-up every minute, so it is due now.
  await jobAction(page, 'Refresh forecasts', 'edit');
  await page.getByTestId('scheduler-enabled').click();
  await page.getByTestId('scheduler-submit').click();
  await expect(page.getByTestId('scheduler-job-modal')).toBeHidden();
  await expect(rows.filter({ hasText: 'Refresh forecasts' })).toContainText('Off');

  await jobAction(page, 'Clean up', 'edit');
  const cron = page.getByTestId('scheduler-cron');
  await cron.fill('every minute');
  await page.getByTestId('scheduler-submit').click();
  // A bad schedule is refused under its field, and nothing is saved.
  await expect(page.getByTestId('scheduler-job-modal')).toContainText('Not a valid schedule');
  await cron.fill('* * * * *');
  await page.getByTestId('scheduler-submit').click();
  await expect(page.getByTestId('scheduler-job-modal')).toBeHidden();
  await expect(rows.filter({ hasText: 'Clean up' })).toContainText('* * * * *');

  await page.getByTestId('scheduler-run-due').click();
  await expect(page.getByText(/jobs? ran\.|still running/)).toBeVisible({ timeout: 45_000 });
  await expect(rows.filter({ hasText: 'Clean up' }).getByTestId('run-status')).toHaveText('Succeeded');

  await jobAction(page, 'Clean up', 'history');
  const drawer = page.getByTestId('scheduler-runs-drawer');
  await expect(drawer.getByTestId('scheduler-run').first()).toContainText('Succeeded');
  await expect(drawer.getByTestId('scheduler-run').first()).toContainText('Run now');
  await expect(drawer.getByTestId('scheduler-run-log').first()).toContainText('expired sessions removed');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Put the forecasts back on, as the other specs expect.
  await jobAction(page, 'Refresh forecasts', 'edit');
  await page.getByTestId('scheduler-enabled').click();
  await page.getByTestId('scheduler-submit').click();
  await expect(rows.filter({ hasText: 'Refresh forecasts' })).toContainText('On');
});
