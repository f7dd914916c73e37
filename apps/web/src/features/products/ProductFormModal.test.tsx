import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { servePerTest, type Handler } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { api } from '../../core/api.ts';
import { barcodeSearch } from './ProductListPage.tsx';
import { ProductFormModal } from './ProductFormModal.tsx';

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() } });
}

const OPTIONS: Record<string, Handler> = {
  'GET /api/admin/list/brands': () => ({ status: 200, data: { data: [{ id: 2, name: 'Nitrilon', status: 'active' }], meta: {} } }),
  'GET /api/category/all': () => ({ status: 200, data: { data: [{ id: 5, name: 'Gloves', parent_id: 1, path: 'Infection control › Gloves', status: 'active' }] } }),
  'GET /api/product/unit-measurement': () => ({ status: 200, data: { data: ['each', 'box', 'carpule'] } }),
};

describe('barcodeSearch', () => {
  it('reads a GS1 barcode typed into the list search, and leaves words and plain numbers alone', () => {
    expect(barcodeSearch('(01)04006381333931(17)281130(10)LOT-1')).toEqual({ gtin: '04006381333931', lot: 'LOT-1', expiry: '2028-11-30', serial: null });
    expect(barcodeSearch('gloves')).toBeNull();
    expect(barcodeSearch('4006381333931')).toBeNull();
    expect(barcodeSearch('')).toBeNull();
  });
});

describe('ProductFormModal', () => {
  const serve = servePerTest(api, OPTIONS);

  it('computes the unit cost as the user types, hints at a bad GTIN check digit and refuses it before sending, shows the server verdict under the field, sends the price as a string', async () => {
    let attempt = 0;
    const http = serve({
      'POST /api/product/create': () => {
        attempt += 1;
        return attempt === 1
          ? { status: 422, data: { code: 'validation_failed', message: 'Invalid', errors: { gtin: ['This GTIN is already used by another product.'] } } }
          : { status: 201, data: { success: true, data: { id: 9 } } };
      },
    });
    let closed = false;
    renderRoutes([{ path: '/', element: <ProductFormModal opened onClose={() => (closed = true)} /> }], '/');
    fireEvent.change(await screen.findByTestId('product-name'), { target: { value: 'Articaine 4% 1:100 000' } });
    fireEvent.change(screen.getByTestId('product-sku'), { target: { value: 'ART-4' } });
    fireEvent.change(screen.getByTestId('product-gtin'), { target: { value: '4006381333932' } });
    expect(await screen.findByText('The check digit does not match: please check the number.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('product-units-per-purchase-unit'), { target: { value: '50' } });
    fireEvent.change(screen.getByTestId('product-purchase-price'), { target: { value: '45.5' } });
    await waitFor(() => expect(screen.getByTestId('product-unit-cost').textContent).toBe('$0.91 per each'));

    // The contract's schema refuses the check digit (the API's own message), and nothing is sent.
    fireEvent.click(screen.getByTestId('product-submit'));
    expect(await screen.findByText('This is not a valid GTIN/EAN barcode: check the digits.')).toBeTruthy();
    expect(screen.getByTestId('product-gtin').getAttribute('aria-invalid')).toBe('true');
    expect(http.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(closed).toBe(false);

    fireEvent.change(screen.getByTestId('product-gtin'), { target: { value: '4006381333931' } });
    await waitFor(() => expect(screen.queryByText('The check digit does not match: please check the number.')).toBeNull());
    // What only the server knows still shows under the field.
    fireEvent.click(screen.getByTestId('product-submit'));
    expect(await screen.findByText('This GTIN is already used by another product.')).toBeTruthy();
    expect(screen.getByTestId('product-gtin').getAttribute('aria-invalid')).toBe('true');
    expect(closed).toBe(false);

    fireEvent.click(screen.getByTestId('product-submit'));
    await waitFor(() => expect(closed).toBe(true));
    const posts = http.calls.filter((c) => c.method === 'POST');
    expect(posts[1]?.data).toEqual({
      name: 'Articaine 4% 1:100 000', sku: 'ART-4', gtin: '4006381333931', brand_id: null, category_id: null, usage_unit: 'each', purchase_unit: 'box',
      units_per_purchase_unit: 50, purchase_price: '45.5', tracks_lots: false, description: null, successor_id: null,
    });
  }, 20_000);
});
