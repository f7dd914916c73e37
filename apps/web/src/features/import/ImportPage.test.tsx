import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubHttp } from '../../../test/http.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ability } from '../../core/abilities.ts';
import { api } from '../../core/api.ts';
import { ImportPage } from './ImportPage.tsx';
import type { ImportJob } from './import.api.ts';

const job = (over: Partial<ImportJob>): ImportJob => ({
  id: '6f1c7a52-3f7e-4a57-9a36-1f6a0c1f0e01',
  kind: 'product',
  status: 'queued',
  stage: 'validate',
  file_name: 'products.csv',
  format: 'csv',
  file_size: 1200,
  rows_read: 0,
  valid_rows: 0,
  invalid_rows: 0,
  error_count: 0,
  progress: 0,
  created: 0,
  updated: 0,
  unknown_columns: [],
  missing_columns: [],
  errors: [],
  failure: null,
  created_at: '2026-11-22T23:00:00.000Z',
  finished_at: null,
  ...over,
});

describe('ImportPage', () => {
  let restore: () => void = () => undefined;
  beforeEach(() => ability.update([{ action: 'import', subject: 'Product' }, { action: 'import', subject: 'Brand' }]));
  afterEach(() => {
    restore();
    ability.update([]);
  });

  it('offers only the kinds the user may import, with their templates', () => {
    restore = stubHttp(api, {}).restore;
    renderRoutes([{ path: '/', element: <ImportPage /> }], '/');
    expect(screen.getByText('Brands')).toBeTruthy();
    expect(screen.getByText('Products')).toBeTruthy();
    expect(screen.queryByText('Procedure codes')).toBeNull();
    expect(screen.getByText('CSV template').closest('a')!.getAttribute('href')).toBe('/api/import/template/brand?format=csv');
  });

  it('uploads, follows the check, shows the errors and imports the valid rows', async () => {
    const states = [
      job({ status: 'running', progress: 40, rows_read: 2 }),
      job({
        status: 'succeeded', progress: 100, rows_read: 3, valid_rows: 2, invalid_rows: 1, error_count: 1, unknown_columns: ['colour'],
        errors: [{ row: 3, column: 'gtin', message: 'This is not a valid GTIN.' }],
      }),
    ];
    let polls = 0;
    const http = stubHttp(api, {
      'GET /api/csrf-cookie': () => ({ status: 204 }),
      'POST /api/product/import': () => ({ status: 202, data: { success: true, data: job({}) } }),
      'GET /api/import/6f1c7a52-3f7e-4a57-9a36-1f6a0c1f0e01': () => {
        if (polls < 2) return { status: 200, data: { success: true, data: states[Math.min(polls++, 1)] } };
        return { status: 200, data: { success: true, data: job({ status: 'succeeded', stage: 'write', progress: 100, rows_read: 3, valid_rows: 2, invalid_rows: 1, created: 2 }) } };
      },
      'POST /api/import/6f1c7a52-3f7e-4a57-9a36-1f6a0c1f0e01/commit': () => ({ status: 202, data: { success: true, data: job({ status: 'queued', stage: 'write' }) } }),
    });
    restore = http.restore;
    renderRoutes([{ path: '/', element: <ImportPage /> }], '/');
    fireEvent.click(screen.getByText('Products'));
    const file = new File(['sku,name\n'], 'products.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } });

    await waitFor(() => expect(screen.getByTestId('import-errors')).toBeTruthy(), { timeout: 4000 });
    expect(screen.getByText('This is not a valid GTIN.')).toBeTruthy();
    expect(screen.getByText(/colour/)).toBeTruthy();
    expect(screen.getByText('Download the error report (CSV)').closest('a')!.getAttribute('href')).toBe('/api/import/6f1c7a52-3f7e-4a57-9a36-1f6a0c1f0e01/errors.csv');
    expect(http.calls.find((c) => c.url === '/api/product/import')!.data).toBeInstanceOf(FormData);

    fireEvent.click(screen.getByText('Import 2 valid rows'));
    await waitFor(() => expect(screen.getByTestId('import-result').textContent).toContain('2 created'), { timeout: 4000 });
    expect(http.calls.some((c) => c.method === 'POST' && c.url.endsWith('/commit') && (c.data as { mode: string }).mode === 'valid')).toBe(true);
  });

  it('shows the server message of a refused file', async () => {
    restore = stubHttp(api, {
      'GET /api/csrf-cookie': () => ({ status: 204 }),
      'POST /api/brand/import': () => ({ status: 415, data: { code: 'unsupported_media_type', message: 'This file type is not supported: upload a CSV or XLSX file.' } }),
    }).restore;
    renderRoutes([{ path: '/', element: <ImportPage /> }], '/');
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [new File(['%PDF'], 'x.pdf')] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('not supported'));
  });

  it('says so when the user may import nothing', () => {
    ability.update([]);
    restore = stubHttp(api, {}).restore;
    renderRoutes([{ path: '/', element: <ImportPage /> }], '/');
    expect(screen.getByText(/may not import anything/)).toBeTruthy();
  });
});
