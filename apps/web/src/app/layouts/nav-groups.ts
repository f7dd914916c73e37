import type { Subject } from '@enamel/contracts';

/**
 * The sidebar's groups and entries (only the admin layout reads them, so they stay out of the login page's script).
 */
/** What a sidebar entry needs to be shown: `read` on its subject, import rights, or nothing. */
export type NavRequirement = { read: Subject } | 'import' | 'always';

export interface NavItem {
  key: string;
  path: string;
  label: string;
  requires: NavRequirement;
}

export interface NavGroup {
  key: string;
  label: string;
  items: NavItem[];
}

const item = (key: string, path: string, requires: NavRequirement): NavItem => ({ key, path, label: `nav.items.${key}`, requires });

/** The sidebar: every admin route that is a destination (create/edit screens are reached from lists). */
export const NAV_GROUPS: NavGroup[] = [
  { key: 'overview', label: 'nav.groups.overview', items: [item('dashboard', 'dashboard', { read: 'Dashboard' })] },
  {
    key: 'operations',
    label: 'nav.groups.operations',
    items: [
      item('procedures', 'list/procedures', { read: 'Procedure' }),
      item('inventories', 'list/inventories', { read: 'Inventory' }),
      item('useSupplies', 'use-supplies', { read: 'Inventory' }),
      item('orderSuggestions', 'order-suggestions', { read: 'Inventory' }),
      item('locations', 'list/storage-locations', { read: 'Inventory' }),
      item('restock', 'restock', { read: 'Inventory' }),
      item('purchaseOrders', 'purchase-orders', { read: 'PurchaseOrder' }),
      item('stockTakes', 'stock-takes', { read: 'StockTake' }),
      item('dentalPractices', 'list/dental-practices', { read: 'DentalPractice' }),
    ],
  },
  {
    key: 'catalog',
    label: 'nav.groups.catalog',
    items: [
      item('products', 'list/products', { read: 'Product' }),
      item('brands', 'list/brands', { read: 'Brand' }),
      item('categories', 'list/categories', { read: 'Category' }),
      item('procedureCodes', 'list/procedure-codes', { read: 'ProcedureCode' }),
      item('procedureTemplates', 'list/procedure-templates', { read: 'ProcedureTemplate' }),
      item('suppliers', 'list/suppliers', { read: 'Supplier' }),
      item('import', 'list/import', 'import'),
      item('integrations', 'integrations', { read: 'Procedure' }),
    ],
  },
  {
    key: 'insights',
    label: 'nav.groups.insights',
    items: [
      item('reports', 'list/reports', { read: 'Report' }),
      item('generateReport', 'reports/genrate', { read: 'Report' }),
    ],
  },
  {
    key: 'administration',
    label: 'nav.groups.administration',
    items: [
      item('users', 'list/users', { read: 'User' }),
      item('roles', 'roles', { read: 'Role' }),
      item('permissions', 'permissions', { read: 'Permission' }),
      item('apiTokens', 'api-tokens', { read: 'ApiToken' }),
      item('logs', 'logs', { read: 'ActivityLog' }),
      item('archiveLogs', 'archive-logs', { read: 'ArchiveLog' }),
      item('scheduler', 'scheduler', { read: 'Scheduler' }),
      item('setting', 'setting', { read: 'Configuration' }),
      item('webhooks', 'list/webhooks', { read: 'Webhook' }),
    ],
  },
  {
    key: 'help',
    label: 'nav.groups.help',
    items: [item('profile', 'profile', 'always'), item('support', 'support', 'always')],
  },
];

/** Subjects whose import makes the Import screen useful. */
export const IMPORT_SUBJECTS: Subject[] = ['all', 'Brand', 'Category', 'Product', 'ProcedureCode', 'Inventory', 'Procedure', 'Supplier'];
