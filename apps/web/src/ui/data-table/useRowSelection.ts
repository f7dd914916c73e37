import { useEffect, useRef, useState } from 'react';
import type { RowSelectionState, Updater } from '@tanstack/react-table';

/** The selected rows of the page; cleared (and reported empty) when `scope` — page, sort, filters, search, size — changes. */
export function useRowSelection<Row extends { id: number | string }>(scope: string, rows: Row[], onSelectionChange?: (rows: Row[]) => void) {
  const [selection, setSelection] = useState<{ scope: string; ids: RowSelectionState }>({ scope, ids: {} });
  const rowSelection = selection.scope === scope ? selection.ids : {};
  const notifiedCount = useRef(0);
  const onSelectionChangeRef = useRef(onSelectionChange);
  useEffect(() => {
    onSelectionChangeRef.current = onSelectionChange;
  });
  useEffect(() => {
    if (notifiedCount.current > 0) {
      notifiedCount.current = 0;
      onSelectionChangeRef.current?.([]);
    }
  }, [scope]);
  const onRowSelectionChange = (updater: Updater<RowSelectionState>) => {
    const next = typeof updater === 'function' ? updater(rowSelection) : updater;
    setSelection({ scope, ids: next });
    const selected = rows.filter((row) => next[String(row.id)]);
    notifiedCount.current = selected.length;
    onSelectionChange?.(selected);
  };
  return { rowSelection, onRowSelectionChange };
}
