import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { servePerTest } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { api } from '../../core/api.ts';
import type { PurchaseOrderDetail, PurchaseOrderLine } from './purchase-orders.api.ts';
import { ReceivePurchaseOrderModal } from './ReceivePurchaseOrderModal.tsx';

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() } });
}

const line = (over: Partial<PurchaseOrderLine>): PurchaseOrderLine => ({
  id: 1, product_id: 11, product_name: 'Composite A2', sku: 'CMP-A2', gtin: '04006381333931', usage_unit: 'each', tracks_lots: true, supplier_offer_id: 5, supplier_sku: 'DD-1',
  purchase_unit: 'box', units_per_purchase_unit: '50.0000', quantity: '10.0000', unit_price: '40.0000', line_total: '400.0000', received_quantity: '4.0000',
  outstanding_quantity: '6.0000', invoiced_unit_price: null, price_variance: null, returned_units: '0.0000', returnable_units: '200.0000', credit_expected: '0.0000', lots: [], ...over,
});

const order = (over: Partial<PurchaseOrderDetail> = {}): PurchaseOrderDetail => ({
  id: 9, number: 'PO-000009', status: 'partially_received', dental_practice_id: 3, dental_practice_name: 'North', practice_currency: 'USD', supplier_id: 2, supplier_name: 'Dental Depot',
  supplier_email: 'orders@depot.test', currency: 'USD', total: '520.0000', notes: null, expected_at: '2026-12-01', created_at: '2026-11-20T10:00:00Z', created_by: 1, submitted_by: 1,
  approved_by: null, approved_at: null, rejected_reason: null, sent_at: '2026-11-21T10:00:00Z', sent_to: 'orders@depot.test', received_at: null, cancelled_at: null, cancel_reason: null,
  approval_threshold: null, needs_approval: false, over_receipt_tolerance: '0.0000', credit_expected: '0.0000', budget: null,
  lines: [line({}), line({ id: 2, product_id: 12, product_name: 'Gloves M', sku: 'GLV-M', gtin: '05012345678900', tracks_lots: false, quantity: '3.0000', received_quantity: '0.0000', outstanding_quantity: '3.0000', unit_price: '40.0000' }), line({ id: 3, product_name: 'Bibs', received_quantity: '10.0000', outstanding_quantity: '0.0000' })],
  ...over,
});

describe('ReceivePurchaseOrderModal', () => {
  const serve = servePerTest(api);

  it('lists the lines still to come, fills lot and expiry of the scanned GS1 barcode’s line, and posts what arrived', async () => {
    const location = { id: 31, dental_practice_id: 3, name: 'Operatory 1', kind: 'operatory', sort_order: 10, is_main: false, status: 'active', products_count: 0, value: '0', created_at: '2026-11-01T09:00:00Z' };
    const http = serve({
      'POST /api/purchase-orders/9/receive': () => ({ status: 200, data: { success: true, data: order({ status: 'received' }) } }),
      'GET /api/admin/list/storage-locations': () => ({ status: 200, data: { data: [location], meta: { current_page: 1, last_page: 1, per_page: 100, total: 1, from: 1, to: 1 }, links: {} } }),
    });
    const received: PurchaseOrderDetail[] = [];
    renderRoutes([{ path: '/', element: <ReceivePurchaseOrderModal opened order={order()} onClose={() => undefined} onReceived={(o) => void received.push(o)} /> }], '/');
    // Only lines with something outstanding, prefilled with it.
    expect(await screen.findAllByTestId('po-receive-line')).toHaveLength(2);
    expect(screen.getAllByTestId<HTMLInputElement>('po-receive-quantity').map((i) => i.value)).toEqual(['6', '3']);

    const scan = screen.getByTestId('po-receive-scan');
    fireEvent.change(scan, { target: { value: '(01)09999999999999(10)X' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    expect(screen.getByTestId('po-receive-scanned').textContent).toBe('This barcode is not a product on this order.');

    fireEvent.change(scan, { target: { value: '(01)04006381333931(17)280200(10)B-7' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    await waitFor(() => expect(screen.getAllByTestId<HTMLInputElement>('po-receive-lot')[0]!.value).toBe('B-7'), { timeout: 8000 });
    await waitFor(async () => expect((await screen.findAllByTestId<HTMLInputElement>('po-receive-expiry'))[0]!.value).toBe('2028-02-29'), { timeout: 8000 });
    expect(screen.getByTestId('po-receive-scanned').textContent).toContain('Composite A2');
    expect(screen.getAllByTestId<HTMLInputElement>('po-receive-lot')[1]!.value).toBe('');

    fireEvent.change(screen.getAllByTestId('po-receive-quantity')[0]!, { target: { value: '2' } });
    fireEvent.change(screen.getAllByTestId('po-receive-invoiced')[0]!, { target: { value: '42' } });
    expect(screen.getByTestId('po-receive-variance').textContent).toContain('2.00');
    fireEvent.change(screen.getAllByTestId('po-receive-quantity')[1]!, { target: { value: '' } });
    // Put away in an operatory instead of the main store.
    await waitFor(() => expect(http.calls.some((c) => c.url.startsWith('/api/admin/list/storage-locations'))).toBe(true));
    fireEvent.click(screen.getByTestId('po-receive-location'));
    fireEvent.click(await screen.findByRole('option', { name: 'Operatory 1', hidden: true }));
    fireEvent.click(screen.getByTestId('po-receive-submit'));
    await waitFor(() => expect(received).toHaveLength(1));
    expect(http.calls.find((c) => c.method === 'POST')?.data).toEqual({
      lines: [{ line_id: 1, quantity: '2', lot_number: 'B-7', expiry_date: '2028-02-29', invoiced_unit_price: '42', unit_cost: null }],
      location_id: 31,
    });
  }, 30_000);

  it('asks for the unit cost in the practice’s currency when the order is in another, and shows the server’s refusal', async () => {
    serve({ 'POST /api/purchase-orders/9/receive': () => ({ status: 422, data: { message: 'The given data was invalid.', code: 'validation_failed', errors: { 'lines.0.quantity': ['Too much Gloves M: at most 3 box more can be received on this line.'] } } }) });
    renderRoutes([{ path: '/', element: <ReceivePurchaseOrderModal opened order={order({ currency: 'EUR', lines: [line({ id: 2, product_name: 'Gloves M', tracks_lots: false, outstanding_quantity: '3.0000' })] })} onClose={() => undefined} onReceived={() => undefined} /> }], '/');
    expect(await screen.findByTestId('po-receive-unit-cost')).toBeTruthy();
    fireEvent.change(screen.getByTestId('po-receive-quantity'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('po-receive-unit-cost'), { target: { value: '0.9' } });
    fireEvent.click(screen.getByTestId('po-receive-submit'));
    expect((await screen.findByTestId('po-receive-error')).textContent).toContain('at most 3 box');
  }, 30_000);
});
