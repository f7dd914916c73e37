import { expect, test } from '@playwright/test';
import { apiSignIn, AppPages } from '../pages/app.ts';
import { CatalogPages } from '../pages/catalog.ts';

test.describe('suppliers', () => {
  test('an admin creates a supplier, then an offer of it from the product screen, seen on the supplier too', async ({ page, request }) => {
    const stamp = Date.now().toString(36);
    const supplier = `Northdent ${stamp}`;
    const sku = `GLV-S-${stamp}`.toUpperCase();
    const product = `Nitrile gloves S ${stamp}`;
    const admin = await apiSignIn(request);
    await admin.post('/api/product/create', { name: product, sku, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 100, purchase_price: '8.90' });
    const app = new AppPages(page);
    const catalog = new CatalogPages(page);
    await app.signInAndWaitForDashboard();

    // The supplier, through the dialog on the suppliers list; its prices will be in euros.
    await app.open('suppliers', 'Suppliers');
    await page.getByTestId('supplier-add').click();
    await page.getByTestId('supplier-name').fill(supplier);
    await page.getByTestId('supplier-contact-person').fill('Priya Shah');
    await page.getByTestId('supplier-email').fill('orders@northdent.example');
    await catalog.choose('supplier-currency', 'EUR', /^EUR · /);
    await page.getByTestId('supplier-lead-time').fill('4');
    await page.getByTestId('supplier-submit').click();
    await expect(page.getByText('Supplier created.')).toBeVisible();
    await catalog.search(stamp);
    await expect(page.getByTestId('data-table-row')).toContainText('EUR');

    // The offer, from the product's screen: its Suppliers section opens the offer dialog on top.
    await app.open('products', 'Products Management');
    await catalog.search(sku);
    await page.getByTestId('data-table-row').dblclick();
    const section = page.getByTestId('product-suppliers');
    await expect(section).toBeVisible();
    await section.getByTestId('offer-add').click();
    const dialog = page.getByTestId('offer-form-modal');
    await expect(dialog.getByTestId('offer-product-name')).toHaveText(product);
    await catalog.choose('offer-supplier', supplier, `${supplier} · EUR`);
    await expect(dialog.getByText('Per box, in EUR.')).toBeVisible();
    await page.getByTestId('offer-supplier-sku').fill('ND-55120');
    await catalog.choose('offer-purchase-unit', 'case', /^case$/);
    await page.getByTestId('offer-units-per-purchase-unit').fill('1000');
    await page.getByTestId('offer-price').fill('79.90');
    await page.getByTestId('offer-preferred').check();
    await page.getByTestId('offer-submit').click();
    await expect(page.getByText('Offer added.')).toBeVisible();
    // (Mantine keeps the modal's root in the page when closed; its form goes.)
    await expect(page.getByTestId('offer-form')).toHaveCount(0);
    const offer = section.getByTestId('data-table-row');
    await expect(offer).toHaveCount(1);
    for (const text of [supplier, 'Preferred', 'ND-55120', '€79.90', '4 days']) await expect(offer).toContainText(text);
    // The product dialog is still open under it, and closes on its own.
    await expect(page.getByTestId('product-form')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('product-form')).toHaveCount(0);

    // The supplier's page lists what it sells.
    await app.open('suppliers', 'Suppliers');
    await catalog.search(stamp);
    await page.getByTestId('supplier-link').click();
    await expect(page).toHaveURL(/\/admin\/suppliers\/\d+$/);
    await expect(page.getByTestId('page-title')).toHaveText(supplier);
    await expect(page.getByTestId('supplier-detail-currency')).toHaveText('EUR');
    await expect(page.getByTestId('offers-table').getByTestId('data-table-row')).toContainText(product);
  });
});
