import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableHead } from '../../ui/TableHead.tsx';

/** How many rows a widget's list shows at most. */
export const WIDGET_ROWS = 8;

export interface WidgetColumn<Row> {
  title: string;
  /** Numbers and money sit right. */
  numeric?: boolean;
  strong?: boolean;
  /** A share of a `fit` table's width ("55%"). */
  w?: string;
  cell: (row: Row) => ReactNode;
}

interface WidgetTableProps<Row> {
  columns: WidgetColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => number | string;
  /** Fixed columns that fit the card instead of scrolling sideways: a scrolling region of plain text could not be reached by keyboard. */
  fit?: boolean;
}

/** A widget's compact table: a header row and a row per item (`widget-row`, the first WIDGET_ROWS), scrolling sideways on narrow screens. */
export function WidgetTable<Row>({ columns, rows, rowKey, fit = false }: WidgetTableProps<Row>) {
  const table = (
    <Table verticalSpacing={6} fz="sm" {...(fit ? { mt: 'sm', layout: 'fixed' as const } : {})}>
      <TableHead cells={columns.map((c) => ({ label: c.title, numeric: c.numeric, w: c.w }))} />
      <Table.Tbody>
        {rows.slice(0, WIDGET_ROWS).map((row) => (
          <Table.Tr key={rowKey(row)} data-testid="widget-row">
            {columns.map((c) => (
              <Table.Td key={c.title} ta={c.numeric ? 'right' : undefined} fw={c.strong ? 600 : undefined}>
                {c.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return fit ? table : <Table.ScrollContainer minWidth={420}>{table}</Table.ScrollContainer>;
}
