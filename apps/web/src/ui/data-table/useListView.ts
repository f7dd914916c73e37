import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { ColumnFilter } from '@enamel/contracts';
import { applyChange, readView, writeView, type ChangeType } from './state.ts';
import type { ResolvedColumn, SortState } from './types.ts';

export type ViewPatch = { page?: number; sort?: SortState | null; search?: string; filters?: ColumnFilter[] };

/**
 * The list view a user can share (page, sort, search, filters), read from and written to the URL's search
 * params; `changeType` says what the last change was (the lists' `change_type`, docs/client-contract.md#lists).
 */
export function useListView<Row>(columns: ResolvedColumn<Row>[], defaultSort: SortState | undefined) {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => readView(searchParams, columns, defaultSort), [searchParams, columns, defaultSort]);
  const changeType = useRef<ChangeType>('page');
  const change = useCallback(
    (type: ChangeType, patch: ViewPatch = {}) => {
      changeType.current = type;
      setSearchParams((current) => writeView(current, applyChange(readView(current, columns, defaultSort), { type, ...patch }), defaultSort), { replace: true });
    },
    [setSearchParams, columns, defaultSort],
  );
  return { view, change, changeType };
}
