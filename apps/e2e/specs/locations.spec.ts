import { expect, test } from '@playwright/test';
import { apiSignIn } from '../pages/app.ts';
import { signInToPractice } from '../pages/practice.ts';

test.describe('storage locations', () => {
  test('create a location, receive into it, move part of the lot to the main store, and see the stock per location', async ({ page, request }) => {
    const stamp = Date.now().toString(36);
    const practiceName = `Lingual Lane ${stamp}`; // sorts after the demo practices: the header selects the first one for the other specs
    const productName = `Etching gel ${stamp}`;
    const sku = `ETCH-${stamp}`.toUpperCase();
    const lot = `LOT-${stamp}`.toUpperCase();
    const expiry = `${new Date().getUTCFullYear() + 2}-06-30`;

    const admin = await apiSignIn(request);
    await admin.post('/api/dental-practice/create', { name: practiceName, code: `CC-${stamp}`, time_zone: 'UTC', currency: 'USD' });
    await admin.post('/api/product/create', { name: productName, sku, usage_unit: 'syringe', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '20.00', tracks_lots: true });

    const { app, stock } = await signInToPractice(page, practiceName);

    // The practice starts with its main store; add an operatory.
    await app.open('locations', 'Storage locations');
    await expect(page.getByTestId('locations-table')).toContainText('Main store');
    await page.getByTestId('location-add').click();
    await page.getByTestId('location-name').fill('Operatory 1');
    await page.getByTestId('location-submit').click();
    await expect(page.getByText('Location created.')).toBeVisible();
    await expect(page.getByTestId('locations-table')).toContainText('Operatory 1');

    // Receive 10 into the operatory.
    await app.open('inventories', 'Inventories Management');
    await page.getByTestId('inventory-receive').click();
    await page.getByTestId('receive-product').fill(sku);
    await page.getByRole('option', { name: new RegExp(productName) }).first().click();
    await expect(page.getByTestId('stock-product-name')).toHaveText(productName);
    await page.getByTestId('receive-quantity').fill('10');
    await page.getByTestId('receive-lot').fill(lot);
    await page.getByTestId('receive-expiry').fill(expiry);
    await page.getByTestId('receive-location').click();
    await page.getByRole('option', { name: 'Operatory 1' }).click();
    await page.getByTestId('receive-submit').click();
    await expect(page.getByText(`Stock of ${productName} received.`)).toBeVisible();
    await expect(page.getByTestId('receive-form')).toHaveCount(0);

    // The detail: the lot at the operatory.
    await stock.inventoryRow(productName).dblclick();
    await expect(page).toHaveURL(/\/admin\/inventories\/\d+$/);
    await expect(page.getByTestId('lot-location')).toHaveText('Operatory 1');
    const perLocation = (name: string) => page.locator(`[data-testid="location-stock-row"][data-location="${name}"]`).getByTestId('location-stock-quantity');
    await expect(perLocation('Operatory 1')).toHaveText(/^10\s+syringes$/);
    await expect(perLocation('Main store')).toHaveText(/^0\s+syringes$/);

    // Move 4 back to the main store: a pair of movements, on hand unchanged.
    await page.getByTestId('detail-move').click();
    await expect(page.getByTestId('move-lot')).toHaveValue(new RegExp(lot));
    await page.getByTestId('move-to').click();
    await page.getByRole('option', { name: 'Main store' }).click();
    await page.getByTestId('move-quantity').fill('4');
    await page.getByTestId('move-submit').click();
    await expect(page.getByText('Stock moved to Main store.')).toBeVisible();
    await expect(page.getByTestId('move-form')).toHaveCount(0);
    await expect(perLocation('Operatory 1')).toHaveText(/^6\s+syringes$/);
    await expect(perLocation('Main store')).toHaveText(/^4\s+syringes$/);
    await expect(page.getByTestId('detail-on-hand')).toContainText(/10\s+syringes/);
    await expect(page.locator('[data-testid="movement-row"][data-type="move"]')).toHaveCount(2);
  });
});
