import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { servePerTest } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { api } from '../../core/api.ts';
import type { ProductHit } from '../products/index.ts';
import { barcodeMatch } from '../products/index.ts';
import { ProcedureTemplateFormPage } from './ProcedureTemplateFormPage.tsx';

// Textarea autosize listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() } });
}

const GLOVES: ProductHit = {
  id: 7, name: 'Nitrile gloves M', sku: 'GLV-M', gtin: '04006381333931', brand_name: 'Nitrilon', usage_unit: 'each', purchase_unit: 'box',
  units_per_purchase_unit: 100, unit_cost: '0.1299', tracks_lots: false, status: 'active',
};
const NEEDLES: ProductHit = { ...GLOVES, id: 8, name: 'Needles 27G', sku: 'NDL-27', gtin: null, unit_cost: '0.35' };

describe('the template’s product picker', () => {
  it('matches a typed GTIN or a scanned GS1 barcode to its product, never plain text', () => {
    expect(barcodeMatch('4006381333931', [NEEDLES, GLOVES])).toBe(GLOVES);
    expect(barcodeMatch('(01)04006381333931(10)LOT7', [GLOVES])).toBe(GLOVES);
    expect(barcodeMatch('nitrile', [GLOVES])).toBeNull();
    expect(barcodeMatch('4006381333931', [NEEDLES])).toBeNull();
  });
});

describe('ProcedureTemplateFormPage', () => {
  const serve = servePerTest(api);

  it('picks products as the user types or scans, shows the consumable cost and sends quantities as decimal strings', async () => {
    const http = serve({
      'GET /api/procedure-code/all': () => ({ status: 200, data: { data: [{ id: 3, code: 'D0120', name: 'Periodic oral evaluation', category: 'diagnostic', status: 'active' }] } }),
      'GET /api/product/search': (config) => {
        const q = String((config.params as { q: string }).q);
        const hits = [GLOVES, NEEDLES].filter((p) => p.name.toLowerCase().includes(q.toLowerCase()) || (p.gtin ?? '').endsWith(q));
        return { status: 200, data: { data: hits, barcode: null } };
      },
      'POST /api/procedure-template/create': () => ({ status: 201, data: { success: true, data: { id: 1 } } }),
    });
    const { router } = renderRoutes(
      [
        { path: '/admin/procedure-templates/create', element: <ProcedureTemplateFormPage /> },
        { path: '/admin/list/procedure-templates', element: <p>templates list</p> },
      ],
      '/admin/procedure-templates/create',
    );
    expect(await screen.findByTestId('template-items-empty')).toBeTruthy();

    const picker = screen.getByTestId('product-picker');
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: 'nitrile' } });
    fireEvent.click(await screen.findByText('Nitrile gloves M'));
    await waitFor(() => expect(screen.getAllByTestId('template-item')).toHaveLength(1));
    expect(screen.getByTestId('template-total').textContent).toBe('$0.13');
    expect((picker as HTMLInputElement).value).toBe('');

    // A scanned GTIN picks its product by itself: the same product again is merged into its line.
    fireEvent.change(picker, { target: { value: '4006381333931' } });
    await waitFor(() => expect(screen.getByTestId('template-total').textContent).toBe('$0.26'));
    expect(screen.getAllByTestId('template-item')).toHaveLength(1);
    expect(screen.getByTestId<HTMLInputElement>('template-item-quantity').value).toBe('2');

    fireEvent.change(picker, { target: { value: 'needles' } });
    fireEvent.click(await screen.findByText('Needles 27G'));
    await waitFor(() => expect(screen.getAllByTestId('template-item')).toHaveLength(2));
    fireEvent.change(screen.getAllByTestId('template-item-quantity')[1]!, { target: { value: '0.5' } });
    await waitFor(() => expect(screen.getByTestId('template-total').textContent).toBe('$0.43'));

    // Removing a line takes its cost away.
    fireEvent.click(screen.getAllByTestId('template-item-remove')[1]!);
    await waitFor(() => expect(screen.getByTestId('template-total').textContent).toBe('$0.26'));

    fireEvent.change(screen.getByTestId('template-name'), { target: { value: 'Exam' } });
    fireEvent.click(screen.getByTestId('template-procedure-code'));
    fireEvent.click(await screen.findByRole('option', { name: 'D0120 · Periodic oral evaluation', hidden: true }));
    fireEvent.click(screen.getByTestId('template-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/list/procedure-templates'));
    const post = http.calls.find((c) => c.method === 'POST');
    expect(post?.data).toEqual({ name: 'Exam', procedure_code_id: 3, description: null, items: [{ product_id: 7, quantity: '2' }] });
  }, 20_000);

  it('refuses a zero quantity before sending', async () => {
    const http = serve({
      'GET /api/procedure-code/all': () => ({ status: 200, data: { data: [] } }),
      'GET /api/product/search': () => ({ status: 200, data: { data: [GLOVES], barcode: null } }),
    });
    renderRoutes([{ path: '/t', element: <ProcedureTemplateFormPage /> }], '/t');
    const picker = await screen.findByTestId('product-picker');
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: 'gl' } });
    fireEvent.click(await screen.findByText('Nitrile gloves M'));
    fireEvent.change(await screen.findByTestId('template-item-quantity'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('template-submit'));
    expect(await screen.findByText('Enter a quantity greater than zero.')).toBeTruthy();
    expect(http.calls.some((c) => c.method === 'POST')).toBe(false);
  }, 20_000);
});
