import { expect, test } from '@playwright/test';
import { AppPages } from '../pages/app.ts';
import { CatalogPages, gtin13 } from '../pages/catalog.ts';


test.describe('catalog', () => {
  test('an admin creates a brand, a category, a product and a procedure template through the screens', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const brand = `Nitrilon ${stamp}`;
    const parentCategory = `Infection control ${stamp}`;
    const category = `Gloves ${stamp}`;
    const product = `Nitrile exam gloves M ${stamp}`;
    const sku = `GLV-${stamp}`.toUpperCase();
    const gtin = gtin13(`40${String(Date.now()).slice(-10)}`);
    const code = `E${stamp}`.toUpperCase().slice(0, 16);
    const template = `Exam with gloves ${stamp}`;
    const app = new AppPages(page);
    const catalog = new CatalogPages(page);
    await app.signInAndWaitForDashboard();

    // A brand, through the dialog on the brands list.
    await app.open('brands', 'Brands Management');
    await page.getByTestId('brand-add').click();
    await page.getByTestId('brand-name').fill(brand);
    await page.getByTestId('brand-manufacturer').fill('Nitrilon Medical Ltd');
    await page.getByTestId('brand-website').fill('https://nitrilon.example');
    await page.getByTestId('brand-submit').click();
    await expect(page.getByText('Brand created.')).toBeVisible();
    await catalog.search(stamp);
    await expect(page.getByTestId('data-table-row')).toContainText('nitrilon.example');

    // Two categories on the create page, the second inside the first: the list shows the path.
    await app.navigate('categories');
    await page.getByTestId('category-add').click();
    await expect(page).toHaveURL(/\/admin\/categories\/create$/);
    await page.getByTestId('category-name').fill(parentCategory);
    await page.getByTestId('category-submit').click();
    await expect(page).toHaveURL(/\/admin\/list\/categories/);
    await page.getByTestId('category-add').click();
    await page.getByTestId('category-name').fill(category);
    await catalog.choose('category-parent', parentCategory, parentCategory);
    await page.getByTestId('category-submit').click();
    await expect(page).toHaveURL(/\/admin\/list\/categories/);
    await catalog.search(category);
    await expect(page.getByTestId('data-table-row')).toContainText(`${parentCategory} › ${category}`);

    // A product: a GTIN with a wrong check digit is refused under its field, and nothing is created.
    await app.open('products', 'Products Management');
    await page.getByTestId('product-add').click();
    await page.getByTestId('product-name').fill(product);
    await page.getByTestId('product-sku').fill(sku);
    await page.getByTestId('product-gtin').fill(gtin.wrongCheckDigit);
    await expect(page.getByText('The check digit does not match: please check the number.')).toBeVisible();
    await catalog.choose('product-brand', brand, brand);
    await catalog.choose('product-category', category, `${parentCategory} › ${category}`);
    await page.getByTestId('product-units-per-purchase-unit').fill('100');
    await page.getByTestId('product-purchase-price').fill('12.99');
    await expect(page.getByTestId('product-unit-cost')).toHaveText('$0.1299 per each');
    await page.getByTestId('product-tracks-lots').check();
    await page.getByTestId('product-submit').click();
    await expect(page.getByTestId('product-gtin')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('product-form')).toBeVisible();
    expect(await catalog.serverCount('/api/admin/list/products', sku)).toBe(0);
    await page.getByTestId('product-gtin').fill(gtin.valid);
    await page.getByTestId('product-submit').click();
    await expect(page.getByText('Product created.')).toBeVisible();
    await expect(page.getByTestId('product-form')).toHaveCount(0);
    await catalog.search(stamp);
    const row = page.getByTestId('data-table-row');
    for (const text of [product, sku, brand, category, 'Box of 100 each', '$12.99', '$0.1299']) await expect(row).toContainText(text);
    // The search also takes a scanned GS1 barcode: found by its GTIN, with the lot and expiry it carried.
    await page.getByTestId('data-table-search').fill(`(01)0${gtin.valid}(17)281130(10)LOT-${stamp}`);
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(`0${gtin.valid}`);
    await expect(page.getByTestId('product-scanned')).toContainText(`LOT-${stamp}`);
    await expect(page.getByTestId('data-table-row')).toHaveCount(1);
    await expect(page.getByTestId('data-table-row')).toContainText(sku);

    // A procedure code for the template.
    await app.navigate('procedureCodes');
    await page.getByTestId('procedure-code-add').click();
    await page.getByTestId('procedure-code-code').fill(code);
    await page.getByTestId('procedure-code-category').click();
    await page.getByRole('option', { name: 'Diagnostic' }).click();
    await page.getByTestId('procedure-code-name').fill(`Periodic oral evaluation ${stamp}`);
    await page.getByTestId('procedure-code-submit').click();
    await expect(page.getByText('Procedure code created.')).toBeVisible();

    // The template: the product picked by name, then scanned again (merged into one line), a quantity, the cost.
    await app.navigate('procedureTemplates');
    await page.getByTestId('template-add').click();
    await expect(page).toHaveURL(/\/admin\/procedure-templates\/create$/);
    await page.getByTestId('template-name').fill(template);
    await catalog.choose('template-procedure-code', code, new RegExp(`^${code} · `));
    await page.getByTestId('product-picker').fill(product.slice(0, 20));
    await page.getByTestId('product-picker-option').filter({ hasText: product }).click();
    await expect(page.getByTestId('template-item')).toHaveCount(1);
    await expect(page.getByTestId('template-total')).toHaveText('$0.13');
    await page.getByTestId('product-picker').fill(gtin.valid);
    await expect(page.getByTestId('template-item-quantity')).toHaveValue('2');
    await expect(page.getByTestId('template-item')).toHaveCount(1);
    await expect(page.getByTestId('product-picker')).toHaveValue('');
    await page.getByTestId('template-item-quantity').fill('3');
    // Amounts in cents; only the cost per unit keeps more digits.
    await expect(page.getByTestId('template-item-line-cost')).toHaveText('$0.39');
    await expect(page.getByTestId('template-total')).toHaveText('$0.39');
    await expect(page.getByText('was already in the template')).toHaveCount(0);
    await page.getByTestId('template-submit').click();
    await expect(page).toHaveURL(/\/admin\/list\/procedure-templates/);
    await catalog.search(stamp);
    await expect(page.getByTestId('data-table-row')).toContainText(template);
    await expect(page.getByTestId('data-table-row')).toContainText(code);
    await expect(page.getByTestId('data-table-row')).toContainText('$0.39');

    // Double-click opens the editor with the saved line.
    await page.getByTestId('data-table-row').first().dblclick();
    await expect(page).toHaveURL(/\/admin\/procedure-templates\/edit\/\d+$/);
    await expect(page.getByTestId('template-item')).toContainText(product);
    await expect(page.getByTestId('template-total')).toHaveText('$0.39');

    // The product is now used by a template: deleting it is refused with the server's message.
    await app.navigate('products');
    await catalog.search(sku);
    await page.getByTestId('row-actions').first().click();
    await page.getByTestId('row-action-delete').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await expect(page.getByText(`still used by the procedure templates ${template}`)).toBeVisible();
    expect(await catalog.serverCount('/api/admin/list/products', sku)).toBe(1);
  });
});
