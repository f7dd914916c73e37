import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignIn } from './app.ts';

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules (the bar). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Anything still loading: a loader, a loading overlay, a skeleton, or a busy region. */
const LOADING = '.mantine-Loader-root, .mantine-LoadingOverlay-root, .mantine-Skeleton-root, [aria-busy="true"]';

/**
 * Scrolls, as a reader would, to each part of the screen drawn only once seen (`ui/WhenVisible.tsx`: the
 * dashboard's charts and money widgets), until none is left, then back where the screen was.
 */
export async function scrollThroughLazyParts(page: Page): Promise<void> {
  const lazy = page.locator('[data-when-visible] > *');
  if ((await lazy.count()) === 0) return;
  const start = await page.evaluate(() => ({ x: window.scrollX, y: window.scrollY }));
  for (let left = await lazy.count(); left > 0; left = await lazy.count()) {
    // The part is drawn once in view, and its placeholder leaves (the locator may lose it while scrolling).
    await lazy.first().scrollIntoViewIfNeeded().catch(() => undefined);
    await expect.poll(() => lazy.count()).toBeLessThan(left);
  }
  await page.waitForLoadState('networkidle');
  await page.evaluate(({ x, y }) => window.scrollTo(x, y), start);
}

/** Waits until the screen has its data (the parts drawn only once seen, scrolled to): no request in flight and nothing left loading. */
export async function waitUntilLoaded(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // The dashboard's ten widgets load together; on a busy 2-core machine they may take longer than one expect's default.
  // Parts drawn only once seen may mount after the first scroll (below widgets still loading): scroll again until
  // nothing is left loading, so a placeholder that appeared late is drawn too.
  await expect(async () => {
    await scrollThroughLazyParts(page);
    await expect(page.locator(LOADING).filter({ visible: true })).toHaveCount(0, { timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  // Transitions (modals, menus) settle before colours are measured.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

/** The axe violations of the page as it is, one line per failing node (empty when clean). */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`));
}

/** Ids of demo records that the screens with `:id` show. */
export interface DemoIds {
  practiceId: number;
  category: number;
  template: number;
  inventory: number;
  procedure: number;
  permission: number;
  role: number;
  user: number;
  supplier: number;
  /** An open purchase order of the practice (sent or partly received: receive and cancel or return dialogs); 0 when the demo has none. */
  purchaseOrder: number;
  /** An open stock take of the practice (the seeder's, else one started here). */
  stockTake: number;
  /** A storage location of the practice other than its main store (an operatory of the demo data): its par levels. */
  operatory: number;
  /** A webhook of the practice (made once, to a local address the e2e server allows): its detail and delivery log. */
  webhook: number;
}

type ListAnswer = { data: { id: number }[] };

/** Seeds the demo data (idempotent; a short history keeps it quick) and reads one id of each kind. */
export async function seedDemo(request: APIRequestContext, size: Record<string, number> = { months: 2, volume: 0.3 }): Promise<DemoIds> {
  const admin = await apiSignIn(request);
  await admin.post('/api/seeder/data', size);
  const first = async (url: string) => {
    const list = (await admin.get(url)) as unknown as ListAnswer;
    expect(list.data.length, `${url} is empty`).toBeGreaterThan(0);
    return list.data[0]!.id;
  };
  // The practice the header selects first (the selector lists them in the list's default order).
  const practiceId = await first('/api/admin/list/dental-practices?pagesize=100');
  const completed = encodeURIComponent(JSON.stringify([{ field: 'status', condition: 'equal', value: 'completed' }]));
  return {
    practiceId,
    category: await first('/api/admin/list/categories?pagesize=1'),
    template: await first('/api/admin/list/procedures-templates?pagesize=1'),
    inventory: await first(`/api/admin/list/inventories?pagesize=1&dental_practice_id=${practiceId}&sort_column=on_hand&sort_direction=desc`),
    procedure: await first(`/api/admin/list/procedures?pagesize=1&dental_practice_id=${practiceId}&column_filters=${completed}`),
    permission: await first('/api/admin/list/permissions?pagesize=1'),
    role: ((await admin.get('/api/roles')) as unknown as ListAnswer).data[0]!.id,
    user: await first('/api/admin/list/users?pagesize=1'),
    supplier: await ensureSupplier(admin),
    purchaseOrder: await openPurchaseOrder(admin, practiceId),
    stockTake: await openStockTake(admin, practiceId),
    operatory: await operatoryOf(admin, practiceId),
    webhook: await ensureWebhook(admin, practiceId),
  };
}

/** The practice's first webhook, made once when it has none (WEBHOOK_ALLOW_HOSTS lets the e2e server keep a local URL). */
async function ensureWebhook(admin: Awaited<ReturnType<typeof apiSignIn>>, practiceId: number): Promise<number> {
  // The practice's own (the list of a practice shows the organisation's webhooks too).
  const own = encodeURIComponent(JSON.stringify([{ field: 'scope', condition: 'equal', value: 'practice' }]));
  const list = (await admin.get(`/api/admin/list/webhooks?pagesize=1&dental_practice_id=${practiceId}&column_filters=${own}`)) as unknown as ListAnswer;
  if (list.data.length > 0) return list.data[0]!.id;
  const made = (await admin.post('/api/webhook/create', { dental_practice_id: practiceId, name: 'Axe receiver', url: 'http://127.0.0.1:9/enamel-axe', events: ['procedure.completed'] })) as { data: { id: number } };
  return made.data.id;
}

/** A supplier with an offer (made once when the demo data has none), for the supplier screens. */
async function ensureSupplier(admin: Awaited<ReturnType<typeof apiSignIn>>): Promise<number> {
  const list = (await admin.get('/api/admin/list/suppliers?pagesize=1')) as unknown as ListAnswer;
  if (list.data.length > 0) return list.data[0]!.id;
  const supplier = (await admin.post('/api/supplier/create', { name: 'Axe Dental Supplies', currency: 'USD', lead_time_days: 4 })) as { data: { id: number } };
  const product = ((await admin.get('/api/product/all')) as unknown as ListAnswer).data[0]!;
  await admin.post('/api/supplier-offer/create', { supplier_id: supplier.data.id, product_id: product.id, purchase_unit: 'case', units_per_purchase_unit: '10', price: '42.5', preferred: true });
  return supplier.data.id;
}

/** The practice's first purchase order still being received (partly received, else sent, else any); 0 for none. */
async function openPurchaseOrder(admin: Awaited<ReturnType<typeof apiSignIn>>, practiceId: number): Promise<number> {
  for (const status of ['partially_received', 'sent', null]) {
    const filters = status ? `&column_filters=${encodeURIComponent(JSON.stringify([{ field: 'status', condition: 'equal', value: status }]))}` : '';
    const list = (await admin.get(`/api/admin/list/purchase-orders?pagesize=1&dental_practice_id=${practiceId}${filters}`)) as unknown as ListAnswer;
    if (list.data[0]) return list.data[0].id;
  }
  return 0;
}

/** The practice's first location other than its main store (the demo data has operatories). */
async function operatoryOf(admin: Awaited<ReturnType<typeof apiSignIn>>, practiceId: number): Promise<number> {
  const list = (await admin.get(`/api/admin/list/storage-locations?pagesize=100&dental_practice_id=${practiceId}`)) as unknown as { data: Array<{ id: number; is_main: boolean }> };
  const operatory = list.data.find((l) => !l.is_main);
  expect(operatory, 'the demo practice has a location besides its main store').toBeDefined();
  return operatory!.id;
}

/** The practice's first open stock take (one is started when the demo data has none). */
async function openStockTake(admin: Awaited<ReturnType<typeof apiSignIn>>, practiceId: number): Promise<number> {
  const open = encodeURIComponent(JSON.stringify([{ field: 'status', condition: 'equal', value: 'open' }]));
  const list = (await admin.get(`/api/admin/list/stock-takes?pagesize=1&dental_practice_id=${practiceId}&column_filters=${open}`)) as unknown as ListAnswer;
  if (list.data[0]) return list.data[0].id;
  const started = (await admin.post('/api/stock-takes', { dental_practice_id: practiceId, kind: 'cycle', cycle_size: 10 })) as { data: { id: number } };
  return started.data.id;
}

/** Seeds the demo data once before the file's tests (`timeout` for a slow start), as seedDemo. */
export function seedDemoBeforeAll(timeout?: number): void {
  test.beforeAll(async ({ playwright }, info) => {
    if (timeout) test.setTimeout(timeout);
    const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
    await seedDemo(request);
    await request.dispose();
  });
}
