import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { notificationsAnswerSchema } from '@enamel/contracts';
import { stubHttp } from '../../test/http.ts';
import { renderRoutes } from '../../test/render.tsx';
import { api } from '../core/api.ts';
import { NotificationsBell } from './NotificationsBell.tsx';

const answer = (read: boolean) =>
  notificationsAnswerSchema.parse({
    data: [{ id: 7, kind: 'low_stock', dental_practice_id: 3, title: 'Low stock: Nitrile gloves', body: '4 pair left.', link: '/admin/inventories/12', created_at: new Date().toISOString(), read_at: read ? new Date().toISOString() : null }],
    meta: { unread: read ? 0 : 1 },
  });

describe('NotificationsBell', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it('shows the unread count; opening a notification marks it read and goes to what it is about', async () => {
    let read = false;
    const http = stubHttp(api, {
      'GET /api/notifications': () => ({ status: 200, data: answer(read) }),
      'GET /api/csrf-cookie': () => ({ status: 204 }),
      'POST /api/notifications/read/7': () => {
        read = true;
        return { status: 200, data: { success: true, meta: { unread: 0 } } };
      },
    });
    restore = http.restore;
    renderRoutes([{ path: '/', element: <NotificationsBell /> }, { path: '/admin/inventories/:id', element: <p>inventory page</p> }], '/');
    await waitFor(() => expect(screen.getByTestId('notifications-count').getAttribute('data-count')).toBe('1'));
    fireEvent.click(screen.getByTestId('notifications-bell'));
    fireEvent.click(await screen.findByText('Low stock: Nitrile gloves'));
    await screen.findByText('inventory page');
    await waitFor(() => expect(http.calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /api/notifications/read/7'));
  });
});
