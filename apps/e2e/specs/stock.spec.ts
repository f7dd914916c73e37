import { expect, test } from '@playwright/test';
import { apiSignIn } from '../pages/app.ts';
import { gtin13 } from '../pages/catalog.ts';
import { signInToPractice } from '../pages/practice.ts';
import { gs1Barcode } from '../pages/stock.ts';


test.describe('stock and procedures', () => {
  test('receive stock with a GS1 barcode, record a procedure from a template, see stock fall, delete it and see stock return', async ({ page, request }) => {
    const stamp = Date.now().toString(36);
    const practiceName = `Molar Street ${stamp}`;
    const productName = `Composite A2 ${stamp}`;
    const sku = `CMP-${stamp}`.toUpperCase();
    const gtin = gtin13(`29${String(Date.now()).slice(-10)}`).valid;
    const code = `R${stamp}`.toUpperCase().slice(0, 16);
    const templateName = `Filling kit ${stamp}`;
    const lot = `LOT-${stamp}`.toUpperCase();
    const barcode = gs1Barcode(gtin, new Date(Date.UTC(new Date().getUTCFullYear() + 2, 5, 30)), lot);

    // Set-up through the API: a practice (in euros), a brand-less product tracked by lot, a procedure code and its template.
    const admin = await apiSignIn(request);
    await admin.post('/api/dental-practice/create', { name: practiceName, code: `MS-${stamp}`, time_zone: 'UTC', currency: 'EUR' });
    const product = (await admin.post('/api/product/create', {
      name: productName, sku, gtin, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 50, purchase_price: '25.00', tracks_lots: true,
    })) as { data: { id: number } };
    const procedureCode = (await admin.post('/api/procedure-code/create', { code, name: `Composite filling ${stamp}`, category: 'restorative' })) as { data: { id: number } };
    await admin.post('/api/procedure-template/create', { name: templateName, procedure_code_id: procedureCode.data.id, items: [{ product_id: product.data.id, quantity: '3' }] });

    const { app, catalog, stock } = await signInToPractice(page, practiceName);

    // Receive stock: the scanned GS1 barcode fills the product, the lot and the expiry date.
    await app.open('inventories', 'Inventories Management');
    await page.getByTestId('inventory-receive').click();
    await page.getByTestId('receive-product').fill(barcode.text);
    await expect(page.getByTestId('stock-product-name')).toHaveText(productName);
    await expect(page.getByTestId('receive-lot')).toHaveValue(lot);
    await expect(page.getByTestId('receive-expiry')).toHaveValue(barcode.isoExpiry);
    // The catalog is in US dollars and this practice in euros: nothing is converted, so no cost is guessed.
    await expect(page.getByTestId('receive-unit-cost')).toHaveValue('');
    await expect(page.getByText('The catalog price is in USD; enter this practice’s cost in EUR.')).toBeVisible();
    await page.getByTestId('receive-unit-cost').fill('0.5');
    await page.getByTestId('receive-quantity').fill('2');
    await page.getByTestId('receive-unit').getByText('box', { exact: true }).click();
    await expect(page.getByTestId('receive-usage-quantity')).toHaveText('= 100 each');
    await expect(page.getByTestId('receive-total')).toHaveText('€50.00');
    await page.getByTestId('receive-submit').click();
    await expect(page.getByText(`Stock of ${productName} received.`)).toBeVisible();
    await expect(page.getByTestId('receive-form')).toHaveCount(0);
    await stock.expectOnHand(productName, '100 each · 2 boxes');
    await expect(stock.inventoryRow(productName)).toContainText('€50.00');
    await expect(stock.inventoryRow(productName).getByTestId('stock-status')).toHaveText('In stock');
    await page.waitForTimeout(1600); // the success notice closes after 1500 ms

    // The detail: the lot and the receipt in the ledger.
    await stock.inventoryRow(productName).dblclick();
    await expect(page).toHaveURL(/\/admin\/inventories\/\d+$/);
    await expect(page.getByTestId('lot-row')).toHaveCount(1);
    await expect(page.getByTestId('lot-row')).toContainText(lot);
    await expect(page.getByTestId('movement-row').first()).toHaveAttribute('data-type', 'receive');
    await expect(page.getByTestId('movement-row').first().getByTestId('movement-quantity')).toHaveText('+100');

    // Record a procedure from the template: its items are copied, with what is on hand.
    await app.open('procedures', 'Procedures Management');
    await page.getByTestId('procedure-add').click();
    await expect(page).toHaveURL(/\/admin\/procedures\/create$/);
    await catalog.choose('procedure-code', code, new RegExp(code));
    await page.getByTestId('procedure-template').click();
    await page.getByRole('option', { name: templateName }).click();
    await expect(page.getByTestId('procedure-item')).toHaveCount(1);
    await expect(page.getByTestId('procedure-item')).toContainText(productName);
    await expect(page.getByTestId('procedure-item-quantity')).toHaveValue('3');
    await expect(page.getByTestId('procedure-item-on-hand')).toHaveText('100 each');
    await expect(page.getByTestId('procedure-total')).toHaveText('€1.50');
    await page.getByTestId('procedure-provider').fill('Dr. Ana Ortiz');
    await page.getByTestId('procedure-submit').click();
    await expect(page).toHaveURL(/\/admin\/procedures\/\d+$/);
    await expect(page.getByTestId('procedure-status-badge')).toHaveText('Completed');
    await expect(page.getByTestId('procedure-detail-item')).toContainText('3 each');
    await expect(page.getByTestId('procedure-detail-lot')).toContainText(lot);
    await expect(page.getByTestId('procedure-cost')).toHaveText('€1.50');
    await expect(page.getByTestId('procedure-movements').getByTestId('movement-row')).toHaveCount(1);
    await expect(page.getByTestId('procedure-movements').getByTestId('movement-quantity')).toHaveText('-3');
    await page.waitForTimeout(1600);

    // Stock fell by what the procedure used.
    await app.navigate('inventories');
    await stock.expectOnHand(productName, '97 each · 1.94 boxes');

    // Edit the procedure from its detail: two more are consumed.
    await app.navigate('procedures');
    await page.getByTestId('data-table-row').filter({ hasText: code }).dblclick();
    await page.getByTestId('procedure-edit').click();
    await expect(page).toHaveURL(/\/admin\/procedures\/edit\/\d+$/);
    await expect(page.getByTestId('procedure-item-quantity')).toHaveValue('3');
    await expect(page.getByTestId('procedure-item-on-hand')).toHaveText('97 each');
    await page.getByTestId('procedure-item-quantity').fill('5');
    await expect(page.getByTestId('procedure-total')).toHaveText('€2.50');
    await expect(page.getByTestId('procedure-shortfall')).toHaveCount(0);
    await page.getByTestId('procedure-submit').click();
    await expect(page).toHaveURL(/\/admin\/procedures\/\d+$/);
    await expect(page.getByTestId('procedure-detail-item')).toContainText('5 each');
    await expect(page.getByTestId('procedure-cost')).toHaveText('€2.50');
    await app.navigate('inventories');
    await stock.expectOnHand(productName, '95 each · 1.9 boxes');

    // Delete the procedure from the list: its stock comes back.
    await app.navigate('procedures');
    const row = page.getByTestId('data-table-row').filter({ hasText: code });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Dr. Ana Ortiz');
    await row.getByTestId('row-actions').click();
    await page.getByTestId('row-action-delete').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText('Stock will be returned');
    await page.getByTestId('confirm-dialog-confirm').click();
    await expect(page.getByText('Procedure deleted; its stock was returned.')).toBeVisible();
    await expect(page.getByTestId('data-table-row').filter({ hasText: code })).toHaveCount(0);
    await app.navigate('inventories');
    await stock.expectOnHand(productName, '100 each · 2 boxes');
  });

  test('count a product, transfer it (a shortfall is refused with its message), complete a planned procedure and write off a lot', async ({ page, request }) => {
    const stamp = Date.now().toString(36);
    const from = `Cusp Court ${stamp}`; // sorts after the demo practices (the header selects the first one)
    const to = `Pulp Plaza ${stamp}`;
    const productName = `Cotton rolls ${stamp}`;
    const admin = await apiSignIn(request);
    const practice = (await admin.post('/api/dental-practice/create', { name: from, code: `CC-${stamp}`, time_zone: 'UTC', currency: 'USD' })) as { data: { id: number } };
    await admin.post('/api/dental-practice/create', { name: to, code: `PP-${stamp}`, time_zone: 'UTC', currency: 'USD' });
    const product = (await admin.post('/api/product/create', {
      name: productName, sku: `COT-${stamp}`.toUpperCase(), usage_unit: 'each', purchase_unit: 'bag', units_per_purchase_unit: 100, purchase_price: '4.00', tracks_lots: false,
    })) as { data: { id: number } };
    await admin.post('/api/inventory/receive', { dental_practice_id: practice.data.id, product_id: product.data.id, quantity: '10', unit: 'usage' });
    const procedureCode = (await admin.post('/api/procedure-code/create', { code: `P${stamp}`.toUpperCase().slice(0, 16), name: `Prophylaxis ${stamp}`, category: 'preventive' })) as { data: { id: number } };
    await admin.post('/api/procedure/create', {
      dental_practice_id: practice.data.id, procedure_code_id: procedureCode.data.id, performed_at: new Date().toISOString(), status: 'planned',
      items: [{ product_id: product.data.id, quantity: '1' }],
    });

    const { app, stock } = await signInToPractice(page, from);
    await app.navigate('inventories');
    await stock.expectOnHand(productName, '10 each · 0.1 bags');

    // A count: the reason is required, the difference is shown.
    await stock.inventoryRow(productName).getByTestId('row-actions').click();
    await page.getByTestId('row-action-adjust').click();
    await page.getByTestId('adjust-counted').fill('8');
    await expect(page.getByTestId('adjust-difference')).toHaveText('Difference: -2 each');
    await page.getByTestId('adjust-submit').click();
    await expect(page.getByTestId('adjust-reason')).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('adjust-reason').fill('Monthly count');
    await page.getByTestId('adjust-submit').click();
    await expect(page.getByText('Stock corrected.')).toBeVisible();
    await stock.expectOnHand(productName, '8 each · 0.08 bags');

    // A transfer of more than is on hand: the server's 409 names the shortfall; then a transfer that fits.
    await stock.inventoryRow(productName).getByTestId('row-actions').click();
    await page.getByTestId('row-action-transfer').click();
    await page.getByTestId('transfer-practice').click();
    await page.getByRole('option', { name: new RegExp(to) }).click();
    await page.getByTestId('transfer-quantity').fill('20');
    await expect(page.getByTestId('transfer-warning')).toBeVisible();
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByTestId('transfer-error')).toContainText(productName);
    await page.getByTestId('transfer-quantity').fill('3');
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByText(`Stock transferred to ${to}`)).toBeVisible();
    await stock.expectOnHand(productName, '5 each · 0.05 bags');

    // A planned procedure consumed nothing; completing it from the list takes its item from stock.
    await app.navigate('procedures');
    const planned = page.getByTestId('data-table-row').filter({ hasText: `Prophylaxis ${stamp}` });
    await expect(planned.getByTestId('procedure-status-badge')).toHaveText('Planned');
    await planned.getByTestId('row-actions').click();
    await page.getByTestId('row-action-complete').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await expect(planned.getByTestId('procedure-status-badge')).toHaveText('Completed');
    await app.navigate('inventories');
    await stock.expectOnHand(productName, '4 each · 0.04 bags');

    // The detail: write the running lot off; the product is out of stock.
    await stock.inventoryRow(productName).dblclick();
    await expect(page.getByTestId('movement-row')).toHaveCount(4);
    await expect(page.locator('[data-testid="movement-row"][data-type="consume"]').getByTestId('movement-procedure')).toBeVisible();
    await page.getByTestId('lot-row').first().getByTestId('row-actions').click();
    await page.getByTestId('row-action-write-off').click();
    await page.getByTestId('write-off-reason').fill('Packaging torn');
    await page.getByTestId('write-off-submit').click();
    await expect(page.getByText('Lot written off.')).toBeVisible();
    await expect(page.getByTestId('detail-on-hand')).toContainText('0 each');
    await expect(page.getByTestId('stock-status')).toHaveText('Out of stock');
    await expect(page.getByTestId('movement-row').first()).toHaveAttribute('data-type', 'waste');

    // The other practice received the transfer.
    await stock.selectPractice(to);
    await expect(page).toHaveURL(/\/admin\/list\/inventories/);
    await stock.expectOnHand(productName, '3 each · 0.03 bags');
  });
});
