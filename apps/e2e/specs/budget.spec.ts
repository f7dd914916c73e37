import { expect, test } from '@playwright/test';
import { axeViolations, seedDemoBeforeAll, waitUntilLoaded } from '../pages/a11y.ts';
import { AppPages } from '../pages/app.ts';

seedDemoBeforeAll();

test('the supply budget set on the Setting screen shows on the Supply spend widget, which passes axe', async ({ page }) => {
  await new AppPages(page).signInAtPractice('DEMO-CITY');
  await page.goto('/admin/setting');
  await waitUntilLoaded(page);
  const budget = page.getByTestId('settings-monthly-budget');
  await expect(budget).toBeVisible();
  await budget.fill('4500');
  await page.getByTestId('settings-over-receipt').fill('5');
  await page.getByTestId('practice-settings-submit').click();
  await expect(page.getByTestId('practice-settings-error')).toHaveCount(0);
  await page.reload();
  await waitUntilLoaded(page);
  await expect(page.getByTestId('settings-monthly-budget')).toHaveValue(/4,?500/);
  await expect(page.getByTestId('settings-over-receipt')).toHaveValue('5 %');
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/admin/dashboard');
  await waitUntilLoaded(page);
  const widget = page.getByTestId('widget-supply-spend');
  await expect(widget).toBeVisible();
  await expect(widget.getByTestId('widget-error')).toHaveCount(0);
  await expect(widget.getByTestId('supply-spend-budget')).toContainText('4,500');
  await expect(widget.getByTestId('supply-spend-stock-outs')).toContainText('stock-out');
  await widget.scrollIntoViewIfNeeded();
  expect(await axeViolations(page)).toEqual([]);
});

test('the Stock-outs report opens from the reports list and passes axe', async ({ page }) => {
  await new AppPages(page).signInAtPractice('DEMO-CITY');
  await page.goto('/admin/list/reports');
  await page.getByTestId('report-card-stock-outs').click();
  await expect(page).toHaveURL(/\/admin\/reports\/genrate\?report=stock-outs$/);
  await waitUntilLoaded(page);
  await expect(page.getByTestId('report-from')).not.toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Report' })).toHaveValue('Stock-outs');
  await expect(page.getByRole('combobox', { name: 'Brand' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
