import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { servePerTest } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { api } from '../../core/api.ts';
import type { StockProductHit } from './inventory.api.ts';
import { ReceiveStockModal } from './ReceiveStockModal.tsx';

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() } });
}

const COMPOSITE: StockProductHit = {
  id: 11, name: 'Composite A2', sku: 'CMP-A2', gtin: '04006381333931', brand_name: null, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 50,
  unit_cost: '0.5000', tracks_lots: true, status: 'active', on_hand: '4.0000', inventory_id: 7,
};

/** The server's answer to a receipt. */
const received = () => ({ status: 200, data: { success: true, data: { id: 2 } } });

/** Renders the dialog for practice 3 and picks the composite by typing; `current` turns true when the dialog closes. */
async function renderAndPickComposite() {
  const closed = { current: false };
  renderRoutes([{ path: '/', element: <ReceiveStockModal opened practiceId={3} onClose={() => (closed.current = true)} /> }], '/');
  const picker = await screen.findByTestId('receive-product');
  fireEvent.focus(picker);
  fireEvent.change(picker, { target: { value: 'compo' } });
  fireEvent.click(await screen.findByText('Composite A2'));
  return closed;
}

describe('ReceiveStockModal', () => {
  const serve = servePerTest(api);

  it('fills product, lot and expiry from a scanned GS1 barcode, requires them for a lot-tracked product, and posts the receipt', async () => {
    const http = serve({
      'GET /api/inventory/product/search': (config) => {
        const q = String((config.params as { q: string }).q);
        const barcode = q.startsWith('(01)') ? { gtin: '04006381333931', lot: 'B-7', expiry: '2028-02-29', serial: null } : null;
        return { status: 200, data: { data: [COMPOSITE], barcode } };
      },
      'POST /api/inventory/receive': received,
    });
    // Picked by typing: lot and expiry stay empty and are required.
    const closed = await renderAndPickComposite();
    expect((await screen.findByTestId('stock-product-name')).textContent).toBe('Composite A2');
    expect(screen.getByTestId<HTMLInputElement>('receive-unit-cost').value).toBe('0.5');
    fireEvent.change(screen.getByTestId('receive-quantity'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('receive-submit'));
    expect(await screen.findByText('This product tracks lots: enter the lot number.')).toBeTruthy();
    expect(http.calls.some((c) => c.method === 'POST')).toBe(false);

    // A scan instead: the barcode's lot and expiry are filled in.
    fireEvent.click(screen.getByTestId('stock-product-change'));
    const again = await screen.findByTestId('receive-product');
    fireEvent.change(again, { target: { value: '(01)04006381333931(17)280200(10)B-7' } });
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('receive-lot').value).toBe('B-7'));
    expect(screen.getByTestId<HTMLInputElement>('receive-expiry').value).toBe('2028-02-29');
    expect(screen.getByTestId('receive-scanned').textContent).toContain('04006381333931');
    fireEvent.change(screen.getByTestId('receive-quantity'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('receive-submit'));
    await waitFor(() => expect(closed.current).toBe(true));
    expect(http.calls.find((c) => c.method === 'POST')?.data).toEqual({
      dental_practice_id: 3, product_id: 11, quantity: '2', unit: 'usage', unit_cost: '0.5', lot_number: 'B-7', expiry_date: '2028-02-29', reason: null,
    });
  }, 30_000);

  it('warns about a lot whose expiry date is past and posts it only once the user confirms', async () => {
    const http = serve({
      'GET /api/inventory/product/search': () => ({ status: 200, data: { data: [COMPOSITE], barcode: null } }),
      'POST /api/inventory/receive': received,
    });
    const closed = await renderAndPickComposite();
    fireEvent.change(screen.getByTestId('receive-quantity'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('receive-lot'), { target: { value: 'OLD-1' } });
    // The expiry typed as a person does: into the field (its calendar opens), then Enter and on to the next field.
    const expiry = await screen.findByTestId('receive-expiry');
    fireEvent.focus(expiry);
    fireEvent.change(expiry, { target: { value: '2026-03-01' } });
    fireEvent.keyDown(expiry, { key: 'Enter' });
    fireEvent.blur(expiry);
    expect(screen.getByTestId<HTMLInputElement>('receive-expiry').value).toBe('2026-03-01');
    expect(screen.getByTestId('receive-expired').textContent).toContain('Expired stock is never used by procedures');
    fireEvent.click(screen.getByTestId('receive-submit'));
    expect(await screen.findByText('Confirm that you are receiving an expired lot, or correct the expiry date.')).toBeTruthy();
    expect(http.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByTestId('receive-confirm-expired'));
    fireEvent.click(screen.getByTestId('receive-submit'));
    await waitFor(() => expect(closed.current).toBe(true));
    expect(http.calls.find((c) => c.method === 'POST')?.data).toMatchObject({ lot_number: 'OLD-1', expiry_date: '2026-03-01', confirm_expired: true });
  }, 30_000);
});
