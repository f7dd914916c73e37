import { expect, test, type Page } from '@playwright/test';
import { axeViolations, seedDemoBeforeAll, waitUntilLoaded } from '../pages/a11y.ts';
import { AppPages, typeDate } from '../pages/app.ts';

/** The widgets, by their cards' test ids. */
const WIDGETS = ['critical-items', 'low-stock', 'demand-forecast', 'days-to-zero', 'procedure-forecast', 'most-used', 'inventory-value', 'consumable-cost', 'dead-stock', 'supply-spend'];

const choosePractice = (page: Page, code: string) => new AppPages(page).choosePractice(code);

async function expectNineWidgets(page: Page) {
  await waitUntilLoaded(page);
  for (const name of WIDGETS) await expect(page.getByTestId(`widget-${name}`), name).toBeVisible();
  await expect(page.getByTestId('widget-error')).toHaveCount(0);
}

seedDemoBeforeAll();

test('the dashboard shows the nine widgets from the demo data, follows the practice and the date, and runs a back-test', async ({ page }) => {
  await new AppPages(page).signInAndWaitForDashboard();
  await choosePractice(page, 'DEMO-CITY');
  await expectNineWidgets(page);
  // Seeding forecast the demo practices as of today: the forecast widgets draw their charts.
  await expect(page.getByTestId('forecast-run-status')).toContainText('Forecast made');
  await expect(page.getByTestId('demand-forecast-chart').locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('procedure-forecast-chart').locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('widget-days-to-zero').getByTestId('widget-row').first()).toBeVisible();
  await expect(page.getByTestId('widget-low-stock').getByTestId('widget-row').first()).toBeVisible();
  const cityValue = await page.getByTestId('inventory-value-total').textContent();
  expect(cityValue).toMatch(/£/);

  // Another product on the demand chart: the chart follows the choice.
  const select = page.getByTestId('demand-forecast-select');
  const before = await select.inputValue();
  await select.click();
  await page.getByRole('option').filter({ hasNotText: before }).first().click();
  await expect(select).not.toHaveValue(before);
  await waitUntilLoaded(page);
  await expect(page.getByTestId('demand-forecast-chart').locator('svg').first()).toBeVisible();

  // Another practice: its own figures, in its own currency.
  await choosePractice(page, 'DEMO-NORTH');
  await expectNineWidgets(page);
  await expect(page.getByTestId('inventory-value-total')).not.toHaveText(cityValue!);

  // A date three weeks back: a back-test, with no stored run yet — Run now makes one, and the charts show what happened.
  const today = await page.getByTestId('dashboard-date').inputValue();
  const past = new Date(`${today}T12:00:00Z`);
  past.setUTCDate(past.getUTCDate() - 21);
  const pastDay = past.toISOString().slice(0, 10);
  await typeDate(page.getByTestId('dashboard-date'), pastDay);
  await expect(page).toHaveURL(new RegExp(`date=${pastDay}`));
  await expect(page.getByTestId('dashboard-back-test')).toBeVisible();
  await expect(page.getByTestId('forecast-run-status')).toContainText('No forecast has been made');
  await expect(page.getByTestId('widget-demand-forecast').getByTestId('widget-empty')).toBeVisible();
  await page.getByTestId('forecast-run-now').click();
  await expect(page.getByTestId('forecast-run-status')).toContainText('Forecast made', { timeout: 60_000 });
  await expect(page.getByTestId('demand-forecast-chart')).toBeVisible();
  await expect(page.getByTestId('widget-demand-forecast')).toContainText('What happened');
  await expectNineWidgets(page);

  // Back to today: the date leaves the URL.
  await page.getByTestId('dashboard-today').click();
  await expect(page).not.toHaveURL(/date=/);
  await expect(page.getByTestId('dashboard-back-test')).toHaveCount(0);

  // A low-stock row leads to that product's stock.
  await page.getByTestId('widget-low-stock').getByTestId('widget-product-link').first().click();
  await expect(page).toHaveURL(/\/admin\/inventories\/\d+$/);
});

test('most used items over a chosen period: 365 days is kept in the URL and survives a reload', async ({ page }) => {
  await new AppPages(page).signInAndWaitForDashboard();
  await choosePractice(page, 'DEMO-CITY');
  await expectNineWidgets(page);
  const widget = page.getByTestId('widget-most-used');
  await expect(widget).toContainText('in the last 90 days');
  await widget.getByTestId('most-used-period').getByText('365 days').click();
  await expect(page).toHaveURL(/most_used_days=365/);
  await expect(widget).toContainText('in the last 365 days');
  await expect(widget.getByTestId('widget-row').first()).toBeVisible();
  await page.reload();
  await waitUntilLoaded(page);
  await expect(page).toHaveURL(/most_used_days=365/);
  await expect(page.getByTestId('widget-most-used')).toContainText('in the last 365 days');
  await expect(page.getByTestId('widget-most-used').getByTestId('most-used-period').getByRole('radio', { name: '365 days' })).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
});

test('the dashboard in Spanish: titles, numbers and money as Spanish writes them', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'locale', value: 'es', url: baseURL! }]);
  await new AppPages(page).signInAndWaitForDashboard();
  await choosePractice(page, 'DEMO-CITY');
  await expectNineWidgets(page);
  await expect(page.getByTestId('page-title')).toHaveText('Panel');
  await expect(page.getByTestId('widget-low-stock')).toContainText('Existencias bajas');
  await expect(page.getByTestId('widget-demand-forecast')).toContainText('Previsión de demanda');
  await expect(page.getByTestId('forecast-run-status')).toContainText('Previsión hecha');
  // Spanish money: decimal comma, the currency after the amount.
  await expect(page.getByTestId('inventory-value-total')).toHaveText(/^[\d.\s]+,\d{2}\u00a0GBP$|^[\d.\s]+,\d{2}\u00a0£$/);
});
