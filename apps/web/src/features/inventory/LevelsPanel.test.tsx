import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { servePerTest } from '../../../test/http.ts';
import { inventoryRow } from '../../../test/list-rows.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { api } from '../../core/api.ts';
import { LevelsPanel } from './LevelsPanel.tsx';

const figures = {
  run_id: 42, run_date: '2026-03-02', distribution: 'normal' as const, lead_time_days: 14, lead_time_source: 'offer' as const, review_period_days: 7, service_level: 0.95,
  mean_lead_time_demand: 20, mean_cycle_demand: 30, safety_stock: 4.6523, fallback: null,
};

describe('LevelsPanel', () => {
  const serve = servePerTest(api);

  it('shows typed, suggested and in-use levels with the figures, and applies the suggestion to this inventory', async () => {
    const http = serve({ 'POST /api/inventory/apply-suggestions': () => ({ status: 200, data: { success: true, data: { changed: 1, skipped: 0 } } }) });
    const inventory = inventoryRow({
      id: 7, dental_practice_id: 3, reorder_point: '10.0000', par_level: '20.0000', suggested_reorder_point: '24.6523', suggested_order_up_to: '34.6523',
      effective_reorder_point: '10.0000', effective_order_up_to: '20.0000', suggestion: figures,
    });
    renderRoutes([{ path: '/', element: <LevelsPanel inventory={inventory} canUpdate /> }], '/');
    const row = await screen.findByTestId('levels-reorder-point');
    expect(row.querySelector('[data-testid="levels-typed"]')!.textContent).toContain('10');
    expect(row.querySelector('[data-testid="levels-suggested"]')!.textContent).toContain('24.6523');
    const shown = screen.getByTestId('levels-figures').textContent;
    for (const text of ['Safety stock', '4.6523', '95%', '14 days · preferred offer', '7 days', '#42']) expect(shown).toContain(text);
    fireEvent.click(screen.getByTestId('levels-apply'));
    await waitFor(() => expect(http.calls.find((c) => c.method === 'POST')?.data).toEqual({ dental_practice_id: 3, inventory_ids: [7], mode: 'copy' }));
  });

  it('shows the product’s own service level beside the practice’s when the cost-aware share-out moved it', async () => {
    serve({});
    const inventory = inventoryRow({ suggested_reorder_point: '21.0000', suggested_order_up_to: '31.0000', suggestion: { ...figures, service_level: 0.712, practice_service_level: 0.95 } });
    renderRoutes([{ path: '/', element: <LevelsPanel inventory={inventory} canUpdate /> }], '/');
    expect((await screen.findByTestId('levels-figures')).textContent).toContain('71.2% (practice 95%)');
  });

  it('says why there is no suggestion, and cannot apply one', async () => {
    serve({});
    const inventory = inventoryRow({ suggestion: { ...figures, fallback: 'too_little_history', mean_lead_time_demand: null, mean_cycle_demand: null, safety_stock: null } });
    renderRoutes([{ path: '/', element: <LevelsPanel inventory={inventory} canUpdate /> }], '/');
    expect((await screen.findByTestId('levels-fallback')).getAttribute('data-reason')).toBe('too_little_history');
    expect(screen.queryByTestId('levels-figures')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('levels-apply').disabled).toBe(true);
  });
});
