import { expect, test } from '@playwright/test';
import { seedDemoBeforeAll } from '../pages/a11y.ts';
import { AppPages } from '../pages/app.ts';

// Seeding forecasts the demo practices as of today, which raises their stock alerts.
seedDemoBeforeAll();

test('the bell shows stock alerts; opening one goes to what it is about and marks it read; all can be marked read', async ({ page }) => {
  await new AppPages(page).signInAndWaitForDashboard();
  const count = page.getByTestId('notifications-count');
  await expect.poll(async () => Number(await count.getAttribute('data-count'))).toBeGreaterThan(0);
  const before = Number(await count.getAttribute('data-count'));

  await page.getByTestId('notifications-bell').click();
  const first = page.getByTestId('notifications-panel').getByTestId('notification-item').first();
  await expect(first).toBeVisible();
  await first.click();
  await expect(page).toHaveURL(/\/admin\/inventories\/\d+/);
  await expect(page.getByTestId('notifications-panel')).toBeHidden();
  await expect.poll(async () => Number(await count.getAttribute('data-count'))).toBe(before - 1);

  // By keyboard: the bell opens with Enter, and "mark all read" empties the count.
  await page.getByTestId('notifications-bell').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('notifications-read-all').click();
  await expect.poll(async () => Number(await count.getAttribute('data-count'))).toBe(0);
  await expect(page.getByTestId('notifications-read-all')).toHaveCount(0);
});
