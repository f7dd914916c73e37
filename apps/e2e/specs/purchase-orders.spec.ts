import { expect, test } from '@playwright/test';
import { apiSignIn } from '../pages/app.ts';
import { seedDemoBeforeAll } from '../pages/a11y.ts';
import { signInToPractice } from '../pages/practice.ts';
import { gs1Barcode } from '../pages/stock.ts';

type Options = { data: Array<{ id: number; name: string; email: string | null; offers: Array<{ id: number; product_id: number; product_name: string; price: string }> }> };
type Product = { data: { id: number; gtin: string | null; tracks_lots: boolean } };

// The suppliers and their offers come with the demo data (the seeder's); this spec only orders from them.
seedDemoBeforeAll(180_000);

test.describe('purchase orders', () => {
  test('create a PO by hand, send it, receive it partly with a GS1 scan, then fully, and return one unit to the supplier', async ({ page, request }) => {
    test.setTimeout(120_000);
    const admin = await apiSignIn(request);
    const practices = (await admin.get('/api/admin/list/dental-practices?pagesize=1')) as { data: Array<{ id: number; name: string }> };
    const practice = practices.data[0]!;
    // A supplier with an e-mail address and an offer of a lot-tracked product with a GTIN (so a GS1 barcode names it).
    const options = (await admin.get('/api/purchase-orders/suppliers')) as unknown as Options;
    let chosen: { supplier: string; offer: string; gtin: string } | null = null;
    for (const supplier of options.data.filter((s) => s.email)) {
      for (const offer of supplier.offers.slice(0, 20)) {
        const product = (await admin.get(`/api/product/${offer.product_id}`)) as unknown as Product;
        if (product.data.tracks_lots && product.data.gtin) chosen = { supplier: supplier.name, offer: offer.product_name, gtin: product.data.gtin };
        if (chosen) break;
      }
      if (chosen) break;
    }
    // The seeder gives suppliers with e-mail addresses offers of lot-tracked products with GTINs: never skipped.
    expect(chosen, 'the demo data has a supplier with an offer of a lot-tracked product with a GTIN').not.toBeNull();
    const { supplier, offer, gtin } = chosen!;

    const { app } = await signInToPractice(page, practice.name);
    await app.open('purchaseOrders', 'Purchase orders');
    await page.getByTestId('po-new').click();
    await page.getByTestId('po-new-supplier').click();
    await page.getByRole('option', { name: new RegExp(`^${supplier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`) }).click();
    await page.getByTestId('po-add-line').click();
    await page.getByRole('option', { name: new RegExp(`^${offer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ·`) }).first().click();
    await page.getByTestId('po-edit-quantity').fill('2');
    await page.getByTestId('po-new-submit').click();
    await expect(page.getByTestId('po-status-badge')).toHaveAttribute('data-status', 'draft');

    // Small enough to need no approval: sent at once, the PDF mailed to the supplier.
    await page.getByTestId('po-send').click();
    await expect(page.getByTestId('po-status-badge')).toHaveAttribute('data-status', 'sent');
    await expect(page.getByTestId('po-detail-sent')).toContainText('@');

    // Part of it, the lot and expiry from a scanned GS1 barcode.
    const lot = `PO-${Date.now().toString(36)}`.toUpperCase();
    const barcode = gs1Barcode(gtin.replace(/^0/, '').padStart(13, '0').slice(-13), new Date(Date.UTC(new Date().getUTCFullYear() + 2, 5, 30)), lot);
    await page.getByTestId('po-receive').click();
    await page.getByTestId('po-receive-scan').fill(barcode.text);
    await page.getByTestId('po-receive-scan').press('Enter');
    await expect(page.getByTestId('po-receive-lot').first()).toHaveValue(lot);
    await expect(page.getByTestId('po-receive-expiry').first()).toHaveValue(barcode.isoExpiry);
    await page.getByTestId('po-receive-quantity').first().fill('1');
    await page.getByTestId('po-receive-submit').click();
    await expect(page.getByTestId('po-status-badge')).toHaveAttribute('data-status', 'partially_received');
    await expect(page.getByTestId('po-line-received').first()).toHaveText('1');

    // The rest: same lot typed.
    await page.getByTestId('po-receive').click();
    await page.getByTestId('po-receive-lot').first().fill(lot);
    await page.getByTestId('po-receive-expiry').first().fill(barcode.isoExpiry);
    // No Enter in the date: in a form it submits, racing the click below.
    await expect(page.getByTestId('po-receive-expiry').first()).toHaveValue(barcode.isoExpiry);
    await page.getByTestId('po-receive-submit').click();
    await expect(page.getByTestId('po-status-badge')).toHaveAttribute('data-status', 'received');

    // One usage unit back to the supplier.
    await page.getByTestId('po-line-return').first().click();
    await page.getByTestId('po-return-quantity').fill('1');
    await page.getByTestId('po-return-submit').click();
    await expect(page.getByTestId('po-line-returned').first()).toContainText('1');
  });
});
