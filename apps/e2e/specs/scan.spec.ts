import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { apiSignIn, AppPages } from '../pages/app.ts';
import { axeViolations, seedDemo, waitUntilLoaded } from '../pages/a11y.ts';
import { fakeCameraArgs, writeGs1DataMatrixY4m } from '../pages/camera.ts';

/**
 * Scanning with a real camera feed: Chromium's fake camera shows a GS1 DataMatrix (a demo product's GTIN, a lot, an
 * expiry) drawn here; headless Chromium has no BarcodeDetector, so the WebAssembly reader reads it. On a phone
 * (390 × 844): Use supplies takes the product out of stock (the consume movement in its inventory), and the Receive
 * stock dialog is filled with product, lot and expiry. Both screens fit the phone: no sideways scroll, nothing cut
 * off, touch targets of 44 px at least, no axe violation.
 */
const CAMERA = path.join(os.tmpdir(), `enamel-e2e-camera-${process.env.E2E_PORT ?? 3100}.y4m`);
// The fake camera exists from the browser's start; the frame it shows is written by each test before it opens the scanner.
writeGs1DataMatrixY4m(CAMERA, null);

test.use({
  launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...fakeCameraArgs(CAMERA)] },
  permissions: ['camera'],
  viewport: { width: 390, height: 844 },
});

interface Hit {
  id: number;
  name: string;
  sku: string;
  gtin: string | null;
  tracks_lots: boolean;
  on_hand: string;
}

let product: Hit;
let practiceId: number;
test.beforeAll(async ({ playwright }, info) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  ({ practiceId } = await seedDemo(request));
  const admin = await apiSignIn(request);
  // A demo product the practice has plenty of, with a GTIN, tracked by lot.
  const rows = (await admin.get(`/api/admin/list/inventories?pagesize=50&dental_practice_id=${practiceId}&sort_column=on_hand&sort_direction=desc`)) as { data: Array<{ sku: string }> };
  for (const row of rows.data) {
    const found = (await admin.get(`/api/inventory/product/search?dental_practice_id=${practiceId}&q=${encodeURIComponent(row.sku)}`)) as { data: Hit[] };
    const hit = found.data.find((h) => h.sku === row.sku && h.gtin && h.tracks_lots && Number(h.on_hand) >= 5);
    if (hit) {
      product = hit;
      break;
    }
  }
  expect(product, 'a demo product with a GTIN, tracked by lot, in stock').toBeDefined();
  await request.dispose();
});

/** The barcode on the camera: the product's GTIN, an expiry two years on (YYMMDD), a lot. */
function showOnCamera(lot: string): { isoExpiry: string } {
  const year = new Date().getUTCFullYear() + 2;
  writeGs1DataMatrixY4m(CAMERA, `(01)${product.gtin!.padStart(14, '0')}(17)${String(year % 100).padStart(2, '0')}0630(10)${lot}`);
  return { isoExpiry: `${year}-06-30` };
}

/** Every camera stream the page opens, kept to check that its tracks are stopped. */
async function recordStreams(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { __streams: MediaStream[] }).__streams = streams;
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      streams.push(stream);
      return stream;
    };
  });
}
const liveTracks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live').length);
const streamsOpened = (page: Page) => page.evaluate(() => (window as unknown as { __streams: MediaStream[] }).__streams.length);

/** What does not fit a phone inside `scope`: a sideways scroll, a control smaller than 44 px, a control cut off. */
async function phoneProblems(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
    const container = document.querySelector(selector);
    if (!container) return [`${selector} not found`];
    const width = window.innerWidth;
    const controls = container.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), textarea, [role="button"], [role="radio"], label:has(input[type="radio"])');
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (getComputedStyle(el).visibility === 'hidden' || el.closest('[aria-hidden="true"]')) continue;
      const name = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? el.tagName;
      // A radio of a segmented control is covered by its label, the target the finger hits.
      if (el.matches('input[type="radio"]') && el.closest('label')) continue;
      if (box.height < 44 || box.width < 44) problems.push(`${name}: ${Math.round(box.width)} × ${Math.round(box.height)} px`);
      if (box.left < 0 || box.right > width + 0.5) problems.push(`${name} is cut off (${Math.round(box.left)}…${Math.round(box.right)} of ${width})`);
    }
    return problems;
  }, scope);
}

test('scan to use on a phone: the camera reads a GS1 DataMatrix, the supply is taken out of stock as a consume movement', async ({ page }) => {
  test.setTimeout(120_000);
  await recordStreams(page);
  showOnCamera(`USE-${Date.now().toString(36)}`.toUpperCase());
  await new AppPages(page).signInAndWaitForDashboard();
  await page.goto('/admin/use-supplies');
  await expect(page.getByTestId('page-title')).toHaveText('Use supplies');
  await waitUntilLoaded(page);
  expect(await phoneProblems(page, 'main')).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByTestId('use-product-camera').click();
  const dialog = page.getByTestId('camera-scan-dialog');
  await expect(dialog.getByTestId('camera-scan-status')).toBeVisible();
  // Read by the WebAssembly reader (this Chromium has no BarcodeDetector): the dialog closes and the product is chosen.
  await expect(page.getByTestId('stock-product-name')).toHaveText(product.name, { timeout: 30_000 });
  await expect(page.getByTestId('camera-scan-status')).toBeHidden();
  expect(await streamsOpened(page)).toBe(1);
  expect(await liveTracks(page)).toBe(0);
  await expect(page.getByTestId('use-quantity')).toHaveValue('1');
  expect(await phoneProblems(page, 'main')).toEqual([]);

  await page.getByTestId('use-quantity').fill('2');
  await page.getByTestId('use-submit').click();
  const taken = page.getByTestId('use-taken-row');
  await expect(taken).toHaveCount(1);
  await expect(taken).toContainText(product.name);
  await expect(taken).toContainText('−2');
  // Next: the picker is back, empty, for the next scan.
  await expect(page.getByTestId('use-product')).toHaveValue('');
  expect(await phoneProblems(page, 'main')).toEqual([]);

  // The ledger: the consume movement, used outside a procedure.
  await taken.getByTestId('use-taken-open').click();
  await expect(page).toHaveURL(/\/admin\/inventories\/\d+$/);
  const movement = page.getByTestId('movement-row').first();
  await expect(movement).toHaveAttribute('data-type', 'consume');
  await expect(movement).toContainText('Used outside a procedure');
  await expect(movement.getByTestId('movement-quantity')).toHaveText('-2');
});

test('the receive dialog on a phone: the camera fills product, lot and expiry; closing the scanner stops the camera', async ({ page }) => {
  test.setTimeout(120_000);
  await recordStreams(page);
  const lot = `RCV-${Date.now().toString(36)}`.toUpperCase();
  const { isoExpiry } = showOnCamera(lot);
  await new AppPages(page).signInAndWaitForDashboard();
  await page.goto('/admin/list/inventories');
  await waitUntilLoaded(page);
  await page.getByTestId('inventory-receive').click();
  await expect(page.getByTestId('receive-form')).toBeVisible();
  await waitUntilLoaded(page);
  expect(await phoneProblems(page, '[data-testid="receive-form"]')).toEqual([]);

  // Opened and closed before a code is read: the camera stops.
  await page.getByTestId('receive-product-camera').click();
  await page.getByTestId('camera-scan-close').click();
  await expect(page.getByTestId('camera-scan-dialog')).toBeHidden();
  await expect.poll(() => liveTracks(page)).toBe(0);

  await page.getByTestId('receive-product-camera').click();
  await expect(page.getByTestId('stock-product-name')).toHaveText(product.name, { timeout: 30_000 });
  await expect(page.getByTestId('receive-lot')).toHaveValue(lot);
  await expect(page.getByTestId('receive-expiry')).toHaveValue(isoExpiry);
  await expect(page.getByTestId('receive-scanned')).toBeVisible();
  expect(await liveTracks(page)).toBe(0);
  await expect(page.getByTestId('receive-form')).toBeVisible();
  expect(await phoneProblems(page, '[data-testid="receive-form"]')).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
});

test('a refused camera says so, translated, and the field still takes a typed or USB-scanned code', async ({ page }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await page.context().addCookies([{ name: 'locale', value: 'fr', url: test.info().project.use.baseURL! }]);
  await new AppPages(page).signInAndWaitForDashboard();
  await page.goto('/admin/use-supplies');
  await page.getByTestId('use-product-camera').click();
  await expect(page.getByTestId('camera-scan-problem')).toContainText("La caméra n'est pas autorisée");
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('camera-scan-dialog')).toBeHidden();
  await page.getByTestId('use-product').fill(`(01)${product.gtin!.padStart(14, '0')}(17)301231(10)TYPED`);
  await expect(page.getByTestId('stock-product-name')).toHaveText(product.name);
});
