import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { servePerTest, type Handler } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { api } from '../../core/api.ts';
import { OfferFormModal } from './OfferFormModal.tsx';

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() } });
}

const OPTIONS: Record<string, Handler> = {
  'GET /api/supplier/all': () => ({ status: 200, data: { data: [{ id: 3, name: 'Northdent', currency: 'GBP', lead_time_days: 5, status: 'active' }] } }),
};

describe('OfferFormModal', () => {
  const serve = servePerTest(api, OPTIONS);

  it('prices in the supplier’s currency, refuses a zero pack before sending, shows the server’s verdict under the field, and sends exact decimals', async () => {
    let attempt = 0;
    const http = serve({
      'POST /api/supplier-offer/create': () => {
        attempt += 1;
        return attempt === 1
          ? { status: 422, data: { code: 'validation_failed', message: 'Invalid', errors: { product_id: ['This product is deactivated: restore it first.'] } } }
          : { status: 201, data: { success: true, data: { id: 11 } } };
      },
    });
    let closed = false;
    renderRoutes([{ path: '/', element: <OfferFormModal opened fixed={{ productId: 7, productName: 'Nitrile gloves M', supplierId: 3 }} onClose={() => (closed = true)} /> }], '/');
    expect((await screen.findByTestId('offer-product-name')).textContent).toBe('Nitrile gloves M');
    // The price is per purchase unit, in the supplier's currency; an empty lead time is the supplier's.
    expect(await screen.findByText('Per box, in GBP.')).toBeTruthy();
    expect(screen.getByText("Empty: the supplier's 5 days.")).toBeTruthy();

    fireEvent.change(screen.getByTestId('offer-units-per-purchase-unit'), { target: { value: '0' } });
    fireEvent.change(screen.getByTestId('offer-price'), { target: { value: '79.9' } });
    fireEvent.click(screen.getByTestId('offer-submit'));
    await waitFor(() => expect(screen.getByTestId('offer-units-per-purchase-unit').getAttribute('aria-invalid')).toBe('true'));
    expect(http.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('offer-units-per-purchase-unit'), { target: { value: '1000' } });
    fireEvent.change(screen.getByTestId('offer-lead-time'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('offer-preferred'));
    fireEvent.click(screen.getByTestId('offer-submit'));
    // A verdict on the product, which this dialog shows as text, still shows under it.
    expect((await screen.findByTestId('offer-product-error')).textContent).toBe('This product is deactivated: restore it first.');
    expect(closed).toBe(false);

    fireEvent.click(screen.getByTestId('offer-submit'));
    await waitFor(() => expect(closed).toBe(true));
    expect(http.calls.filter((c) => c.method === 'POST')[1]?.data).toEqual({
      supplier_id: 3, product_id: 7, supplier_sku: null, purchase_unit: 'box', units_per_purchase_unit: '1000', price: '79.9', minimum_order_quantity: 1,
      lead_time_days: 3, preferred: true, currency: 'GBP',
    });
  }, 20_000);
});
