import { useMemo } from 'react';
import type { ListColumnDeclaration, ListContract } from '@enamel/contracts';
import type { DataTableColumn, ResolvedColumn } from './types.ts';

/** The screen's columns with their contract's type and capabilities; a field that is no contract column is shown only. */
export function useResolvedColumns<Row>(list: ListContract, columns: DataTableColumn<Row>[]): ResolvedColumn<Row>[] {
  return useMemo(
    () =>
      columns.map((column) => {
        const declared = (list.columns as Record<string, ListColumnDeclaration | undefined>)[column.field];
        return declared
          ? { ...column, type: declared.type, sort: !!declared.sort, filter: !!declared.filter, search: !!declared.search }
          : { ...column, type: column.displayType ?? 'string', sort: false, filter: false, search: false };
      }),
    [list, columns],
  );
}
