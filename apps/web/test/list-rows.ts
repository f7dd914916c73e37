import type { ListRow, dentalPracticeListContract, inventoryListContract } from '@enamel/contracts';

/** Whole list rows for test fixtures, as the API sends them (the fixture stub checks them against their contract). */
export function practiceRow(overrides: Partial<ListRow<typeof dentalPracticeListContract>> = {}): ListRow<typeof dentalPracticeListContract> {
  return {
    id: 1, name: 'Harbour Dental', code: 'HD', email: null, phone: null, address: null, time_zone: 'Europe/London', currency: 'GBP', status: 'active',
    created_at: '2026-01-05T09:00:00.000Z', ...overrides,
  };
}

export function inventoryRow(overrides: Partial<ListRow<typeof inventoryListContract>> = {}): ListRow<typeof inventoryListContract> {
  return {
    id: 1, dental_practice_id: 1, product_id: 1, product_name: 'Composite A2', sku: 'CMP-A2', gtin: null, brand_name: null, category_name: null,
    usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, tracks_lots: true, on_hand: '0.0000', on_hand_purchase_units: '0.00',
    value: '0.0000', nearest_expiry: null, nearest_expiry_state: null, reorder_point: '0.0000', par_level: '0.0000', location: null, status: 'active', stock_status: 'out',
    policy_mode: 'manual', suggested_reorder_point: null, suggested_order_up_to: null, suggested_at: null, effective_reorder_point: '0.0000', effective_order_up_to: '0.0000', suggestion: null, ...overrides,
  };
}
