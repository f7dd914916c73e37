import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubHttp } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ability } from '../../core/abilities.ts';
import { api } from '../../core/api.ts';
import { clearSelectedPractice, setSelectedPractice } from '../../core/practice.ts';
import { ProcedureDetailPage } from './ProcedureDetailPage.tsx';
import type { ProcedureDetail } from './procedure.api.ts';

const PLANNED: ProcedureDetail = {
  id: 42, dental_practice_id: 3, performed_at: '2026-11-20T10:00:00.000Z', procedure_code_id: 7, procedure_code: 'D2391', procedure_code_name: 'Resin composite, one surface',
  procedure_template_id: null, template_name: null, provider: 'Dr Okafor', status: 'planned', items_count: 1, consumable_cost: '0', notes: null, movements: [], location_id: null, location_name: null,
  items: [{ id: 5, product_id: 11, product_name: 'Composite A2', sku: 'CMP-A2', usage_unit: 'each', quantity: '2.0000', cost: '0', unit_cost: '0.5000', on_hand: '9.0000', lots: [] }],
};

describe('ProcedureDetailPage', () => {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    Cookies.set('XSRF-TOKEN', 't');
    setSelectedPractice({ id: 3, name: 'Harbour Dental' });
    ability.update([{ action: 'read', subject: 'Procedure' }, { action: 'update', subject: 'Procedure' }]);
  });
  afterEach(() => {
    // Unmounted first: clearing the practice while a procedure is on screen would send it back to the list.
    cleanup();
    restore();
    clearSelectedPractice();
    ability.update([]);
  });

  it('completes a planned procedure with one request: the complete command, whose answer is shown without reading the procedure again', async () => {
    const http = stubHttp(api, {
      'GET /api/procedure/42': () => ({ status: 200, data: { success: true, data: PLANNED } }),
      'POST /api/procedure/complete/42': () => ({ status: 200, data: { success: true, data: { ...PLANNED, status: 'completed', consumable_cost: '1.0000' } } }),
    });
    restore = http.restore;
    renderRoutes([{ path: '/admin/procedures/:id', element: <ProcedureDetailPage /> }], '/admin/procedures/42');
    fireEvent.click(await screen.findByTestId('procedure-complete'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(screen.getByTestId('procedure-status-badge').getAttribute('data-status')).toBe('completed'));
    const posts = http.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url)).toEqual(['/api/procedure/complete/42']);
    expect(posts[0]!.data).toBeUndefined();
    expect(screen.getByTestId('procedure-cost').textContent).toBe('$1.00');
    expect(http.calls.filter((c) => c.url === '/api/procedure/42')).toHaveLength(1);
  }, 30_000);
});
