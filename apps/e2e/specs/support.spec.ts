import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations, waitUntilLoaded } from '../pages/a11y.ts';
import { AppPages } from '../pages/app.ts';

/** Presses Tab until `target` has focus; fails when it is not reachable in `max` steps. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`not reachable by keyboard in ${max} steps: ${target.toString()}`);
}

test('the Support page shows the version, the database’s health and the backups; “Back up now” works by keyboard', async ({ page }) => {
  await new AppPages(page).signInAndWaitForDashboard();
  await page.goto('/admin/support');
  await waitUntilLoaded(page);
  await expect(page.getByTestId('page-title')).toHaveText('Support');

  await expect(page.getByTestId('support-version')).toContainText(/\d+\.\d+\.\d+/);
  await expect(page.getByTestId('support-database')).toContainText('Embedded');
  await expect(page.getByTestId('support-health')).toContainText('Operational');
  await expect(page.getByTestId('support-database-size')).toContainText(/\d/);
  // Each scheduled job with its last success (or that it never succeeded), by its name.
  const jobs = page.getByTestId('support-job');
  await expect(jobs).toHaveCount(6);
  await expect(jobs.filter({ hasText: 'Refresh forecasts' })).toContainText(/last succeeded|never succeeded/);
  await expect(jobs.filter({ hasText: 'Clean up' })).toContainText(/last succeeded|never succeeded/);

  const backups = page.getByTestId('support-backups');
  await expect(backups).toContainText('npm run restore -- FILE');
  const rows = page.getByTestId('support-backup-row');
  const before = await rows.count();
  if (before === 0) await expect(page.getByTestId('support-backups-empty')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // From the top of the page, Tab to the button and press Enter: a backup is taken and listed first.
  const button = page.getByTestId('support-back-up-now');
  await page.getByTestId('page-title').click();
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Backup taken \(\d/)).toBeVisible({ timeout: 30_000 });
  await expect(rows).toHaveCount(Math.min(before + 1, 5));
  await expect(rows.first()).toContainText(/enamel-\d{4}-\d{2}-\d{2}T[\d-]+Z\.tar\.gz/);
  await expect(rows.first()).toContainText(/\d+(\.\d)?\s?MB/);
  await expect(button).toBeFocused();
  await waitUntilLoaded(page);
  expect(await axeViolations(page)).toEqual([]);
});
