import { useCallback, useState } from 'react';
import { loadPrefs, savePrefs, type TablePrefs } from './prefs.ts';

/** A table's page size, column choice and widths, kept in local storage under its id. */
export function useTablePrefs(tableId: string) {
  const [prefs, setPrefsState] = useState<TablePrefs>(() => loadPrefs(tableId));
  const setPrefs = useCallback(
    (update: (previous: TablePrefs) => TablePrefs) => {
      setPrefsState((previous) => {
        const next = update(previous);
        savePrefs(tableId, next);
        return next;
      });
    },
    [tableId],
  );
  return [prefs, setPrefs] as const;
}
export type SetPrefs = ReturnType<typeof useTablePrefs>[1];
