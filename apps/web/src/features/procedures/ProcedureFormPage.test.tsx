import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubHttp, type Handler } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { api } from '../../core/api.ts';
import { clearSelectedPractice, setSelectedPractice } from '../../core/practice.ts';
import { ProcedureFormPage } from './ProcedureFormPage.tsx';

// Textarea autosize listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() } });
}

const ROUTES: Record<string, Handler> = {
  'GET /api/procedure-code/all': () => ({ status: 200, data: { data: [{ id: 7, code: 'D2391', name: 'Resin composite, one surface', category: 'restorative', status: 'active' }] } }),
  'GET /api/admin/list/procedures-templates': () => ({
    status: 200,
    data: { data: [{ id: 5, name: 'Filling kit', procedure_code_id: 7, procedure_code: 'D2391', procedure_code_name: 'Resin composite', items_count: 1, consumable_cost: '1.5', status: 'active', created_at: '2026-01-05T09:00:00.000Z' }], meta: {} },
  }),
  'GET /api/procedure/template-lines': () => templateLines('2.0000'),
};

function templateLines(onHand: string) {
  return { status: 200, data: { success: true, data: { procedure_template_id: 5, items: [{ product_id: 11, product_name: 'Composite A2', sku: 'CMP-A2', usage_unit: 'each', quantity: '3.0000', unit_cost: '0.5000', on_hand: onHand }] } } };
}

const SAVED = {
  id: 42, dental_practice_id: 3, performed_at: '2026-11-20T10:00:00.000Z', procedure_code_id: 7, procedure_code: 'D2391', procedure_code_name: 'Resin composite, one surface',
  procedure_template_id: 5, template_name: 'Filling kit', provider: 'Dr Okafor', status: 'planned', items_count: 1, consumable_cost: '0', notes: null, movements: [],
  items: [{ id: 5, product_id: 11, product_name: 'Composite A2', sku: 'CMP-A2', usage_unit: 'each', quantity: '3.0000', cost: '0', unit_cost: '0.5000', on_hand: '9.0000', lots: [] }],
};

describe('ProcedureFormPage', () => {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    Cookies.set('XSRF-TOKEN', 't');
  });
  afterEach(() => {
    // Unmounted first: clearing the practice while an edit is on screen would send it back to the list.
    cleanup();
    restore();
    clearSelectedPractice();
  });

  it('asks for a practice when none is selected', async () => {
    clearSelectedPractice();
    restore = stubHttp(api, ROUTES).restore;
    renderRoutes([{ path: '/p', element: <ProcedureFormPage /> }], '/p');
    expect(await screen.findByTestId('no-practice')).toBeTruthy();
  });

  it('copies the template lines with their on-hand in one request, warns about a shortfall before saving and records the procedure in one request', async () => {
    setSelectedPractice({ id: 3, name: 'Harbour Dental' });
    const http = stubHttp(api, { ...ROUTES, 'POST /api/procedure/create': () => ({ status: 201, data: { success: true, data: SAVED } }) });
    restore = http.restore;
    const { router } = renderRoutes(
      [
        { path: '/admin/procedures/create', element: <ProcedureFormPage /> },
        { path: '/admin/procedures/:id', element: <p>procedure detail</p> },
      ],
      '/admin/procedures/create',
    );
    expect(await screen.findByTestId('procedure-items-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('procedure-code'));
    fireEvent.click(await screen.findByRole('option', { name: 'D2391 · Resin composite, one surface', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('procedure-template').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('procedure-template'));
    fireEvent.click(await screen.findByRole('option', { name: 'Filling kit', hidden: true }));

    await waitFor(() => expect(screen.getAllByTestId('procedure-item')).toHaveLength(1));
    expect(screen.getByTestId<HTMLInputElement>('procedure-item-quantity').value).toBe('3');
    expect(screen.getByTestId('procedure-total').textContent).toBe('$1.50');
    expect(screen.getByTestId('procedure-item-on-hand').textContent).toBe('2\u00a0each');
    expect(screen.getByTestId('procedure-shortfall').textContent).toContain('Composite A2: 3 needed, 2 available (1 each short)');
    expect(http.calls.filter((c) => c.url.startsWith('/api/procedure/template-lines')).map((c) => c.url)).toEqual(['/api/procedure/template-lines']);
    expect(http.calls.some((c) => c.url.includes('inventor') || c.url.startsWith('/api/procedure-template/'))).toBe(false);

    // Saving asks first; "Save anyway" sends the items.
    fireEvent.click(screen.getByTestId('procedure-submit'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/procedures/42'));
    const writes = http.calls.filter((c) => c.method !== 'GET');
    expect(writes).toHaveLength(1);
    const post = writes[0];
    expect(post?.data).toMatchObject({ dental_practice_id: 3, procedure_code_id: 7, procedure_template_id: 5, status: 'completed', provider: null, items: [{ product_id: 11, quantity: '3' }] });
    expect(typeof (post?.data as { performed_at: string }).performed_at).toBe('string');
  }, 30_000);

  it('shows the server 409 shortfall message', async () => {
    setSelectedPractice({ id: 3, name: 'Harbour Dental' });
    const http = stubHttp(api, {
      ...ROUTES,
      'GET /api/procedure/template-lines': () => templateLines('50.0000'),
      'POST /api/procedure/create': () => ({ status: 409, data: { code: 'conflict', message: 'Not enough Composite A2 in stock: 1 more needed (2 available).' } }),
    });
    restore = http.restore;
    renderRoutes([{ path: '/p', element: <ProcedureFormPage /> }], '/p');
    fireEvent.click(await screen.findByTestId('procedure-code'));
    fireEvent.click(await screen.findByRole('option', { name: 'D2391 · Resin composite, one surface', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('procedure-template').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('procedure-template'));
    fireEvent.click(await screen.findByRole('option', { name: 'Filling kit', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('procedure-item-on-hand').textContent).toBe('50\u00a0each'));
    expect(screen.queryByTestId('procedure-shortfall')).toBeNull();
    fireEvent.click(screen.getByTestId('procedure-submit'));
    expect((await screen.findByTestId('procedure-form-error')).textContent).toBe('Not enough Composite A2 in stock: 1 more needed (2 available).');
  }, 30_000);

  it('loads an edit in one request and saves it with one amend request carrying only what changed', async () => {
    setSelectedPractice({ id: 3, name: 'Harbour Dental' });
    const http = stubHttp(api, {
      ...ROUTES,
      'GET /api/procedure/42': () => ({ status: 200, data: { success: true, data: SAVED } }),
      'PATCH /api/procedure/42': () => ({ status: 200, data: { success: true, data: { ...SAVED, provider: 'Dr Root' } } }),
    });
    restore = http.restore;
    const { router } = renderRoutes(
      [
        { path: '/admin/procedures/edit/:id', element: <ProcedureFormPage /> },
        { path: '/admin/procedures/:id', element: <p>procedure detail</p> },
      ],
      '/admin/procedures/edit/42',
    );
    await waitFor(() => expect(screen.getByTestId('procedure-item-on-hand').textContent).toBe('9\u00a0each'));
    expect(screen.getByTestId('procedure-total').textContent).toBe('$1.50');
    fireEvent.change(screen.getByTestId('procedure-provider'), { target: { value: 'Dr Root' } });
    fireEvent.click(screen.getByTestId('procedure-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/procedures/42'));
    const writes = http.calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => [c.method, c.url, c.data])).toEqual([['PATCH', '/api/procedure/42', { provider: 'Dr Root' }]]);
    expect(http.calls.filter((c) => c.url === '/api/procedure/42' && c.method === 'GET')).toHaveLength(1);
    expect(http.calls.some((c) => c.url.includes('inventor') || c.url.includes('search'))).toBe(false);
  }, 30_000);
});
