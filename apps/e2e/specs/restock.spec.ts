import { expect, test, type Page } from '@playwright/test';
import { apiSignIn } from '../pages/app.ts';
import { waitUntilLoaded } from '../pages/a11y.ts';
import { signInToPractice } from '../pages/practice.ts';

/** Phone layout: no horizontal scroll, and every visible control of the screen (`testId`) at least 44 px tall and not cut off. */
async function phoneProblems(page: Page, testId: string): Promise<string[]> {
  return page.evaluate((id) => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) found.push(`horizontal scroll: ${root.scrollWidth} > ${window.innerWidth}`);
    const screen = document.querySelector(`[data-testid="${id}"]`);
    for (const el of screen?.querySelectorAll<HTMLElement>('button, a, input:not([type="checkbox"]):not([type="hidden"])') ?? []) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.height < 44) found.push(`${el.tagName.toLowerCase()} "${el.textContent || el.getAttribute('data-testid') || ''}" is ${Math.round(box.height)} px tall`);
      if (box.right > window.innerWidth + 1) found.push(`${el.tagName.toLowerCase()} "${el.textContent || el.getAttribute('data-testid') || ''}" is cut off at the right`);
    }
    return found;
  }, testId);
}

test.describe('restocking an operatory', () => {
  test('set a par at an operatory, see the line on the restock list, move it on a phone, and see the stock at the operatory', async ({ page, request }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const practiceName = `Restock Row ${stamp}`; // sorts after the demo practices: the header selects the first one for the other specs
    const productName = `Bonding agent ${stamp}`;
    const sku = `BOND-${stamp}`.toUpperCase();
    const expiry = `${new Date().getUTCFullYear() + 2}-06-30`;

    const admin = await apiSignIn(request);
    const practice = (await admin.post('/api/dental-practice/create', { name: practiceName, code: `RR-${stamp}`, time_zone: 'UTC', currency: 'USD' })) as { data: { id: number } };
    const product = (await admin.post('/api/product/create', { name: productName, sku, usage_unit: 'syringe', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '20.00', tracks_lots: true })) as { data: { id: number } };
    const operatory = (await admin.post('/api/storage-location/create', { dental_practice_id: practice.data.id, name: 'Operatory 1', kind: 'operatory', sort_order: 10 })) as { data: { id: number } };
    // 10 in the main store (two lots: the earlier expiry goes first).
    await admin.post('/api/inventory/receive', { dental_practice_id: practice.data.id, product_id: product.data.id, quantity: '4', lot_number: `A-${stamp}`, expiry_date: expiry });
    await admin.post('/api/inventory/receive', { dental_practice_id: practice.data.id, product_id: product.data.id, quantity: '6', lot_number: `B-${stamp}`, expiry_date: `${new Date().getUTCFullYear() + 3}-06-30` });

    const { app } = await signInToPractice(page, practiceName);
    // The locations list opens a location's par levels from its row menu (not the main store's).
    await app.open('locations', 'Storage locations');
    await page.getByTestId('data-table-row').filter({ hasText: 'Operatory 1' }).getByTestId('row-actions').click();
    await page.getByTestId('row-action-par-levels').click();
    await expect(page).toHaveURL(new RegExp(`/admin/storage-locations/${operatory.data.id}/par-levels$`));

    // On a phone: the operatory's par, 7 syringes.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await waitUntilLoaded(page);
    await expect(page.getByTestId('page-title')).toHaveText(/Operatory 1/);
    await page.getByTestId('par-product').fill(sku);
    await page.getByRole('option', { name: new RegExp(productName) }).first().click();
    await expect(page.getByTestId('par-product-name')).toHaveText(productName);
    await page.getByTestId('par-quantity').fill('7');
    expect(await phoneProblems(page, 'par-levels')).toEqual([]);
    await page.getByTestId('par-submit').click();
    await expect(page.getByText(`Par level of ${productName} saved.`)).toBeVisible();
    const par = page.locator(`[data-testid="par-row"][data-product="${productName}"]`);
    await expect(par.getByTestId('par-row-figures')).toHaveText(/Par 7 · there 0\s+syringes/);

    // The restock list: 7 to bring from the main store.
    await page.getByTestId('par-to-restock').click();
    await expect(page).toHaveURL(/\/admin\/restock$/);
    const group = page.locator('[data-testid="restock-group"][data-location="Operatory 1"]');
    const line = group.locator(`[data-testid="restock-line"][data-product="${productName}"]`);
    await expect(line.getByTestId('restock-figures')).toContainText('short 7');
    await expect(line.getByTestId('restock-quantity')).toHaveValue('7');
    await expect(line.getByTestId('restock-pick')).toHaveAttribute('aria-checked', 'true');
    expect(await phoneProblems(page, 'restock')).toEqual([]);
    // Printed: the list without the navigation, the header and the buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('app-header')).toBeHidden();
    await expect(group.getByTestId('restock-move')).toBeHidden();
    await expect(line.getByTestId('restock-product')).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByTestId('restock-print')).toBeVisible();
    // Bring 5 only (the user edits the quantity down), by keyboard.
    await line.getByTestId('restock-quantity').fill('5');
    await group.getByTestId('restock-move').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('1 product moved to Operatory 1.')).toBeVisible();
    // Still 2 short: the line stays, with 2 to bring.
    await expect(line.getByTestId('restock-quantity')).toHaveValue('2');

    // The stock at the operatory: 5 (4 of the earlier lot, 1 of the later).
    const inventories = (await admin.get(`/api/admin/list/inventories?pagesize=5&dental_practice_id=${practice.data.id}&search=${encodeURIComponent(sku)}`)) as { data: Array<{ id: number }> };
    await page.goto(`/admin/inventories/${inventories.data[0]!.id}`);
    await waitUntilLoaded(page);
    const perLocation = (name: string) => page.locator(`[data-testid="location-stock-row"][data-location="${name}"]`).getByTestId('location-stock-quantity');
    await expect(perLocation('Operatory 1')).toHaveText(/^5\s+syringes$/);
    await expect(perLocation('Main store')).toHaveText(/^5\s+syringes$/);
    await expect(page.locator('[data-testid="movement-row"][data-type="move"]')).toHaveCount(4);
  });
});
