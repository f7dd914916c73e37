import { useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { DOUBLE_CLICK_MS } from './constants.ts';

const INTERACTIVE = 'button, a, input, select, textarea, label, [role="button"], [role="checkbox"], [data-no-row-open]';

/** Opening a row: a double click within DOUBLE_CLICK_MS (not on a control inside it), or Enter on the focused row. */
export function useRowOpen<Row extends { id: number | string }>(onRowOpen?: (row: Row) => void) {
  const lastClick = useRef<{ id: string; at: number } | null>(null);
  const onRowClick = (row: Row) => (event: MouseEvent<HTMLElement>) => {
    if (!onRowOpen || (event.target as HTMLElement).closest(INTERACTIVE)) return;
    const now = Date.now();
    const id = String(row.id);
    const previous = lastClick.current;
    if (previous && previous.id === id && now - previous.at <= DOUBLE_CLICK_MS) {
      lastClick.current = null;
      onRowOpen(row);
    } else {
      lastClick.current = { id, at: now };
    }
  };
  const onRowKey = (row: Row) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && onRowOpen && event.target === event.currentTarget) {
      event.preventDefault();
      onRowOpen(row);
    }
  };
  return { onRowClick, onRowKey };
}
