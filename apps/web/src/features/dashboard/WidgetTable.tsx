import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** How many rows a widget's list shows at most. */
export const WIDGET_ROWS = 8;

export interface WidgetColumn<Row> {
  title: string;
  /** Numbers and money sit right. */
  numeric?: boolean;
  strong?: boolean;
  cell: (row: Row) => ReactNode;
}

/** A widget's compact table: a header row and a row per item (`widget-row`, the first WIDGET_ROWS), scrolling sideways on narrow screens. */
export function WidgetTable<Row>({ columns, rows, rowKey }: { columns: WidgetColumn<Row>[]; rows: Row[]; rowKey: (row: Row) => number | string }) {
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.title} ta={c.numeric ? 'right' : undefined}>
                {c.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
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
    </Table.ScrollContainer>
  );
}
