import type { DataTableColumn } from '../../ui/data-table/index.ts';
import { TwoLines } from '../../ui/TwoLines.tsx';

interface CodedRow {
  procedure_code: string;
  procedure_code_name: string;
}

/** A list's procedure code: the code over its name, and the name as a hidden column of its own (to filter, sort and export). */
export function procedureCodeColumns<Row extends CodedRow>({ code, name, minWidth }: { code: string; name: string; minWidth: number }): DataTableColumn<Row>[] {
  return [
    { field: 'procedure_code', title: code, minWidth, cellRenderer: (row) => <TwoLines primary={row.procedure_code} secondary={row.procedure_code_name} weight={600} /> },
    { field: 'procedure_code_name', title: name, hide: true },
  ];
}
