import { PREFS_PREFIX } from './constants.ts';
import { validPageSize } from './state.ts';

/** What a user chose for one table, kept in local storage per tableId. */
export interface TablePrefs {
  /** field → visible; absent = the column's default (`!hide`). */
  visibility: Record<string, boolean>;
  /** field → width in px. */
  widths: Record<string, number>;
  pageSize: number;
}

export const prefsKey = (tableId: string) => `${PREFS_PREFIX}${tableId}`;

function record<T>(value: unknown, check: (v: unknown) => v is T): Record<string, T> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter((entry): entry is [string, T] => check(entry[1])));
}

export function loadPrefs(tableId: string): TablePrefs {
  let raw: unknown = null;
  try {
    raw = JSON.parse(localStorage.getItem(prefsKey(tableId)) ?? 'null');
  } catch {
    raw = null;
  }
  const obj = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    visibility: record(obj.visibility, (v): v is boolean => typeof v === 'boolean'),
    widths: record(obj.widths, (v): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0),
    pageSize: validPageSize(obj.pageSize),
  };
}

export function savePrefs(tableId: string, prefs: TablePrefs): void {
  try {
    localStorage.setItem(prefsKey(tableId), JSON.stringify(prefs));
  } catch {
    // Storage full or disabled: preferences simply do not persist.
  }
}
