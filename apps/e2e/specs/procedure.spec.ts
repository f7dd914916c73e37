import { expect, test, type Request } from '@playwright/test';
import { apiSignIn } from '../pages/app.ts';
import { signInToPractice } from '../pages/practice.ts';

test.describe('procedures are commands', () => {
  test('plan a procedure from a template, complete it with one request, see its stock consumed', async ({ page, request }) => {
    const stamp = Date.now().toString(36);
    const practiceName = `Enamel Row ${stamp}`;
    const productName = `Bonding agent ${stamp}`;
    const gloves = `Gloves ${stamp}`;
    const code = `B${stamp}`.toUpperCase().slice(0, 16);
    const templateName = `Bonding kit ${stamp}`;

    // Set-up through the API: a practice, two products on its shelf, a procedure code and its template.
    const admin = await apiSignIn(request);
    const practice = (await admin.post('/api/dental-practice/create', { name: practiceName, code: `ER-${stamp}`, time_zone: 'UTC', currency: 'USD' })) as { data: { id: number } };
    const bonding = (await admin.post('/api/product/create', {
      name: productName, sku: `BND-${stamp}`.toUpperCase(), usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '20.00', tracks_lots: false,
    })) as { data: { id: number } };
    const glove = (await admin.post('/api/product/create', {
      name: gloves, sku: `GLV-${stamp}`.toUpperCase(), usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 100, purchase_price: '10.00', tracks_lots: false,
    })) as { data: { id: number } };
    for (const product of [bonding, glove]) await admin.post('/api/inventory/receive', { dental_practice_id: practice.data.id, product_id: product.data.id, quantity: '20', unit: 'usage' });
    const procedureCode = (await admin.post('/api/procedure-code/create', { code, name: `Bonding ${stamp}`, category: 'restorative' })) as { data: { id: number } };
    await admin.post('/api/procedure-template/create', { name: templateName, procedure_code_id: procedureCode.data.id, items: [{ product_id: bonding.data.id, quantity: '2' }] });

    const { app, catalog, stock } = await signInToPractice(page, practiceName);

    // Plan it: the template's line comes with what is on hand; a picked product joins the same editor.
    await app.navigate('procedures');
    await page.getByTestId('procedure-add').click();
    await catalog.choose('procedure-code', code, new RegExp(code));
    await page.getByTestId('procedure-template').click();
    await page.getByRole('option', { name: templateName }).click();
    await expect(page.getByTestId('procedure-item')).toHaveCount(1);
    await expect(page.getByTestId('procedure-item-on-hand')).toHaveText('20 each');
    await page.getByTestId('procedure-item-picker').fill(gloves);
    await page.getByTestId('stock-product-option').filter({ hasText: gloves }).click();
    await expect(page.getByTestId('procedure-item')).toHaveCount(2);
    await page.getByTestId('procedure-item-quantity').nth(1).fill('4');
    await expect(page.getByTestId('procedure-total')).toHaveText('$4.40');
    await page.getByTestId('procedure-status').getByText('Planned', { exact: true }).click();
    await page.getByTestId('procedure-submit').click();
    await expect(page).toHaveURL(/\/admin\/procedures\/\d+$/);
    await expect(page.getByTestId('procedure-status-badge')).toHaveText('Planned');
    await app.navigate('inventories');
    await stock.expectOnHand(productName, '20 each · 2 boxes');

    // Complete it from its detail: one request, the complete command; its answer is what the page shows.
    await app.navigate('procedures');
    await page.getByTestId('data-table-row').filter({ hasText: code }).dblclick();
    await expect(page.getByTestId('procedure-status-badge')).toHaveText('Planned');
    const calls: string[] = [];
    const record = (r: Request) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/procedure')) calls.push(`${r.method()} ${url.pathname}`);
    };
    page.on('request', record);
    await page.getByTestId('procedure-complete').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await expect(page.getByTestId('procedure-status-badge')).toHaveText('Completed');
    await expect(page.getByTestId('procedure-cost')).toHaveText('$4.40');
    await expect(page.getByTestId('procedure-movements').getByTestId('movement-row')).toHaveCount(2);
    await expect(page.getByTestId('procedure-complete')).toHaveCount(0);
    page.off('request', record);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^POST \/api\/procedure\/complete\/\d+$/);

    // Stock fell by exactly what it used.
    await app.navigate('inventories');
    await stock.expectOnHand(productName, '18 each · 1.8 boxes');
    await stock.expectOnHand(gloves, '16 each · 0.16 boxes');
  });
});
