import path from 'node:path';
import { test, type Page } from '@playwright/test';
import { seedDemo, waitUntilLoaded, type DemoIds } from '../pages/a11y.ts';
import { AppPages } from '../pages/app.ts';

/** The README's screenshots, from the product's own demo data (the Seeder's default size), in English. */
const OUT = path.resolve(import.meta.dirname, '../../../docs/screenshots');

let ids: DemoIds;
test.beforeAll(async ({ playwright }, info) => {
  const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  ids = await seedDemo(request, {});
  await request.dispose();
});

async function shoot(page: Page, name: string, url: string, fullPage = false) {
  await page.goto(url);
  await waitUntilLoaded(page);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
}

test('the main screens', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await waitUntilLoaded(page);
  await page.screenshot({ path: path.join(OUT, 'login.png') });
  await new AppPages(page).signInAndWaitForDashboard();
  await shoot(page, 'dashboard', '/admin/dashboard', true);
  await shoot(page, 'products', '/admin/list/products');
  await shoot(page, 'inventory', '/admin/list/inventories');
  await shoot(page, 'inventory-detail', `/admin/inventories/${ids.inventory}`);
  await shoot(page, 'procedures', '/admin/list/procedures');
  await shoot(page, 'procedure', `/admin/procedures/${ids.procedure}`);
  await shoot(page, 'procedure-template', `/admin/procedure-templates/edit/${ids.template}`, true);
  await shoot(page, 'order-suggestions', '/admin/order-suggestions', true);
  await shoot(page, 'purchase-orders', '/admin/purchase-orders');
  if (ids.purchaseOrder) await shoot(page, 'purchase-order', `/admin/purchase-orders/${ids.purchaseOrder}`, true);
  await shoot(page, 'supplier', `/admin/suppliers/${ids.supplier}`);
  await shoot(page, 'locations', '/admin/list/storage-locations');
  await shoot(page, 'restock', '/admin/restock', true);
  await shoot(page, 'stock-takes', '/admin/stock-takes');
  await shoot(page, 'stock-take', `/admin/stock-takes/${ids.stockTake}`, true);
  await shoot(page, 'import', '/admin/list/import');
  await shoot(page, 'activity-log', '/admin/logs');
  await shoot(page, 'users', '/admin/list/users');
  await shoot(page, 'setting', '/admin/setting', true);
  await shoot(page, 'report', '/admin/reports/genrate?report=consumption-by-product');
  // Two downloads, so the Reports list shows its recent exports.
  for (const query of [`report=consumption-by-product&dental_practice_id=${ids.practiceId}&format=pdf`, `report=stock-movements&view=lines&dental_practice_id=${ids.practiceId}&format=xlsx`]) await page.request.get(`/api/reports/report-data?${query}`);
  await shoot(page, 'reports', '/admin/list/reports', true);
  // The scheduler after its due jobs have run once, so each shows its last result.
  await page.goto('/admin/scheduler');
  await waitUntilLoaded(page);
  await page.getByTestId('scheduler-run-due').click();
  await page.getByTestId('scheduler-run-due').and(page.locator(':not([data-loading])')).waitFor({ timeout: 60_000 });
  await shoot(page, 'scheduler', '/admin/scheduler');
  // The screens made for a phone, at a phone's size.
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'stock-take-count', `/admin/stock-takes/${ids.stockTake}/count`);
  await shoot(page, 'use-supplies', '/admin/use-supplies');
});
