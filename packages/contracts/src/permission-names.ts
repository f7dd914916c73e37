/** Actions and subjects of the permission rules (no zod: the client's first load reads them). */
export const ACTIONS = ['manage', 'create', 'read', 'update', 'delete', 'import', 'export', 'run', 'approve', 'send', 'receive', 'cancel', 'return'] as const;
export type Action = (typeof ACTIONS)[number];

export const SUBJECTS = [
  'User', 'Role', 'Permission', 'DentalPractice', 'Brand', 'Category', 'Product',
  'ProcedureCode', 'ProcedureTemplate', 'Procedure', 'Inventory', 'Report', 'Dashboard',
  'Scheduler', 'ActivityLog', 'ArchiveLog', 'Configuration', 'Supplier', 'PurchaseOrder', 'StockTake', 'ApiToken', 'Webhook', 'all',
] as const;
export type Subject = (typeof SUBJECTS)[number];
