import { Table, Text } from '@mantine/core';

/** The one row of a table with nothing in it: why, across all its columns. */
export function EmptyTableRow({ columns, children }: { columns: number; children: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text size="sm" c="dimmed" ta="center" py="sm">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
