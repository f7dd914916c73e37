import { useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import type { TablePrefs } from './prefs.ts';
import type { DataTableColumn } from './types.ts';
import type { SetPrefs } from './useTablePrefs.ts';

/** Column widths: dragged or set with the arrow keys on a header's handle, kept in the table's preferences. */
export function useColumnWidths<Row>(prefs: TablePrefs, setPrefs: SetPrefs) {
  const [liveWidths, setLiveWidths] = useState<Record<string, number>>({});
  const widthOf = (column: DataTableColumn<Row>) => liveWidths[column.field] ?? prefs.widths[column.field] ?? column.width;
  const clampWidth = (column: DataTableColumn<Row>, width: number) => Math.round(Math.min(column.maxWidth ?? 2000, Math.max(column.minWidth ?? 48, width)));
  const saveWidth = (column: DataTableColumn<Row>, width: number) => {
    setLiveWidths((w) => {
      const next = { ...w };
      delete next[column.field];
      return next;
    });
    setPrefs((p) => ({ ...p, widths: { ...p.widths, [column.field]: clampWidth(column, width) } }));
  };
  const startResize = (column: DataTableColumn<Row>) => (event: ReactPointerEvent<HTMLElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const th = event.currentTarget.closest('th');
    const startWidth = th?.getBoundingClientRect().width || widthOf(column) || 150;
    const startX = event.clientX;
    let width = startWidth;
    const move = (e: PointerEvent) => {
      width = clampWidth(column, startWidth + e.clientX - startX);
      setLiveWidths((w) => ({ ...w, [column.field]: width }));
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      saveWidth(column, width);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const keyResize = (column: DataTableColumn<Row>) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const th = event.currentTarget.closest('th');
    const current = widthOf(column) ?? (th?.getBoundingClientRect().width || 150);
    saveWidth(column, current + (event.key === 'ArrowRight' ? 10 : -10));
  };
  return { widthOf, startResize, keyResize };
}
