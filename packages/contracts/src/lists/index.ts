import type { ListContract } from '../lists.ts';
import { activityLogListContract, archiveListContract, configurationListContract, dentalPracticeListContract, forecastRunListContract, permissionListContract, reportExportListContract, schedulerJobListContract, userListContract } from './admin-lists.ts';
import { brandListContract, categoryListContract, procedureCodeListContract, procedureTemplateListContract, productListContract } from './catalog-lists.ts';
import { supplierListContract, supplierOfferListContract } from './supplier-lists.ts';
import { inventoryListContract, movementListContract, procedureListContract } from './stock-lists.ts';
import { orderSuggestionListContract } from './replenishment-lists.ts';
import { purchaseOrderListContract } from './purchase-order-lists.ts';
import { stockTakeListContract } from './stock-take-lists.ts';
import { locationParLevelListContract, storageLocationListContract } from './location-lists.ts';
import { webhookDeliveryListContract, webhookListContract } from './webhook-lists.ts';

export * from './admin-lists.ts';
export * from './list-paths.ts';
export * from './catalog-lists.ts';
export * from './stock-lists.ts';
export * from './supplier-lists.ts';
export * from './replenishment-lists.ts';
export * from './purchase-order-lists.ts';
export * from './stock-take-lists.ts';
export * from './location-lists.ts';
export * from './webhook-lists.ts';

/** Every server-mode list of the API, by contract: a list route without one here fails the contract test. */
export const LIST_CONTRACTS: readonly ListContract[] = [
  productListContract,
  brandListContract,
  categoryListContract,
  procedureCodeListContract,
  procedureTemplateListContract,
  inventoryListContract,
  movementListContract,
  procedureListContract,
  userListContract,
  dentalPracticeListContract,
  permissionListContract,
  activityLogListContract,
  archiveListContract,
  configurationListContract,
  schedulerJobListContract,
  forecastRunListContract,
  reportExportListContract,
  supplierListContract,
  supplierOfferListContract,
  orderSuggestionListContract,
  purchaseOrderListContract,
  stockTakeListContract,
  storageLocationListContract,
  locationParLevelListContract,
  webhookListContract,
  webhookDeliveryListContract,
];
