/**
 * The path of every server-mode list (plain text: a screen that only links to or fetches a list needs no schema,
 * so the first screens load without zod).
 */
export const LIST_PATHS = {
  activityLog: '/api/admin/list/logs',
  archive: '/api/admin/list/archive-logs',
  brand: '/api/admin/list/brands',
  category: '/api/admin/list/categories',
  configuration: '/api/admin/list/configuration',
  dentalPractice: '/api/admin/list/dental-practices',
  forecastRun: '/api/admin/list/forecast_date',
  inventory: '/api/admin/list/inventories',
  movement: '/api/admin/list/stock-movements',
  orderSuggestion: '/api/admin/list/order-suggestions',
  permission: '/api/admin/list/permissions',
  procedure: '/api/admin/list/procedures',
  procedureCode: '/api/admin/list/procedure-codes',
  procedureTemplate: '/api/admin/list/procedures-templates',
  product: '/api/admin/list/products',
  purchaseOrder: '/api/admin/list/purchase-orders',
  reportExport: '/api/admin/list/report-exports',
  schedulerJob: '/api/admin/list/schedulers',
  stockTake: '/api/admin/list/stock-takes',
  supplier: '/api/admin/list/suppliers',
  supplierOffer: '/api/admin/list/supplier-offers',
  user: '/api/admin/list/users',
  storageLocation: '/api/admin/list/storage-locations',
} as const;
