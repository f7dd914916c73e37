import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { seedDemo, waitUntilLoaded, WCAG_TAGS } from '../pages/a11y.ts';
import { apiSignIn, AppPages } from '../pages/app.ts';
import { CatalogPages } from '../pages/catalog.ts';
import { signInToPractice } from '../pages/practice.ts';
import { expectNoAxeViolations } from '../pages/purchase-orders.ts';

test.describe('succession in the catalog', () => {
  test('"Replace with…" names a successor from the product list; the product shows it and switches its templates', async ({ page, request }) => {
    const stamp = Date.now().toString(36);
    const oldName = `Composite A2 syringe 4 g ${stamp}`;
    const newName = `Composite A2 syringe 8 g ${stamp}`;
    const templateName = `Class II filling ${stamp}`;

    // Set-up through the API: the old and the new product, and a template that names the old one.
    const admin = await apiSignIn(request);
    const product = (name: string, sku: string) => admin.post('/api/product/create', { name, sku, usage_unit: 'syringe', purchase_unit: 'box', units_per_purchase_unit: 5, purchase_price: '60.00' }) as Promise<{ data: { id: number } }>;
    const old = await product(oldName, `CMP-4G-${stamp}`.toUpperCase());
    const next = await product(newName, `CMP-8G-${stamp}`.toUpperCase());
    const code = (await admin.post('/api/procedure-code/create', { code: `S${stamp}`.toUpperCase().slice(0, 16), name: `Filling ${stamp}`, category: 'restorative' })) as { data: { id: number } };
    const template = (await admin.post('/api/procedure-template/create', { name: templateName, procedure_code_id: code.data.id, items: [{ product_id: old.data.id, quantity: '2' }] })) as { data: { id: number } };

    const app = new AppPages(page);
    const catalog = new CatalogPages(page);
    await app.signInAndWaitForDashboard();
    await app.open('products', 'Products Management');
    await catalog.search(`CMP-4G-${stamp}`.toUpperCase());

    // "Replace with…": a successor picked by search, the day left at today, a factor of 0.5 (an 8 g syringe for two 4 g ones).
    await page.getByTestId('row-actions').first().click();
    await page.getByTestId('row-action-replace').click();
    const dialog = page.getByTestId('replace-with-form');
    await expect(dialog).toBeVisible();
    // A factor of zero is refused before anything is sent.
    await dialog.getByTestId('succession-picker').fill(`CMP-8G-${stamp}`);
    await page.getByTestId('succession-picker-option').filter({ hasText: newName }).click();
    await expect(dialog.getByTestId('succession-successor')).toContainText(newName);
    await expect(dialog.getByTestId('succession-date')).toHaveValue(new Date().toISOString().slice(0, 10));
    await expectNoAxeViolations(page, 'replace with…, a successor chosen');
    await dialog.getByTestId('succession-factor').fill('0');
    await dialog.getByTestId('replace-with-submit').click();
    await expect(dialog.getByTestId('succession-factor')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByTestId('succession-factor').fill('0.5');
    await dialog.getByTestId('replace-with-submit').click();
    await expect(page.getByText('Successor saved.')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The old product's screen: replaced by the new one (a link), and the switch of its one template.
    await page.getByTestId('data-table-row').first().dblclick();
    const section = page.getByTestId('product-succession');
    await expect(section.getByTestId('product-replaced-by')).toContainText(`Replaced by ${newName} from`);
    await section.getByTestId('product-switch-templates').click();
    await expect(page.getByRole('dialog', { name: 'Switch 1 procedure template?' })).toBeVisible();
    await expectNoAxeViolations(page, 'switch of the templates, asked');
    await page.getByRole('button', { name: 'Switch templates' }).click();
    await expect(page.getByText('1 template switched.')).toBeVisible();
    await expect(section.getByTestId('product-switch-templates')).toHaveCount(0);

    // The link opens the successor, which says whom it replaces.
    await section.getByTestId('product-successor-link').click();
    await expect(page.getByTestId('product-name')).toHaveValue(newName);
    await expect(page.getByTestId('product-succession').getByTestId('product-replaces')).toContainText(`Replaces ${oldName}`);

    // The template now holds the successor, its quantity converted (2 × 0.5).
    const saved = (await admin.get(`/api/procedure-template/${template.data.id}`)) as { data: { items: Array<{ product_id: number; quantity: string }> } };
    expect(saved.data.items.map((i) => [i.product_id, i.quantity])).toEqual([[next.data.id, '1.0000']]);
  });

  test('order suggestions across a switch: the successor is net of the old stock, and the old stock that will expire unused is warned of', async ({ page, request }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const practiceName = `Succession Row ${stamp}`; // sorts after the demo practices: the header selects the first one for the other specs
    const oldName = `Etchant 3 ml ${stamp}`;
    const newName = `Etchant 6 ml ${stamp}`;
    const admin = await apiSignIn(request);
    const practice = (await admin.post('/api/dental-practice/create', { name: practiceName, code: `SR-${stamp}`, time_zone: 'UTC', currency: 'USD' })) as { data: { id: number } };
    const product = (name: string, sku: string) =>
      admin.post('/api/product/create', { name, sku, usage_unit: 'syringe', purchase_unit: 'box', units_per_purchase_unit: 1, purchase_price: '4.00', tracks_lots: true }) as Promise<{ data: { id: number } }>;
    const old = await product(oldName, `ETCH-3-${stamp}`.toUpperCase());
    const next = await product(newName, `ETCH-6-${stamp}`.toUpperCase());
    // 30 old syringes (0.40 each) that expire in ten days; the new product stocked at nothing, to be kept between 50 and 100.
    const expiry = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await admin.post('/api/inventory/receive', { dental_practice_id: practice.data.id, product_id: old.data.id, quantity: '30', unit_cost: '0.40', lot_number: `OLD-${stamp}`, expiry_date: expiry });
    await admin.post('/api/inventory/add', { dental_practice_id: practice.data.id, product_id: next.data.id, reorder_point: '50', par_level: '100' });
    // From today one old 3 ml syringe counts as half a new 6 ml one.
    await admin.post(`/api/product/${old.data.id}/successor`, { successor_id: next.data.id, succession_factor: '0.5' });

    const { app } = await signInToPractice(page, practiceName);
    await app.open('orderSuggestions', 'Order suggestions');
    // The warning: the old product's 30 syringes count as 15 new ones; with no forecast of use yet, all 30 (12.00) will expire unused.
    const notice = page.getByTestId('replaced-stock');
    await expect(notice).toContainText('Replaced products still in stock');
    await expect(notice).toContainText('$12.00 of it is expected to expire unused');
    const item = notice.getByTestId('replaced-stock-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(`${oldName}, replaced by ${newName} from`);
    await expect(item).toContainText(`30 syringes usable, counting as 15 syringes of ${newName}.`);
    await expect(item.getByTestId('replaced-stock-waste')).toHaveText('30 syringes expected to expire unused ($12.00).');
    // The new product is ordered net of them: 100 − 15 = 85; the old one is not ordered.
    const row = page.getByTestId('data-table-row').filter({ hasText: newName });
    await expect(row).toContainText('85 syringes');
    await expect(page.getByTestId('data-table-row').filter({ hasText: oldName })).toHaveCount(0);
    await expectNoAxeViolations(page, 'order suggestions with replaced stock');
    // Its reasoning says so, as a step.
    await row.getByTestId('suggestion-reasoning').click();
    const steps = page.getByRole('dialog').getByTestId('reasoning-steps');
    await expect(steps).toContainText(`Old product ${oldName}: 30.0000 syringe usable, counting as 15.0000 syringe of this one`);
    await expect(steps).toContainText('15.0000 of replaced products');
    await expectNoAxeViolations(page, 'reasoning with replaced stock');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the demand chart of a successor and of the product it replaced marks the succession date, in words too (axe-checked)', async ({ page, request }) => {
    test.setTimeout(180_000);
    const { practiceId } = await seedDemo(request);
    const admin = await apiSignIn(request);
    // The practice's busiest product is replaced two weeks ago by a new one (one for one).
    const chart = (await admin.get(`/api/admin/dashboard/demand-forecast-data?dental_practice_id=${practiceId}`)) as { data: { selected: { id: number; label: string; unit: string } } };
    const old = chart.data.selected;
    const stamp = Date.now().toString(36);
    const newName = `Successor of the busiest ${stamp}`;
    const next = (await admin.post('/api/product/create', { name: newName, sku: `SUCC-${stamp}`.toUpperCase(), usage_unit: old.unit, purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '10.00' })) as { data: { id: number } };
    const date = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
    const xsrf = decodeURIComponent((await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
    const put = await request.put(`/api/product/${old.id}/successor`, { data: { successor_id: next.data.id, succession_date: date, succession_factor: '1' }, headers: { 'X-XSRF-TOKEN': xsrf, 'X-Requested-With': 'XMLHttpRequest' } });
    expect(put.status(), await put.text()).toBe(200);
    // A new forecast run sees the succession.
    const run = (await admin.post('/api/forecast/run', { dental_practice_id: practiceId })) as { data: { id: number } };
    await expect.poll(async () => ((await admin.get(`/api/forecast/run/${run.data.id}`)) as { data: { status: string } }).data.status, { timeout: 90_000 }).toBe('succeeded');

    const app = new AppPages(page);
    await app.signInAndWaitForDashboard();
    await waitUntilLoaded(page);
    const widget = page.getByTestId('widget-demand-forecast');
    const select = page.getByTestId('demand-forecast-select');
    const show = async (name: string) => {
      await select.click();
      await select.fill(name.slice(0, 20));
      await page.getByRole('option', { name, exact: true }).click();
      await expect(select).toHaveValue(name);
      await waitUntilLoaded(page);
    };

    // The successor: its forecast includes the old product's history; the date is a dashed line, named, and said in words.
    await show(newName);
    await expect(widget.getByTestId('forecast-predecessor')).toBeVisible();
    const mark = widget.getByTestId('forecast-succession-mark');
    await expect(mark).toContainText(`Replaces ${old.label} from`);
    await expect(mark).toContainText('(the dashed line on the chart)');
    await expect(widget.locator('.recharts-reference-line')).toHaveCount(1);
    await expect(widget.locator('.recharts-wrapper')).toContainText(`Replaces ${old.label.slice(0, 20)}`);
    const axe = await new AxeBuilder({ page }).include('[data-testid="widget-demand-forecast"]').withTags(WCAG_TAGS).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // The replaced product: forecast at zero, and the same date marked from its side.
    await show(old.label);
    await expect(widget.getByTestId('forecast-succession-mark')).toContainText(`Replaced by ${newName} from`);
    await expect(widget.locator('.recharts-reference-line')).toHaveCount(1);
  });
});
