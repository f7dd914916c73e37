import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { permissions, roles } from '@enamel/db';
import { DASHBOARD_WIDGETS } from '@enamel/contracts';
import { SEEDED_ROLES } from '../src/features/roles/seeded-roles.ts';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The permission matrix: every route of the API, and which seeded role may call it.
 *
 * - `PUBLIC`: no session needed (sign-in, password reset, docs, health).
 * - `SIGNED_IN`: any signed-in user, whatever their role; anonymous is a 401.
 * - a list of roles: exactly those roles pass; every other seeded role gets a 403; anonymous a 401.
 *
 * "Pass" means the guard let the call through (neither 401, 403, 419 nor a 5xx). Writes are sent
 * with an empty body or an id of 0, so an allowed call stops at validation (422) and changes
 * nothing, while a denied one is refused before validation (403).
 *
 * A route the app registers that is missing here fails the test: add it when you add the route.
 */
type Role = 'Super Admin' | 'Practice Manager' | 'Clinical Staff' | 'Viewer';
const SA: Role = 'Super Admin';
const PM: Role = 'Practice Manager';
const CS: Role = 'Clinical Staff';
const V: Role = 'Viewer';
const ROLES: Role[] = [SA, PM, CS, V];
const PUBLIC = 'public' as const;
const SIGNED_IN = 'signed-in' as const;
type Access = typeof PUBLIC | typeof SIGNED_IN | Role[];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Target {
  practiceId: number;
  userId: number;
  roleId: number;
  permissionId: number;
}
/** The concrete URL to call for a route pattern (ids filled in); `null` when the route is only classified, not called. */
type Call = string | ((t: Target) => string) | null;

/** [method(s), route pattern, access, call]. The call defaults to the pattern itself. */
type Entry = [Method | Method[], string, Access, Call?];

const UPDATE: Method[] = ['POST', 'PUT', 'PATCH'];
const DELETE: Method[] = ['POST', 'DELETE'];

const MATRIX: Entry[] = [
  // Public: documentation, health, session, password reset. Not called here (other tests cover them;
  // calling /logout or /login would disturb the sessions this test uses).
  ['GET', '/api/docs', PUBLIC, null],
  ['GET', '/api/docs/static/index.html', PUBLIC, null],
  ['GET', '/api/docs/static/swagger-initializer.js', PUBLIC, null],
  ['GET', '/api/docs/json', PUBLIC, null],
  ['GET', '/api/docs/yaml', PUBLIC, null],
  ['GET', '/api/docs/static/*', PUBLIC, null],
  ['GET', '/api/openapi.json', PUBLIC, null],
  ['GET', '/healthz', PUBLIC, null],
  ['GET', '/readyz', PUBLIC, null],
  ['GET', '/api/version', PUBLIC, null],
  ['GET', '/api/csrf-cookie', PUBLIC, null],
  ['POST', '/login', PUBLIC, null],
  ['POST', '/logout', PUBLIC, null],
  ['POST', '/api/forget-password', PUBLIC, null],
  ['POST', '/api/reset-password', PUBLIC, null],

  // The signed-in user's own things.
  ['GET', '/api/user', SIGNED_IN],
  ['GET', '/api/abilities', SIGNED_IN],
  [UPDATE, '/api/profile', SIGNED_IN],
  ['POST', '/api/profile/password', SIGNED_IN],
  ['GET', '/api/profile/digest', SIGNED_IN],
  [UPDATE, '/api/profile/digest', SIGNED_IN],
  ['POST', '/api/user/verify-password', SIGNED_IN],
  ['GET', '/api/notifications', SIGNED_IN],
  ['GET', '/api/organisation', SIGNED_IN],
  // The Support page: everyone; its backups and job runs only for those allowed (null otherwise, no 403).
  ['GET', '/api/support', SIGNED_IN],
  ['POST', '/api/organisation/update', [SA]],
  ['POST', '/api/notifications/read/:id', SIGNED_IN, '/api/notifications/read/0'],
  ['POST', '/api/notifications/read-all', SIGNED_IN],

  // Roles and permissions.
  ['GET', '/api/roles', [SA, PM]],
  ['GET', '/api/role/:id', [SA, PM], (t) => `/api/role/${t.roleId}`],
  ['POST', '/api/role/create', [SA]],
  [UPDATE, '/api/role/update/:id', [SA], '/api/role/update/0'],
  [DELETE, '/api/role/delete/:id', [SA], '/api/role/delete/0'],
  ['GET', '/api/admin/list/permissions', [SA]],
  ['GET', '/api/permission/:id', [SA], (t) => `/api/permission/${t.permissionId}`],
  ['POST', '/api/permission/create', [SA]],
  [UPDATE, '/api/permission/update/:id', [SA], '/api/permission/update/0'],
  [DELETE, '/api/permission/delete/:id', [SA], '/api/permission/delete/0'],

  // Dental practices: everyone reads their own; managers update theirs; only Super Admin creates and deletes.
  ['GET', '/api/admin/list/dental-practices', [SA, PM, CS, V]],
  ['GET', '/api/dental-practice/:id', [SA, PM, CS, V], (t) => `/api/dental-practice/${t.practiceId}`],
  ['POST', '/api/dental-practice/create', [SA]],
  [UPDATE, '/api/dental-practice/update/:id', [SA, PM], '/api/dental-practice/update/0'],
  ['POST', '/api/dental-practice/delete/:id', [SA], '/api/dental-practice/delete/0'],
  ['POST', '/api/dental-practice/restore/:id', [SA], '/api/dental-practice/restore/0'],
  [DELETE, '/api/dental-practice/delete-permenent/:id', [SA], '/api/dental-practice/delete-permenent/0'],
  [DELETE, '/api/dental-practice/delete-permanent/:id', [SA], '/api/dental-practice/delete-permanent/0'],

  // Activity log.
  ['GET', '/api/admin/list/logs', [SA, PM]],

  // Users: Super Admin, and managers for the users of their practices.
  ['GET', '/api/admin/list/users', [SA, PM]],
  // API tokens: Super Admin, and managers for their practices (tokens refuse themselves: session-hook.ts).
  ['GET', '/api/api-tokens', [SA, PM]],
  ['POST', '/api/api-token/create', [SA, PM]],
  [DELETE, '/api/api-token/revoke/:id', [SA, PM], '/api/api-token/revoke/0'],
  ['GET', '/api/user/:id', [SA, PM], (t) => `/api/user/${t.userId}`],
  ['POST', '/api/user/create', [SA, PM]],
  [UPDATE, '/api/user/update', [SA, PM]],
  [UPDATE, '/api/user/update/:id', [SA, PM], '/api/user/update/0'],
  ['POST', '/api/user/delete', [SA, PM]],
  [DELETE, '/api/user/delete/:id', [SA, PM], '/api/user/delete/0'],

  // Imports: `import` on the kind's subject; a job is its owner's (others get 404, which passes the guard).
  ['POST', '/api/brand/import', [SA, PM]],
  ['POST', '/api/category/import', [SA, PM]],
  ['POST', '/api/product/import', [SA, PM]],
  ['POST', '/api/procedure-code/import', [SA, PM]],
  ['POST', '/api/dental-practice/import', [SA]],
  ['POST', '/api/inventory/import', [SA, PM]],
  ['POST', '/api/procedure/import', [SA, PM]],
  ['POST', '/api/open-dental-procedure/import', [SA, PM]],
  ['GET', '/api/inventory/download', [SA, PM]],
  ['GET', '/api/import/template/:kind', [SA, PM], '/api/import/template/brand'],
  ['GET', '/api/import/:id', SIGNED_IN, '/api/import/00000000-0000-4000-8000-000000000000'],
  ['GET', '/api/import/:id/errors.csv', SIGNED_IN, '/api/import/00000000-0000-4000-8000-000000000000/errors.csv'],
  ['POST', '/api/import/:id/commit', SIGNED_IN, '/api/import/00000000-0000-4000-8000-000000000000/commit'],

  // Catalog: everyone reads it; Super Admin and practice managers change it.
  ...(['brand', 'category', 'product', 'procedure-code', 'procedure-template'] as const).flatMap((entity): Entry[] => [
    ['GET', `/api/${entity}/:id`, [SA, PM, CS, V], `/api/${entity}/0`],
    ['POST', `/api/${entity}/create`, [SA, PM]],
    [UPDATE, `/api/${entity}/update/:id`, [SA, PM], `/api/${entity}/update/0`],
    ['POST', `/api/${entity}/deactivate/:id`, [SA, PM], `/api/${entity}/deactivate/0`],
    ['POST', `/api/${entity}/restore/:id`, [SA, PM], `/api/${entity}/restore/0`],
  ]),
  ['POST', '/api/brand/delete', [SA, PM]],
  ['POST', '/api/brand/delete/:id', [SA, PM], '/api/brand/delete/0'],
  ['POST', '/api/category/delete/:id', [SA, PM], '/api/category/delete/0'],
  ['POST', '/api/procedure-code/delete/:id', [SA, PM], '/api/procedure-code/delete/0'],
  [DELETE, '/api/product/delete/:id', [SA, PM], '/api/product/delete/0'],
  // Succession: as editing products; the template switch as editing templates.
  [['PUT', 'POST'], '/api/product/:id/successor', [SA, PM], '/api/product/0/successor'],
  ['POST', '/api/product/:id/switch-templates', [SA, PM], '/api/product/0/switch-templates'],
  [DELETE, '/api/procedure-template/delete/:id', [SA, PM], '/api/procedure-template/delete/0'],
  ['GET', '/api/admin/list/brands', [SA, PM, CS, V]],
  ['GET', '/api/admin/list/categories', [SA, PM, CS, V]],
  ['GET', '/api/admin/list/products', [SA, PM, CS, V]],
  ['GET', '/api/admin/list/procedure-codes', [SA, PM, CS, V]],
  ['GET', '/api/admin/list/procedures-templates', [SA, PM, CS, V]],
  ['GET', '/api/category/all', [SA, PM, CS, V]],
  ['GET', '/api/procedure-code/all', [SA, PM, CS, V]],
  ['GET', '/api/product/all', [SA, PM, CS, V]],
  ['GET', '/api/product/search', [SA, PM, CS, V]],
  ['GET', '/api/product/unit-measurement', [SA, PM, CS, V]],

  // Suppliers and their offers (global, like the catalog): everyone who buys reads them; managers change them.
  ...(['supplier', 'supplier-offer'] as const).flatMap((entity): Entry[] => [
    ['GET', `/api/${entity}/:id`, [SA, PM, CS, V], `/api/${entity}/0`],
    ['POST', `/api/${entity}/create`, [SA, PM]],
    [UPDATE, `/api/${entity}/update/:id`, [SA, PM], `/api/${entity}/update/0`],
    ['POST', `/api/${entity}/deactivate/:id`, [SA, PM], `/api/${entity}/deactivate/0`],
    ['POST', `/api/${entity}/restore/:id`, [SA, PM], `/api/${entity}/restore/0`],
  ]),
  ['POST', '/api/supplier/delete/:id', [SA, PM], '/api/supplier/delete/0'],
  [DELETE, '/api/supplier-offer/delete/:id', [SA, PM], '/api/supplier-offer/delete/0'],
  ['GET', '/api/admin/list/suppliers', [SA, PM, CS, V]],
  ['GET', '/api/admin/list/supplier-offers', [SA, PM, CS, V]],
  ['GET', '/api/supplier/all', [SA, PM, CS, V]],
  ['POST', '/api/supplier/import', [SA, PM]],
  ['POST', '/api/supplier-offer/import', [SA, PM]],

  // Stock of the user's practices: everyone reads; clinical staff receive, count and transfer; managers set up and deactivate.
  ['GET', '/api/admin/list/inventories', [SA, PM, CS, V], (t) => `/api/admin/list/inventories?dental_practice_id=${t.practiceId}`],
  ['GET', '/api/admin/list/stock-movements', [SA, PM, CS, V], (t) => `/api/admin/list/stock-movements?dental_practice_id=${t.practiceId}`],
  ['GET', '/api/inventory', [SA, PM, CS, V], '/api/inventory?id=0'],
  ['GET', '/api/inventory/:id', [SA, PM, CS, V], '/api/inventory/0'],
  ['GET', '/api/inventory/product/search', [SA, PM, CS, V], (t) => `/api/inventory/product/search?dental_practice_id=${t.practiceId}&q=x`],
  ['POST', '/api/inventory/add', [SA, PM]],
  [UPDATE, '/api/inventory/update', [SA, PM, CS]],
  [UPDATE, '/api/inventory/update/:id', [SA, PM, CS], '/api/inventory/update/0'],
  ['POST', '/api/inventory/delete', [SA, PM]],
  ['POST', '/api/inventory/delete/:id', [SA, PM], '/api/inventory/delete/0'],
  ['POST', '/api/inventory/restore/:id', [SA, PM], '/api/inventory/restore/0'],
  ['POST', '/api/inventory/receive', [SA, PM, CS]],
  ['POST', '/api/inventory/adjust', [SA, PM, CS]],
  ['POST', '/api/inventory/transfer', [SA, PM, CS]],
  ['POST', '/api/inventory/write-off', [SA, PM, CS]],
  ['POST', '/api/inventory/move', [SA, PM, CS]],
  // Storage locations of the user's practices: Inventory's rights (read; update to create and change; delete to deactivate).
  ['GET', '/api/admin/list/storage-locations', [SA, PM, CS, V], (t) => `/api/admin/list/storage-locations?dental_practice_id=${t.practiceId}`],
  ['GET', '/api/storage-location/:id', [SA, PM, CS, V], '/api/storage-location/0'],
  ['POST', '/api/storage-location/create', [SA, PM, CS]],
  [UPDATE, '/api/storage-location/update/:id', [SA, PM, CS], '/api/storage-location/update/0'],
  ['POST', '/api/storage-location/deactivate/:id', [SA, PM], '/api/storage-location/deactivate/0'],
  ['POST', '/api/storage-location/delete/:id', [SA, PM], '/api/storage-location/delete/0'],
  ['POST', '/api/storage-location/restore/:id', [SA, PM], '/api/storage-location/restore/0'],
  ['GET', '/api/admin/list/location-par-levels', [SA, PM, CS, V], '/api/admin/list/location-par-levels?location_id=0'],
  ['POST', '/api/location-par-level/set', [SA, PM, CS]],
  [DELETE, '/api/location-par-level/delete/:id', [SA, PM, CS], '/api/location-par-level/delete/0'],
  ['GET', '/api/restock', [SA, PM, CS, V], (t) => `/api/restock?dental_practice_id=${t.practiceId}`],
  ['POST', '/api/restock', [SA, PM, CS]],
  // Scan to use: supplies taken out of stock outside a procedure (update Inventory, as receive and count).
  ['POST', '/api/stock/use', [SA, PM, CS]],
  // Replenishment reads need read Inventory in the practice; accepting a transfer is a stock transfer (update Inventory).
  ['GET', '/api/admin/list/order-suggestions', [SA, PM, CS, V], (t) => `/api/admin/list/order-suggestions?dental_practice_id=${t.practiceId}`],
  ['GET', '/api/replenishment/order-suggestions/:id/reasoning', [SA, PM, CS, V], '/api/replenishment/order-suggestions/0/reasoning'],
  ['GET', '/api/replenishment/transfer-suggestions', [SA, PM, CS, V], (t) => `/api/replenishment/transfer-suggestions?dental_practice_id=${t.practiceId}`],
  ['POST', '/api/replenishment/transfer-suggestions/accept', [SA, PM, CS]],
  ['GET', '/api/replenishment/expiry-waste', [SA, PM, CS, V], (t) => `/api/replenishment/expiry-waste?dental_practice_id=${t.practiceId}`],
  ['GET', '/api/replenishment/replaced-stock', [SA, PM, CS, V], (t) => `/api/replenishment/replaced-stock?dental_practice_id=${t.practiceId}`],
  ['POST', '/api/inventory/apply-suggestions', [SA, PM, CS]],

  // Procedures of the user's practices: clinical staff record and edit them; managers also delete.
  ['GET', '/api/admin/list/procedures', [SA, PM, CS, V], (t) => `/api/admin/list/procedures?dental_practice_id=${t.practiceId}`],
  ['GET', '/api/procedure/:id', [SA, PM, CS, V], '/api/procedure/0'],
  ['GET', '/api/procedure-detail', [SA, PM, CS, V], '/api/procedure-detail?id=0'],
  ['GET', '/api/procedure/template-lines', [SA, PM, CS, V]],
  ['PATCH', '/api/procedure/:id', [SA, PM, CS], '/api/procedure/0'],
  ['POST', '/api/procedure/create', [SA, PM, CS]],
  [UPDATE, '/api/procedure/update/:id', [SA, PM, CS], '/api/procedure/update/0'],
  [UPDATE, '/api/procedure/update/procedure-item/:id', [SA, PM, CS], '/api/procedure/update/procedure-item/0'],
  ['POST', '/api/procedure/complete/:id', [SA, PM, CS], '/api/procedure/complete/0'],
  [DELETE, '/api/procedure/delete/:id', [SA, PM], '/api/procedure/delete/0'],
  ['DELETE', '/api/procedure/external', [SA, PM], '/api/procedure/external?dental_practice_id=0&external_source=pms&external_id=1'],
  // Integrations (docs/open-dental.md): reading needs read Procedure; a sync and mapping a code (which applies the waiting rows) create, change and delete procedures.
  ['GET', '/api/integrations/:source', [SA, PM, CS, V], (t) => `/api/integrations/open-dental?dental_practice_id=${t.practiceId}`],
  ['GET', '/api/integrations/:source/cursor', [SA, PM, CS, V], (t) => `/api/integrations/open-dental/cursor?dental_practice_id=${t.practiceId}`],
  ['POST', '/api/integrations/:source/sync', [SA, PM], '/api/integrations/open-dental/sync'],
  ['POST', '/api/integrations/:source/code-map', [SA, PM], '/api/integrations/open-dental/code-map'],

  // Purchase orders of the user's practices: managers write, approve, send, cancel and return; clinical staff receive; all read.
  ['GET', '/api/admin/list/purchase-orders', [SA, PM, CS, V]],
  ['GET', '/api/purchase-orders/:id', [SA, PM, CS, V], '/api/purchase-orders/0'],
  ['GET', '/api/purchase-orders/suppliers', [SA, PM]],
  ['GET', '/api/purchase-orders/:id/pdf', [SA, PM], '/api/purchase-orders/0/pdf'],
  ['POST', '/api/purchase-orders', [SA, PM]],
  ['POST', '/api/purchase-orders/from-suggestions', [SA, PM]],
  [UPDATE, '/api/purchase-orders/:id/update', [SA, PM], '/api/purchase-orders/0/update'],
  ['POST', '/api/purchase-orders/:id/submit', [SA, PM], '/api/purchase-orders/0/submit'],
  ['POST', '/api/purchase-orders/:id/approve', [SA, PM], '/api/purchase-orders/0/approve'],
  ['POST', '/api/purchase-orders/:id/reject', [SA, PM], '/api/purchase-orders/0/reject'],
  ['POST', '/api/purchase-orders/:id/cancel', [SA, PM], '/api/purchase-orders/0/cancel'],
  ['POST', '/api/purchase-orders/:id/send', [SA, PM], '/api/purchase-orders/0/send'],
  ['POST', '/api/purchase-orders/:id/receive', [SA, PM, CS], '/api/purchase-orders/0/receive'],
  ['POST', '/api/purchase-orders/:id/lines/:lineId/return', [SA, PM], '/api/purchase-orders/0/lines/0/return'],
  ['GET', '/api/admin/list/stock-takes', [SA, PM, CS, V]],
  ['GET', '/api/stock-takes/:id', [SA, PM, CS, V], '/api/stock-takes/0'],
  ['POST', '/api/stock-takes', [SA, PM]],
  ['POST', '/api/stock-takes/:id/counts', [SA, PM, CS], '/api/stock-takes/0/counts'],
  ['POST', '/api/stock-takes/:id/lines/:lineId', [SA, PM], '/api/stock-takes/0/lines/0'],
  ['POST', '/api/stock-takes/:id/approve', [SA, PM], '/api/stock-takes/0/approve'],
  ['POST', '/api/stock-takes/:id/cancel', [SA, PM], '/api/stock-takes/0/cancel'],
  ['GET', '/api/admin/list/webhooks', [SA, PM]],
  ['GET', '/api/admin/list/webhook-deliveries', [SA, PM]],
  ['GET', '/api/webhook/organisation-rights', [SA, PM]],
  ['GET', '/api/webhook/:id', [SA, PM], '/api/webhook/0'],
  ['POST', '/api/webhook/create', [SA, PM]],
  [UPDATE, '/api/webhook/update/:id', [SA, PM], '/api/webhook/update/0'],
  ['POST', '/api/webhook/deactivate/:id', [SA, PM], '/api/webhook/deactivate/0'],
  ['POST', '/api/webhook/restore/:id', [SA, PM], '/api/webhook/restore/0'],
  ['POST', '/api/webhook/rotate-secret/:id', [SA, PM], '/api/webhook/rotate-secret/0'],
  ['POST', '/api/webhook-delivery/redeliver/:id', [SA, PM], '/api/webhook-delivery/redeliver/0'],

  // Forecast runs of the user's practices: whoever reads the dashboard may ask for one (it changes no record).
  ['GET', '/api/admin/list/forecast_date', [SA, PM, CS, V]],
  ['POST', '/api/forecast/run', [SA, PM, CS, V]],
  ['GET', '/api/forecast/run/:id', [SA, PM, CS, V], '/api/forecast/run/0'],

  // The dashboard of the user's practices: every seeded role reads it (all of them may read stock value too).
  ...DASHBOARD_WIDGETS.map((w): Entry => ['GET', `/api/admin/dashboard/${w}`, [SA, PM, CS, V], (t) => `/api/admin/dashboard/${w}?dental_practice_id=${t.practiceId}`]),

  // Reports of the user's practices: managers and viewers read them; clinical staff do not hold Report.
  ['GET', '/api/reports/report-data', [SA, PM, V], (t) => `/api/reports/report-data?report=reorder-list&dental_practice_id=${t.practiceId}`],
  // Their own recent exports, of the practices they may read reports of.
  ['GET', '/api/admin/list/report-exports', [SA, PM, V]],
  // Background exports: asked for like a download, followed and downloaded by their own reader.
  ['POST', '/api/reports/exports', [SA, PM, V]],
  ['GET', '/api/reports/exports/:id', [SA, PM, V], '/api/reports/exports/0'],
  ['GET', '/api/reports/exports/:id/download', [SA, PM, V], '/api/reports/exports/0/download'],

  // Practice settings: managers of the practice (and Super Admins) read and change them.
  ['GET', '/api/admin/list/configuration', [SA, PM]],
  ['GET', '/api/configuration/:id', [SA, PM], (t) => `/api/configuration/${t.practiceId}`],
  ['POST', '/api/configuration/create', [SA, PM]],
  [UPDATE, '/api/configuration/update/:id', [SA, PM], (t) => `/api/configuration/update/${t.practiceId}`],

  // Activity-log archives: Super Admins only (no other seeded role holds ArchiveLog).
  ['GET', '/api/admin/list/archive-logs', [SA]],
  ['GET', '/api/archive-logs/download/:id', [SA], '/api/archive-logs/download/0'],
  ['POST', '/api/archive-logs/delete/:id', [SA], '/api/archive-logs/delete/0'],

  // The scheduler: installation-wide, so only a rule without practice conditions (Super Admin).
  ['GET', '/api/admin/list/schedulers', [SA]],
  ['GET', '/api/scheduler/:id', [SA], '/api/scheduler/1'],
  ['GET', '/api/scheduler/:id/runs', [SA], '/api/scheduler/1/runs'],
  [UPDATE, '/api/scheduler/update/:id', [SA], '/api/scheduler/update/0'],
  // Not called here (it would run every due job; scheduler.test.ts checks its refusals).
  ['POST', '/api/run-scheduler', [SA], null],
  // Backups of the embedded database: who may manage the whole installation (manage all). Called: an allowed
  // POST takes a real backup of this test's database (on PostgreSQL it answers 409, which also passes the guard).
  ['GET', '/api/backups', [SA]],
  ['POST', '/api/backups', [SA]],

  // Demo data (not called: it would really seed).
  ['POST', '/api/seeder/data', [SA], null],
];

interface Case {
  method: Method;
  route: string;
  access: Access;
  call: Call;
}
const CASES: Case[] = MATRIX.flatMap(([methods, route, access, call]) =>
  [methods].flat().map((method) => ({ method, route, access, call: call === undefined ? route : call })),
);
const key = (method: string, route: string) => `${method} ${route}`;

let t: TestApp;
let target: Target;
const agents = new Map<Role, Agent>();

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const practice = await createPractice(db);
  const someone = await createUser(db, { role: V, practiceIds: [practice.id] });
  const [role] = await db.select().from(roles).where(eq(roles.name, V));
  const [permission] = await db.select().from(permissions).limit(1);
  target = { practiceId: practice.id, userId: someone.id, roleId: role!.id, permissionId: permission!.id };
  // One signed-in user per seeded role, all in the practice the calls target.
  await Promise.all(
    ROLES.map(async (role) => {
      const user = await createUser(db, { role, practiceIds: [practice.id] });
      const agent = new Agent(t.app);
      await agent.login(user.email, user.password);
      agents.set(role, agent);
    }),
  );
});
afterAll(async () => t.close());

async function call(agent: Agent, c: Case) {
  const url = typeof c.call === 'function' ? c.call(target) : c.call!;
  // Writes carry an empty body (GET and DELETE none), so an allowed write stops at validation.
  const res = await agent.request(c.method, url, c.method === 'GET' || c.method === 'DELETE' ? {} : { json: {} });
  return res;
}

describe('permission matrix', () => {
  it('classifies every route the app registers, and only those', () => {
    // Files of the built web app are served as routes too; they are not API calls.
    const isWebFile = (url: string) => !url.startsWith('/api') && url !== '/' && fs.existsSync(path.join(t.config.webDist, url));
    const registered = new Set(t.app.routeTable.filter((r) => !isWebFile(r.slice(r.indexOf(' ') + 1))));
    const keys = CASES.map((c) => key(c.method, c.route));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i), 'routes classified twice').toEqual([]);
    const classified = new Set(keys);
    const unclassified = [...registered].filter((r) => !classified.has(r));
    expect(unclassified, 'routes missing from the permission matrix (add them to MATRIX)').toEqual([]);
    const stale = [...classified].filter((r) => !registered.has(r));
    expect(stale, 'matrix entries for routes that no longer exist').toEqual([]);
  });

  it('covers the seeded roles, and nothing else', () => {
    expect(SEEDED_ROLES.map((r) => r.name).sort()).toEqual([...ROLES].sort());
  });

  const guarded = CASES.filter((c) => c.access !== PUBLIC && c.call !== null);

  it.each(guarded.map((c) => [key(c.method, c.route), c] as const))('%s: anonymous is a 401', async (_, c) => {
    const res = await call(new Agent(t.app), c);
    expect(res.statusCode, res.body).toBe(401);
  });

  const rows = guarded.flatMap((c) =>
    ROLES.map((role) => {
      const allowed = c.access === SIGNED_IN || (Array.isArray(c.access) && c.access.includes(role));
      return [`${key(c.method, c.route)} as ${role}: ${allowed ? 'allowed' : 'denied'}`, c, role, allowed] as const;
    }),
  );
  it.each(rows)('%s', async (_, c, role, allowed) => {
    const res = await call(agents.get(role)!, c);
    if (allowed) {
      expect([401, 403, 419], res.body).not.toContain(res.statusCode);
      expect(res.statusCode, res.body).toBeLessThan(500);
    } else {
      expect(res.statusCode, res.body).toBe(403);
    }
  });
});
