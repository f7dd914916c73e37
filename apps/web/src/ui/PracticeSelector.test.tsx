import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubHttp } from '../../test/http.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ability } from '../core/abilities.ts';
import { api } from '../core/api.ts';
import { PRACTICE_CHANGED_EVENT, PRACTICE_ID_KEY, reloadSelectedPractice, type PracticeChangedEvent } from '../core/practice.ts';
import { PracticeSelector } from './PracticeSelector.tsx';
import { practiceRow } from '../../test/list-rows.ts';

const page = (data: unknown[]) => ({ status: 200, data: { data, meta: { current_page: 1, last_page: 1, per_page: 100, total: data.length, from: 1, to: data.length }, links: {} } });

describe('PracticeSelector', () => {
  let restore: () => void = () => undefined;
  const events: unknown[] = [];
  const onChange = (event: Event) => events.push((event as PracticeChangedEvent).detail);

  beforeEach(() => {
    localStorage.clear();
    reloadSelectedPractice();
    events.length = 0;
    window.addEventListener(PRACTICE_CHANGED_EVENT, onChange);
    ability.update([{ action: 'read', subject: 'DentalPractice' }]);
  });
  afterEach(() => {
    restore();
    window.removeEventListener(PRACTICE_CHANGED_EVENT, onChange);
    ability.update([]);
  });

  it('selects the first visible practice and raises dental-practice-changed', async () => {
    const http = stubHttp(api, { 'GET /api/admin/list/dental-practices': () => page([practiceRow({ id: 4, name: 'Harbour Dental' })]) });
    restore = http.restore;
    renderRoutes([{ path: '/', element: <PracticeSelector /> }], '/');
    await waitFor(() => expect(localStorage.getItem(PRACTICE_ID_KEY)).toBe('4'));
    expect(events).toEqual([{ id: 4, name: 'Harbour Dental' }]);
    expect(http.calls[0]?.url).toBe('/api/admin/list/dental-practices');
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('practice-selector').value).toBe('Harbour Dental (HD)'));
  });

  it('shows a disabled "No practices yet" state when the list is empty', async () => {
    restore = stubHttp(api, { 'GET /api/admin/list/dental-practices': () => page([]) }).restore;
    renderRoutes([{ path: '/', element: <PracticeSelector /> }], '/');
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('practice-selector').placeholder).toBe('No practices yet'));
    expect(screen.getByTestId<HTMLInputElement>('practice-selector').disabled).toBe(true);
    expect(events).toEqual([]);
  });

  it('does not ask for practices the user may not read', async () => {
    ability.update([]);
    const http = stubHttp(api, {});
    restore = http.restore;
    renderRoutes([{ path: '/', element: <PracticeSelector /> }], '/');
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('practice-selector').disabled).toBe(true));
    expect(http.calls).toHaveLength(0);
  });
});
