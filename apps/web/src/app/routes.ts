/** Which screen a route shows; 'coming-soon' marks features of later issues. */
export type Screen =
  | 'import'
  | 'dashboard' | 'profile' | 'support' | 'coming-soon'
  | 'dental-practices' | 'users' | 'user-form' | 'roles' | 'role-form' | 'permissions' | 'permission-form' | 'activity-logs'
  | 'brands' | 'categories' | 'category-form' | 'products' | 'procedure-codes' | 'procedure-templates' | 'procedure-template-form'
  | 'inventories' | 'inventory-detail' | 'procedures' | 'procedure-form' | 'procedure-detail'
  | 'archive-logs' | 'scheduler' | 'setting' | 'reports' | 'report-generate'
  | 'suppliers' | 'supplier-detail'
  | 'order-suggestions'
  | 'purchase-orders' | 'purchase-order-new' | 'purchase-order-detail'
  | 'stock-takes' | 'stock-take-detail' | 'stock-take-count'
  | 'use-supplies'
  | 'locations' | 'restock' | 'par-levels'
  | 'api-tokens'
  | 'webhooks' | 'webhook-detail'
  | 'integrations';

export interface AdminRoute {
  /** Path under /admin/, as the client contract fixes it, typos included (docs/client-contract.md#admin-routes). */
  path: string;
  /** Translation key of the breadcrumb label (notes §2). */
  crumb: string;
  screen: Screen;
  /** A parent screen shown before this one in the breadcrumbs. */
  parent?: string;
}

/** The route handle the breadcrumbs and page titles read. */
export type { RouteHandle } from '../ui/routeHandle.ts';

/** The signed-out screens (under the guest layout). */
export type GuestScreen = 'login' | 'forgot-password' | 'reset-password';

export interface GuestRoute {
  path: string;
  crumb: string;
  screen: GuestScreen;
}

export const GUEST_ROUTES: GuestRoute[] = [
  { path: 'login', crumb: 'routes.login', screen: 'login' },
  { path: 'forgot-password', crumb: 'routes.forgotPassword', screen: 'forgot-password' },
  { path: 'reset-password/:token', crumb: 'routes.resetPassword', screen: 'reset-password' },
];

export const ADMIN_ROUTES: AdminRoute[] = [
  { path: 'dashboard', crumb: 'routes.dashboard', screen: 'dashboard' },
  { path: 'list/dental-practices', crumb: 'routes.dentalPractices', screen: 'dental-practices' },
  { path: 'list/import', crumb: 'routes.import', screen: 'import' },
  { path: 'list/users', crumb: 'routes.users', screen: 'users' },
  { path: 'list/brands', crumb: 'routes.brands', screen: 'brands' },
  { path: 'list/categories', crumb: 'routes.categories', screen: 'categories' },
  { path: 'list/products', crumb: 'routes.products', screen: 'products' },
  { path: 'list/procedure-codes', crumb: 'routes.procedureCodes', screen: 'procedure-codes' },
  { path: 'list/procedure-templates', crumb: 'routes.procedureTemplates', screen: 'procedure-templates' },
  { path: 'list/suppliers', crumb: 'routes.suppliers', screen: 'suppliers' },
  { path: 'suppliers/:id', crumb: 'routes.supplierDetail', screen: 'supplier-detail', parent: 'list/suppliers' },
  { path: 'list/procedures', crumb: 'routes.procedures', screen: 'procedures' },
  { path: 'list/inventories', crumb: 'routes.inventories', screen: 'inventories' },
  { path: 'order-suggestions', crumb: 'routes.orderSuggestions', screen: 'order-suggestions' },
  { path: 'list/storage-locations', crumb: 'routes.locations', screen: 'locations' },
  { path: 'storage-locations/:id/par-levels', crumb: 'routes.parLevels', screen: 'par-levels', parent: 'list/storage-locations' },
  { path: 'restock', crumb: 'routes.restock', screen: 'restock' },
  { path: 'list/reports', crumb: 'routes.reports', screen: 'reports' },
  { path: 'support', crumb: 'routes.support', screen: 'support' },
  { path: 'reports/genrate', crumb: 'routes.generateReport', screen: 'report-generate', parent: 'list/reports' },
  { path: 'profile', crumb: 'routes.profile', screen: 'profile' },
  { path: 'setting', crumb: 'routes.setting', screen: 'setting' },
  { path: 'categories/create', crumb: 'routes.categoryCreate', screen: 'category-form', parent: 'list/categories' },
  { path: 'categories/edit/:id', crumb: 'routes.categoryEdit', screen: 'category-form', parent: 'list/categories' },
  { path: 'procedure-templates/create', crumb: 'routes.procedureTemplateCreate', screen: 'procedure-template-form', parent: 'list/procedure-templates' },
  { path: 'procedure-templates/edit/:id', crumb: 'routes.procedureTemplateEdit', screen: 'procedure-template-form', parent: 'list/procedure-templates' },
  { path: 'inventories/:id', crumb: 'routes.inventoryDetail', screen: 'inventory-detail', parent: 'list/inventories' },
  { path: 'procedures/create', crumb: 'routes.procedureCreate', screen: 'procedure-form', parent: 'list/procedures' },
  { path: 'procedures/edit/:id', crumb: 'routes.procedureEdit', screen: 'procedure-form', parent: 'list/procedures' },
  { path: 'procedures/:id', crumb: 'routes.procedureDetail', screen: 'procedure-detail', parent: 'list/procedures' },
  { path: 'permissions', crumb: 'routes.permissions', screen: 'permissions' },
  { path: 'permissions/create', crumb: 'routes.permissionCreate', screen: 'permission-form', parent: 'permissions' },
  { path: 'permissions/edit/:id', crumb: 'routes.permissionEdit', screen: 'permission-form', parent: 'permissions' },
  { path: 'roles', crumb: 'routes.roles', screen: 'roles' },
  { path: 'roles/create', crumb: 'routes.roleCreate', screen: 'role-form', parent: 'roles' },
  { path: 'roles/edit/:id', crumb: 'routes.roleEdit', screen: 'role-form', parent: 'roles' },
  { path: 'users/create', crumb: 'routes.userCreate', screen: 'user-form', parent: 'list/users' },
  { path: 'users/edit/:id', crumb: 'routes.userEdit', screen: 'user-form', parent: 'list/users' },
  { path: 'api-tokens', crumb: 'routes.apiTokens', screen: 'api-tokens' },
  { path: 'logs', crumb: 'routes.logs', screen: 'activity-logs' },
  { path: 'scheduler', crumb: 'routes.scheduler', screen: 'scheduler' },
  { path: 'archive-logs', crumb: 'routes.archiveLogs', screen: 'archive-logs' },
  { path: 'purchase-orders', crumb: 'routes.purchaseOrders', screen: 'purchase-orders' },
  { path: 'purchase-orders/new', crumb: 'routes.purchaseOrderNew', screen: 'purchase-order-new', parent: 'purchase-orders' },
  { path: 'purchase-orders/:id', crumb: 'routes.purchaseOrderDetail', screen: 'purchase-order-detail', parent: 'purchase-orders' },
  { path: 'stock-takes', crumb: 'routes.stockTakes', screen: 'stock-takes' },
  { path: 'stock-takes/:id', crumb: 'routes.stockTakeDetail', screen: 'stock-take-detail', parent: 'stock-takes' },
  { path: 'stock-takes/:id/count', crumb: 'routes.stockTakeCount', screen: 'stock-take-count', parent: 'stock-takes' },
  { path: 'use-supplies', crumb: 'routes.useSupplies', screen: 'use-supplies' },
  { path: 'list/webhooks', crumb: 'routes.webhooks', screen: 'webhooks' },
  { path: 'webhooks/:id', crumb: 'routes.webhookDetail', screen: 'webhook-detail', parent: 'list/webhooks' },
  { path: 'integrations', crumb: 'routes.integrations', screen: 'integrations' },
];

export function crumbOf(path: string): string | undefined {
  return ADMIN_ROUTES.find((route) => route.path === path)?.crumb;
}
