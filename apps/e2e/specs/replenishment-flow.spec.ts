import { expect, test, type Locator } from '@playwright/test';
import { mailFromOutbox } from '../outbox.ts';
import { seedDemoBeforeAll, waitUntilLoaded } from '../pages/a11y.ts';
import { apiSignIn, AppPages } from '../pages/app.ts';
import { signInToPractice } from '../pages/practice.ts';
import { expectNoAxeViolations, numberIn, PurchaseOrderPages } from '../pages/purchase-orders.ts';
import { gs1Barcode } from '../pages/stock.ts';
import { E2E_DATA_DIR } from '../playwright.config.ts';

/**
 * The replenishment story of issue 24, through the screens as a practice manager works: order suggestions → a draft PO
 * → approval by another manager → sent (the PDF mailed) → received in part with a GS1 scan, then in full → one unit
 * returned; then the stock, the ledger and the month's supply spend show it. Axe on every dialog on the way.
 */

type Suggestion = {
  id: number; product_id: number; product_name: string; sku: string; supplier_id: number | null; supplier_name: string | null;
  supplier_offer_id: number | null; currency: string; units_per_pack: string;
};
type SupplierOption = { id: number; email: string | null; currency: string };
type Product = { data: { gtin: string | null; tracks_lots: boolean } };
type Configuration = { data: { currency: string; po_approval_threshold: string | null } };

const PASSWORD = 'Bicuspid-Crown-Approve-9';

seedDemoBeforeAll(180_000);

test('from an order suggestion to the shelf: draft, approval by another manager, sent with its PDF, received by GS1 scan, a return; stock, ledger and spend follow', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const admin = await apiSignIn(request);
  // A practice with a suggestion from a supplier that has an e-mail address, of a lot-tracked product with a GTIN (so a GS1
  // barcode names it); one priced in the practice's currency first, else one in another (its receipts then take a unit cost
  // typed in the practice's currency, which the month's spend counts).
  const practices = ((await admin.get('/api/admin/list/dental-practices?pagesize=100')) as { data: Array<{ id: number; name: string }> }).data;
  const suppliers = ((await admin.get('/api/purchase-orders/suppliers')) as unknown as { data: SupplierOption[] }).data;
  type Choice = { practice: { id: number; name: string }; settings: Configuration; suggestion: Suggestion; gtin13: string; email: string };
  let chosen: Choice | null = null;
  let otherCurrency: Choice | null = null;
  for (const practice of practices) {
    const settings = (await admin.get(`/api/configuration/${practice.id}`)) as unknown as Configuration;
    const suggestions = ((await admin.get(`/api/admin/list/order-suggestions?dental_practice_id=${practice.id}&pagesize=100`)) as unknown as { data: Suggestion[] }).data;
    for (const s of suggestions) {
      const supplier = suppliers.find((o) => o.id === s.supplier_id);
      const same = s.currency === settings.data.currency;
      if (s.supplier_offer_id === null || !supplier?.email || (!same && otherCurrency)) continue;
      const product = (await admin.get(`/api/product/${s.product_id}`)) as unknown as Product;
      const gtin14 = (product.data.gtin ?? '').padStart(14, '0');
      if (!product.data.tracks_lots || !product.data.gtin || !gtin14.startsWith('0')) continue;
      const choice = { practice, settings, suggestion: s, gtin13: gtin14.slice(1), email: supplier.email };
      if (same) {
        chosen = choice;
        break;
      }
      otherCurrency = choice;
    }
    if (chosen) break;
  }
  chosen ??= otherCurrency;
  expect(chosen, 'a demo practice is suggested to order a lot-tracked product with a GTIN from a supplier with an e-mail address').not.toBeNull();
  const { practice, settings, suggestion, gtin13, email } = chosen!;
  const unitsPerPack = Number(suggestion.units_per_pack);

  // Approval is exercised: any order above 1.00 needs it (restored at the end); the approver is a second manager of the practice.
  await admin.post(`/api/configuration/update/${practice.id}`, { po_approval_threshold: 1 });
  const roles = (await admin.get('/api/roles')) as unknown as { data: Array<{ id: number; name: string }> };
  const approverEmail = `approver-${Date.now().toString(36)}@enamel.test`;
  await admin.post('/api/user/create', {
    firstname: 'Amara', lastname: 'Approver', email: approverEmail, password: PASSWORD, password_confirmation: PASSWORD,
    role_ids: [roles.data.find((r) => r.name === 'Practice Manager')!.id], dental_practice_ids: [practice.id],
  });

  try {
    const { app } = await signInToPractice(page, practice.name);
    const po = new PurchaseOrderPages(page);

    // Before: the month's received spend on the dashboard, the inventory's on hand.
    const received = page.getByTestId('widget-supply-spend').getByTestId('supply-spend-received');
    await page.goto('/admin/dashboard');
    await expectNoAxeViolations(page, 'dashboard');
    const spentBefore = numberIn(await received.textContent());
    await page.goto(`/admin/inventories/${suggestion.id}`);
    await expect(page.getByTestId('page-title')).toHaveText(suggestion.product_name);
    await waitForNumber(page.getByTestId('detail-on-hand'));
    const onHandBefore = numberIn(await page.getByTestId('detail-on-hand').textContent());

    // Order suggestions: the product's reasoning, then the suggestion selected and drafted into a PO.
    await app.open('orderSuggestions', 'Order suggestions');
    await page.getByTestId('data-table-search').fill(suggestion.sku);
    const row = page.getByTestId('data-table-row').filter({ hasText: suggestion.product_name });
    await expect(row).toHaveCount(1);
    await row.getByTestId('suggestion-reasoning').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'suggestion reasoning');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await row.getByRole('checkbox').check();
    await page.getByTestId('create-purchase-orders').click();
    const created = page.getByTestId('created-orders').getByRole('link');
    await expect(created).toHaveCount(1);
    const number = (await created.textContent())!.trim();
    await created.click();
    await expect(page).toHaveURL(/\/admin\/purchase-orders\/\d+$/);
    const poUrl = new URL(page.url()).pathname;
    await expect(page.getByTestId('page-title')).toHaveText(`${number} · ${suggestion.supplier_name}`);
    await po.expectStatus('draft');

    // The draft's line: three packs (so part can come first), saved; above the threshold, so it goes for approval.
    await page.getByTestId('po-edit-quantity').first().fill('3');
    await page.getByTestId('po-save-lines').click();
    await expect(page.getByTestId('po-edit-quantity').first()).toHaveValue('3');
    await expectNoAxeViolations(page, 'draft purchase order');
    await po.step('po-submit', 'awaiting_approval');
    await expect(page.getByTestId('po-own-approval')).toBeVisible();
    await expect(page.getByTestId('po-approve')).toHaveCount(0);

    // Another manager approves it.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1366, height: 860 } });
    try {
      const approverPage = await other.newPage();
      await new AppPages(approverPage).signInAndWaitForDashboard(approverEmail, PASSWORD);
      await approverPage.goto(poUrl);
      const approver = new PurchaseOrderPages(approverPage);
      await approver.expectStatus('awaiting_approval');
      await expectNoAxeViolations(approverPage, 'purchase order awaiting approval');
      await approver.step('po-approve', 'approved');
    } finally {
      await other.close();
    }

    // Sent: the PDF goes to the supplier by mail.
    await page.reload();
    await po.expectStatus('approved');
    const since = Date.now() - 1000;
    await po.step('po-send', 'sent');
    await expect(page.getByTestId('po-detail-sent')).toContainText(email);
    const mail = await mailFromOutbox(E2E_DATA_DIR, email, since, `${number}.pdf`);
    expect(mail).toContain('application/pdf');

    // One pack first, lot and expiry from a scanned GS1 barcode.
    const lot = `FLOW-${Date.now().toString(36)}`.toUpperCase();
    const barcode = gs1Barcode(gtin13, new Date(Date.UTC(new Date().getUTCFullYear() + 2, 2, 31)), lot);
    let dialog = await po.openReceive();
    await dialog.getByTestId('po-receive-scan').fill(barcode.text);
    await dialog.getByTestId('po-receive-scan').press('Enter');
    await expect(dialog.getByTestId('po-receive-scanned')).toContainText(suggestion.product_name);
    await expect(dialog.getByTestId('po-receive-lot').first()).toHaveValue(lot);
    await expect(dialog.getByTestId('po-receive-expiry').first()).toHaveValue(barcode.isoExpiry);
    await expectNoAxeViolations(page, 'receive dialog after a scan');
    await dialog.getByTestId('po-receive-quantity').first().fill('1');
    await typeUnitCostIfAsked(dialog, suggestion.currency !== settings.data.currency);
    await dialog.getByTestId('po-receive-submit').click();
    await po.expectStatus('partially_received');
    await expect(po.lineReceived()).toHaveText('1');

    // The rest (two packs, prefilled as outstanding), the same lot scanned again.
    dialog = await po.openReceive();
    await expect(dialog.getByTestId('po-receive-quantity').first()).toHaveValue('2');
    await dialog.getByTestId('po-receive-scan').fill(barcode.text);
    await dialog.getByTestId('po-receive-scan').press('Enter');
    await expect(dialog.getByTestId('po-receive-lot').first()).toHaveValue(lot);
    await typeUnitCostIfAsked(dialog, suggestion.currency !== settings.data.currency);
    await dialog.getByTestId('po-receive-submit').click();
    await po.expectStatus('received');
    await expect(po.lineReceived()).toHaveText('3');

    // One usage unit back to the supplier, from the lot that came in.
    dialog = await po.openReturn();
    await dialog.getByTestId('po-return-quantity').fill('1');
    // The lot that came in on the line, chosen (FEFO would take the practice's earliest-expiring lot of the product, whichever supplier it came from).
    await dialog.getByTestId('po-return-lot').click();
    await page.getByRole('option', { name: new RegExp(`^${lot} · `) }).click();
    await expect(dialog.getByTestId('po-return-lot')).toHaveValue(new RegExp(`^${lot} · `));
    await dialog.getByTestId('po-return-submit').click();
    await expect(page.getByTestId('po-return-form')).toHaveCount(0);
    await expect(page.getByTestId('po-line-returned').first()).toHaveText(/^1\b/);

    // The inventory: on hand up by what came in less what went back; its ledger shows both receipts and the return.
    await page.goto(`/admin/inventories/${suggestion.id}`);
    await expect(page.getByTestId('page-title')).toHaveText(suggestion.product_name);
    await expect.poll(async () => numberIn(await page.getByTestId('detail-on-hand').textContent())).toBeCloseTo(onHandBefore + 3 * unitsPerPack - 1, 4);
    const ours = page.getByTestId('movements').getByTestId('movement-row').filter({ hasText: lot });
    await expect(ours.and(page.locator('[data-type="receive"]'))).toHaveCount(2);
    await expect(ours.and(page.locator('[data-type="return"]'))).toHaveCount(1);
    await expect(ours.and(page.locator('[data-type="return"]')).getByTestId('movement-quantity')).toHaveText(/^[−-]1\b/);
    await expectNoAxeViolations(page, 'inventory after the order');

    // The dashboard: this month's received spend went up.
    await page.goto('/admin/dashboard');
    await waitUntilLoaded(page);
    await waitForNumber(received);
    await expect.poll(async () => numberIn(await received.textContent())).toBeGreaterThan(spentBefore);
  } finally {
    await admin.post(`/api/configuration/update/${practice.id}`, { po_approval_threshold: settings.data.po_approval_threshold === null ? null : Number(settings.data.po_approval_threshold) });
  }
});

/** A PO in another currency than the practice's asks the unit cost in the practice's currency (per usage unit). */
async function typeUnitCostIfAsked(dialog: Locator, otherCurrency: boolean): Promise<void> {
  const field = dialog.getByTestId('po-receive-unit-cost').first();
  if (!otherCurrency) {
    await expect(field).toHaveCount(0);
    return;
  }
  await field.fill('0.25');
}

/** Waits until a figure has loaded (a digit in it). */
async function waitForNumber(locator: Locator): Promise<void> {
  await expect(locator).toHaveText(/\d/);
}
