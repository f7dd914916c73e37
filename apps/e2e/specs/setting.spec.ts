import { expect, test } from '@playwright/test';
import { seedDemoBeforeAll, waitUntilLoaded } from '../pages/a11y.ts';
import { AppPages } from '../pages/app.ts';

seedDemoBeforeAll();

test('a manager changes a practice’s forecasting settings, a bad value is refused with its message, and Run now adds a run', async ({ page }) => {
  await new AppPages(page).signInAtPractice('DEMO-COAST');
  await page.goto('/admin/setting');
  await waitUntilLoaded(page);
  await expect(page.getByTestId('page-title')).toHaveText('Setting');
  await expect(page.getByTestId('practice-settings-form')).toBeVisible();

  // A review period the server refuses (over a year): its message under the field, nothing saved.
  await page.getByTestId('settings-review-period').fill('400');
  await page.getByTestId('practice-settings-submit').click();
  await expect(page.getByTestId('settings-review-period')).toHaveAttribute('aria-invalid', 'true');
  await page.reload();
  await waitUntilLoaded(page);
  await expect(page.getByTestId('settings-review-period')).toHaveValue('7');

  // A shorter horizon and a higher service level are kept.
  await page.getByTestId('settings-horizon').fill('8');
  await page.getByTestId('settings-service-level').click();
  await page.getByRole('option', { name: '98%' }).click();
  await page.getByTestId('practice-settings-submit').click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.reload();
  await waitUntilLoaded(page);
  await expect(page.getByTestId('settings-horizon')).toHaveValue('8');
  await expect(page.getByTestId('settings-service-level')).toHaveValue('98%');

  // Run now: a run of the new horizon appears in the list and finishes.
  // Counted by the table's total (its page holds at most 25 rows, and earlier specs may have filled it).
  const rows = page.getByTestId('forecast-runs-table').getByTestId('data-table-row');
  const total = async () => Number(((await page.getByTestId('forecast-runs-table').getByTestId('data-table-info').textContent()) ?? '').match(/(\d+)\D*$/)?.[1] ?? 0);
  const before = await total();
  await page.getByTestId('settings-run-now').click();
  await expect(page.getByText('Forecast run started.')).toBeVisible();
  await expect.poll(total, { timeout: 30_000 }).toBe(before + 1);
  await expect(rows.first()).toContainText('Coastline Dental Care');
  await expect(rows.first()).toContainText('Succeeded', { timeout: 30_000 });

  // Back to the defaults for the other specs.
  await page.getByTestId('settings-horizon').fill('12');
  await page.getByTestId('settings-service-level').click();
  await page.getByRole('option', { name: '95%' }).click();
  await page.getByTestId('practice-settings-submit').click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
});

test('a manager sets the stock take approval threshold: an empty one is refused under the field, a new one is kept', async ({ page }) => {
  await new AppPages(page).signInAtPractice('DEMO-COAST');
  await page.goto('/admin/setting');
  await waitUntilLoaded(page);
  const field = page.getByTestId('settings-stock-take-threshold');
  await expect(field).toHaveValue('250');
  await field.fill('');
  await page.getByTestId('practice-settings-submit').click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('300.5');
  await page.getByTestId('practice-settings-submit').click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.reload();
  await waitUntilLoaded(page);
  await expect(page.getByTestId('settings-stock-take-threshold')).toHaveValue('300.5');
  // Back to the default for the other specs.
  await page.getByTestId('settings-stock-take-threshold').fill('250');
  await page.getByTestId('practice-settings-submit').click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
});
