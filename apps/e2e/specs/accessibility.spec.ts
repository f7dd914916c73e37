import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ADMIN_ROUTES, GUEST_ROUTES } from '../../web/src/app/routes.ts';
import { apiSignIn, AppPages } from '../pages/app.ts';
import { axeViolations, seedDemo, waitUntilLoaded, type DemoIds } from '../pages/a11y.ts';

/**
 * The accessibility gate: every route of the app's route table, with the demo data, in English and
 * Spanish, has no axe violation (WCAG 2.0/2.1/2.2 A and AA), and neither has one open dialog of each kind.
 * A route added to the table without a visit plan here fails the run.
 */

interface VisitPlan {
  /** The address to open (the route's `:id` filled from the demo data). */
  url: (ids: DemoIds) => string;
  /** Dialogs this screen opens, each checked open: name → how to open it. */
  dialogs?: Record<string, (page: Page) => Promise<void>>;
}

const click = (testId: string) => async (page: Page) => {
  await page.getByTestId(testId).first().click();
};
/** Opens a row's action menu and picks an action (the confirm dialog of a delete, say). */
const rowAction = (action: string) => async (page: Page) => {
  await page.getByTestId('row-actions').first().click();
  await page.getByTestId(`row-action-${action}`).click();
};

/** Generate on a report too large for a PDF at once: its PDF prepared in the background, followed until it is ready. */
async function prepareInBackground(page: Page) {
  // Every movement of the demo history is read twice (the screen, then the PDF): more than the default minute on a busy machine.
  test.setTimeout(150_000);
  const from = new Date(Date.now() - 1000 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/admin/reports/genrate?report=stock-movements&view=lines&from=${from}`);
  await waitUntilLoaded(page);
  await page.getByTestId('report-prepare-pdf').click();
  await expect(page.getByTestId('background-export').getByTestId('export-status')).toHaveAttribute('data-status', 'succeeded', { timeout: 90_000 });
}

const GUEST_PLANS: Record<string, VisitPlan> = {
  login: { url: () => '/login' },
  'forgot-password': { url: () => '/forgot-password' },
  'reset-password/:token': { url: () => '/reset-password/not-a-real-token?email=someone%40example.test' },
};

const ADMIN_PLANS: Record<string, VisitPlan> = {
  dashboard: { url: () => '/admin/dashboard', dialogs: { 'language menu': click('language-switch'), 'user menu': click('user-menu'), notifications: click('notifications-bell') } },
  'list/dental-practices': { url: () => '/admin/list/dental-practices', dialogs: { 'practice form': click('practice-add'), 'row actions': click('row-actions') } },
  'list/import': { url: () => '/admin/list/import' },
  'list/users': { url: () => '/admin/list/users' },
  'list/brands': { url: () => '/admin/list/brands', dialogs: { 'brand form': click('brand-add'), 'confirm dialog': rowAction('deactivate') } },
  'list/categories': { url: () => '/admin/list/categories' },
  'list/products': {
    url: () => '/admin/list/products',
    dialogs: {
      'product form': click('product-add'),
      'product with its suppliers': async (page) => {
        await page.getByTestId('data-table-row').first().dblclick();
        await expect(page.getByTestId('product-suppliers').getByTestId('offers-table')).toBeVisible();
      },
      'replace with': rowAction('replace'),
      'product with its succession': async (page) => {
        // The first product is replaced by the first other active product its search offers; its screen then shows the succession.
        // Four dialogs on this screen, each checked by axe: more than the default minute on a busy machine.
        test.setTimeout(150_000);
        await rowAction('replace')(page);
        await page.getByTestId('succession-picker').fill('a');
        await page.getByTestId('succession-picker-option').first().click();
        await page.getByTestId('replace-with-submit').click();
        await expect(page.getByTestId('replace-with-form')).toHaveCount(0);
        await page.getByTestId('data-table-row').first().dblclick();
        await expect(page.getByTestId('product-succession')).toBeVisible();
      },
    },
  },
  'list/suppliers': { url: () => '/admin/list/suppliers', dialogs: { 'supplier form': click('supplier-add'), 'confirm dialog': rowAction('deactivate') } },
  'suppliers/:id': { url: (ids) => `/admin/suppliers/${ids.supplier}`, dialogs: { 'offer form': click('offer-add'), 'supplier form': click('supplier-edit') } },
  'list/procedure-codes': { url: () => '/admin/list/procedure-codes', dialogs: { 'procedure code form': click('procedure-code-add') } },
  'list/procedure-templates': { url: () => '/admin/list/procedure-templates' },
  'list/procedures': { url: () => '/admin/list/procedures' },
  'list/inventories': { url: () => '/admin/list/inventories', dialogs: { 'receive stock': click('inventory-receive') } },
  'list/reports': { url: () => '/admin/list/reports' },
  'order-suggestions': { url: () => '/admin/order-suggestions', dialogs: { reasoning: click('suggestion-reasoning') } },
  'list/storage-locations': { url: () => '/admin/list/storage-locations', dialogs: { 'location form': click('location-add'), 'confirm dialog': rowAction('deactivate') } },
  'storage-locations/:id/par-levels': { url: (ids) => `/admin/storage-locations/${ids.operatory}/par-levels` },
  restock: { url: () => '/admin/restock', dialogs: { 'location select': click('restock-location') } },
  integrations: { url: () => '/admin/integrations' },
  'list/webhooks': { url: () => '/admin/list/webhooks', dialogs: { 'webhook form': click('webhook-add') } },
  'webhooks/:id': { url: (ids) => `/admin/webhooks/${ids.webhook}`, dialogs: { 'webhook form': click('webhook-edit') } },
  support: { url: () => '/admin/support' },
  // Stock movements: every kind of filter (rows by kind or each movement, period, category, brand, product) on one screen;
  // then every movement of the demo history, too many rows for a PDF at once, prepared in the background to its end.
  'reports/genrate': { url: () => '/admin/reports/genrate?report=stock-movements', dialogs: { 'background export': prepareInBackground } },
  profile: { url: () => '/admin/profile' },
  setting: { url: () => '/admin/setting', dialogs: { 'date picker': click('settings-forecast-date') } },
  'categories/create': { url: () => '/admin/categories/create' },
  'categories/edit/:id': { url: (ids) => `/admin/categories/edit/${ids.category}` },
  'procedure-templates/create': { url: () => '/admin/procedure-templates/create' },
  'procedure-templates/edit/:id': { url: (ids) => `/admin/procedure-templates/edit/${ids.template}` },
  'inventories/:id': {
    url: (ids) => `/admin/inventories/${ids.inventory}`,
    dialogs: { 'adjust stock': click('detail-adjust'), 'transfer stock': click('detail-transfer'), 'inventory settings': click('detail-settings'), 'move stock': click('detail-move') },
  },
  'procedures/create': { url: () => '/admin/procedures/create', dialogs: { 'date and time picker': click('procedure-performed-at') } },
  'procedures/edit/:id': { url: (ids) => `/admin/procedures/edit/${ids.procedure}` },
  'procedures/:id': { url: (ids) => `/admin/procedures/${ids.procedure}` },
  permissions: { url: () => '/admin/permissions' },
  'permissions/create': { url: () => '/admin/permissions/create' },
  'permissions/edit/:id': { url: (ids) => `/admin/permissions/edit/${ids.permission}` },
  'api-tokens': { url: () => '/admin/api-tokens', dialogs: { 'token form': click('api-token-add') } },
  roles: { url: () => '/admin/roles' },
  'roles/create': { url: () => '/admin/roles/create' },
  'roles/edit/:id': { url: (ids) => `/admin/roles/edit/${ids.role}` },
  'users/create': { url: () => '/admin/users/create' },
  'users/edit/:id': { url: (ids) => `/admin/users/edit/${ids.user}` },
  logs: { url: () => '/admin/logs' },
  scheduler: { url: () => '/admin/scheduler', dialogs: { 'job form': rowAction('edit'), 'run history': rowAction('history') } },
  'archive-logs': { url: () => '/admin/archive-logs' },
  'purchase-orders': { url: () => '/admin/purchase-orders' },
  'stock-takes': { url: () => '/admin/stock-takes', dialogs: { 'start stock take': click('stock-take-new') } },
  'stock-takes/:id': { url: (ids) => `/admin/stock-takes/${ids.stockTake}`, dialogs: { 'cancel stock take': click('stock-take-cancel') } },
  'stock-takes/:id/count': { url: (ids) => `/admin/stock-takes/${ids.stockTake}/count` },
  'purchase-orders/new': { url: () => '/admin/purchase-orders/new', dialogs: { 'supplier picker': click('po-new-supplier') } },
  // An open PO: the receive dialog (lines, GS1 scan field) and the cancel reason, or the return dialog once goods arrived.
  'purchase-orders/:id': {
    url: (ids) => `/admin/purchase-orders/${ids.purchaseOrder}`,
    dialogs: { 'receive against the order': click('po-receive'), 'cancel or return': async (page) => page.getByTestId('po-cancel').or(page.getByTestId('po-return')).first().click() },
  },
  // Scan to use; the camera dialog (no camera here: it says so).
  'use-supplies': { url: () => '/admin/use-supplies', dialogs: { 'camera scanner': click('use-product-camera') } },
};

const LOCALES = ['en', 'es'] as const;

test('every route of the route table has a visit plan, and every plan a route', () => {
  expect(Object.keys(GUEST_PLANS).sort()).toEqual(GUEST_ROUTES.map((r) => r.path).sort());
  expect(Object.keys(ADMIN_PLANS).sort()).toEqual(ADMIN_ROUTES.map((r) => r.path).sort());
});

let ids: DemoIds;
test.beforeAll(async ({ playwright }, info) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  ids = await seedDemo(request);
  // One report export by the admin, so the Reports list is checked with a row in its recent exports; and one prepared
  // in the background, with its status and download link.
  const exported = await request.get(`/api/reports/report-data?report=reorder-list&dental_practice_id=${ids.practiceId}&format=csv`);
  expect(exported.status()).toBe(200);
  await (await apiSignIn(request)).post('/api/reports/exports', { report: 'reorder-list', dental_practice_id: ids.practiceId, format: 'xlsx' });
  await request.dispose();
});

async function newContext(browser: Browser, baseURL: string | undefined, locale: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 860 } });
  await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
  return context;
}

/** The describe block's page, in `locale` (signed in when asked): opened before its tests, closed after. */
function blockPage(locale: string, signedIn: boolean): () => Page {
  let context: BrowserContext;
  let page: Page;
  test.beforeAll(async ({ browser, baseURL }) => {
    context = await newContext(browser, baseURL, locale);
    page = await context.newPage();
    if (signedIn) await new AppPages(page).signInAndWaitForDashboard();
  });
  test.afterAll(async () => context.close());
  return () => page;
}

/** Visits a screen, checks it, then each of its dialogs open; collects every violation. */
async function check(page: Page, name: string, plan: VisitPlan): Promise<string[]> {
  await page.goto(plan.url(ids));
  await waitUntilLoaded(page);
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  const found = (await axeViolations(page)).map((v) => `${name}: ${v}`);
  for (const [dialog, open] of Object.entries(plan.dialogs ?? {})) {
    await open(page);
    await waitUntilLoaded(page);
    found.push(...(await axeViolations(page)).map((v) => `${name} (${dialog}): ${v}`));
    await page.keyboard.press('Escape');
    await waitUntilLoaded(page);
  }
  return found;
}

/**
 * Fails the test on any violation, listing them all (one line per node). Soft, so one screen's failure
 * does not restart the worker (a new sign-in per screen would soon meet the login throttle).
 */
function report(found: string[]): void {
  if (found.length > 0) console.log(`axe: ${found.length} failing nodes\n${found.join('\n')}`);
  expect.soft(found).toEqual([]);
}

for (const locale of LOCALES) {
  test.describe(`no axe violation, signed out (${locale})`, () => {
    const page = blockPage(locale, false);

    for (const route of GUEST_ROUTES) {
      test(`/${route.path} (${locale})`, async () => {
        const plan = GUEST_PLANS[route.path];
        expect(plan, `no visit plan for /${route.path}`).toBeDefined();
        report(await check(page(), route.path, plan!));
      });
    }
  });

  test.describe(`no axe violation, signed in (${locale})`, () => {
    const page = blockPage(locale, true);

    for (const route of ADMIN_ROUTES) {
      test(`/admin/${route.path} (${locale})`, async () => {
        const plan = ADMIN_PLANS[route.path];
        expect(plan, `no visit plan for /admin/${route.path}`).toBeDefined();
        report(await check(page(), route.path, plan!));
      });
    }
  });
}
