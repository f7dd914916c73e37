import { describe, expect, it } from 'vitest';
import { amendment, procedureValues, recordBody } from './procedure-form-values.ts';
import type { ProcedureDetail } from './procedure.api.ts';

const SAVED: ProcedureDetail = {
  id: 42, dental_practice_id: 3, performed_at: '2026-11-20T10:00:00.000Z', procedure_code_id: 7, procedure_code: 'D2391', procedure_code_name: 'Resin composite',
  procedure_template_id: 5, template_name: 'Filling kit', provider: 'Dr Okafor', status: 'completed', items_count: 1, consumable_cost: '1', notes: null, movements: [], location_id: null, location_name: null,
  items: [{ id: 5, product_id: 11, product_name: 'Composite A2', sku: 'CMP-A2', usage_unit: 'each', quantity: '2.0000', cost: '1', unit_cost: '0.5000', on_hand: '9.0000', lots: [] }],
};

describe('procedure form values', () => {
  it('loads a saved procedure with its lines’ unit cost and on-hand', () => {
    expect(procedureValues(SAVED).items).toEqual([{ product_id: 11, name: 'Composite A2', sku: 'CMP-A2', usage_unit: 'each', unit_cost: '0.5000', on_hand: '9.0000', quantity: 2 }]);
  });

  it('amends only what changed: nothing, a provider, or the items', () => {
    const before = procedureValues(SAVED);
    expect(amendment(before, { ...before })).toEqual({});
    expect(amendment(before, { ...before, items: [{ ...before.items[0]!, quantity: '2.0' }] })).toEqual({});
    expect(amendment(before, { ...before, provider: ' Dr Root ' })).toEqual({ provider: 'Dr Root' });
    expect(amendment(before, { ...before, provider: '' })).toEqual({ provider: null });
    expect(amendment(before, { ...before, items: [{ ...before.items[0]!, quantity: 3 }] })).toEqual({ items: [{ product_id: 11, quantity: '3' }] });
    expect(amendment(before, { ...before, procedure_template_id: null, status: 'planned' })).toEqual({ procedure_template_id: null, status: 'planned' });
  });

  it('records the whole procedure for the selected practice', () => {
    const body = recordBody({ ...procedureValues(SAVED), notes: '  ' }, 3);
    expect(body).toMatchObject({ dental_practice_id: 3, procedure_code_id: 7, procedure_template_id: 5, provider: 'Dr Okafor', status: 'completed', notes: null, items: [{ product_id: 11, quantity: '2' }] });
  });
});
