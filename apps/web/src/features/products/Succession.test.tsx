import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@enamel/contracts';
import { servePerTest } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ability } from '../../core/abilities.ts';
import { api } from '../../core/api.ts';
import type { ProductRow } from './product.api.ts';
import { ProductSuccessionSection } from './ProductSuccessionSection.tsx';
import { ReplaceWithModal } from './ReplaceWithModal.tsx';
import { successionBody } from './SuccessionFields.tsx';

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() } });
}

const hit = { id: 8, name: 'Composite A2, 8 g', sku: 'CMP-8', gtin: null, brand_name: null, usage_unit: 'syringe', purchase_unit: 'box', units_per_purchase_unit: 5, unit_cost: '12', tracks_lots: false, status: 'active' };

describe('successionBody', () => {
  it('sends the successor with its day and factor, or a null successor alone', () => {
    expect(successionBody({ successor: { id: 8, name: 'x', sku: 'X' }, succession_date: '2026-03-01', succession_factor: 0.5 })).toEqual({ successor_id: 8, succession_date: '2026-03-01', succession_factor: '0.5' });
    expect(successionBody({ successor: null, succession_date: '2026-03-01', succession_factor: 2 })).toEqual({ successor_id: null });
  });
});

describe('Replace with…', () => {
  const serve = servePerTest(api, {
    // The product itself is never offered as its own successor.
    'GET /api/product/search': () => ({ status: 200, data: { data: [{ ...hit, id: 4, name: 'Composite A2, 4 g' }, hit], barcode: null } }),
  });

  it('picks a successor by search, keeps today and 1 unless changed, and sends them', async () => {
    const http = serve({ 'POST /api/product/4/successor': () => ({ status: 200, data: { success: true, data: { id: 4 } } }) });
    let closed = false;
    const product = { id: 4, name: 'Composite A2, 4 g', usage_unit: 'syringe' } as ProductRow;
    renderRoutes([{ path: '/', element: <ReplaceWithModal product={product} onClose={() => (closed = true)} /> }], '/');
    fireEvent.change(await screen.findByTestId('succession-picker'), { target: { value: 'composite' } });
    const options = await screen.findAllByTestId('succession-picker-option');
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('Composite A2, 8 g')]);
    fireEvent.click(options[0]!);
    expect((await screen.findByTestId('succession-successor')).textContent).toContain('Composite A2, 8 g');
    expect(screen.getByText('1 syringe of this product = 1 syringe of the successor')).toBeTruthy();
    fireEvent.click(screen.getByTestId('replace-with-submit'));
    await waitFor(() => expect(closed).toBe(true));
    expect(http.calls.find((c) => c.method === 'POST')?.data).toEqual({ successor_id: 8, succession_date: new Date().toISOString().slice(0, 10), succession_factor: '1' });
  });
});

describe('ProductSuccessionSection', () => {
  afterEach(() => ability.update([]));
  const product = {
    id: 4, name: 'Composite A2, 4 g',
    succession: {
      successor: { id: 8, name: 'Composite A2, 8 g', sku: 'CMP-8', usage_unit: 'syringe', status: 'active' }, succession_date: '2026-03-01', succession_factor: '0.500000',
      predecessors: [{ id: 2, name: 'Composite A2, 2 g', sku: 'CMP-2', usage_unit: 'syringe', status: 'inactive', succession_date: '2025-01-01', succession_factor: '2.000000' }],
      templates_count: 3,
    },
  } as ProductDetail;

  it('shows whom the product is replaced by and whom it replaces, each a link, and offers the template switch to those who edit templates', async () => {
    ability.update([{ action: 'update', subject: 'ProcedureTemplate' }]);
    const opened: number[] = [];
    renderRoutes([{ path: '/', element: <ProductSuccessionSection product={product} onOpen={(id) => opened.push(id)} /> }], '/');
    expect((await screen.findByTestId('product-replaced-by')).textContent).toBe('Replaced by Composite A2, 8 g from Mar 1, 2026');
    expect(screen.getByTestId('product-replaces').textContent).toBe('Replaces Composite A2, 2 g (from Jan 1, 2025)');
    fireEvent.click(screen.getByTestId('product-successor-link'));
    fireEvent.click(screen.getByTestId('product-predecessor-link'));
    expect(opened).toEqual([8, 2]);
    expect(screen.getByTestId('product-switch-templates').textContent).toBe('Switch 3 templates to Composite A2, 8 g');
  });

  it('has no switch for a reader who may not edit templates', async () => {
    renderRoutes([{ path: '/', element: <ProductSuccessionSection product={product} onOpen={() => undefined} /> }], '/');
    await screen.findByTestId('product-replaced-by');
    expect(screen.queryByTestId('product-switch-templates')).toBeNull();
  });
});
