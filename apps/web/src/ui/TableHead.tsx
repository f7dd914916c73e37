import { Table } from '@mantine/core';

/** A header cell: its text, on the right for numbers and money, and a width when the column needs one. */
export interface HeadCell {
  label: string;
  numeric?: boolean;
  w?: number | string;
}

/** A plain table's header row, one cell a column; `false` leaves an optional column out. */
export function TableHead({ cells }: { cells: (string | HeadCell | false)[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {cells.map((cell, i) => {
          if (cell === false) return null;
          const { label, numeric, w } = typeof cell === 'string' ? { label: cell } : cell;
          return (
            <Table.Th key={i} ta={numeric ? 'right' : undefined} w={w}>
              {label || null}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}
