import { expect, test } from '@playwright/test';
import { apiSignIn, AppPages } from '../pages/app.ts';
import { CatalogPages } from '../pages/catalog.ts';

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
});
