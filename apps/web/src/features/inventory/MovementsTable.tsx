import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../core/format.ts';
import type { Movement } from './inventory.api.ts';
import { useSignedQuantity, useStockMoney } from './stock.ts';
import { EmptyTableRow } from '../../ui/EmptyTableRow.tsx';
import { TableHead } from '../../ui/TableHead.tsx';

export const MOVEMENT_COLORS: Record<string, string> = {
  receive: 'teal', transfer_in: 'teal', return: 'teal', consume: 'blue', adjust: 'grape', transfer_out: 'indigo', expire: 'orange', waste: 'red', move: 'gray',
};

/** What the table reads of a movement: a procedure's own movements (contracts' `procedureMovementSchema`) carry no counterpart, procedure or who. */
type ShownMovement = Pick<Movement, 'id' | 'occurred_at' | 'type' | 'product_name' | 'quantity' | 'unit_cost' | 'lot_number' | 'reason'> &
  Partial<Pick<Movement, 'counterpart_practice_name' | 'procedure_id' | 'user_email'>>;

/** Ledger movements: type, signed quantity (green in, red out), cost, lot, reason, procedure, who, when. */
export function MovementsTable({ movements, showProduct = false, showProcedure = true, testId = 'movements' }: { movements: ShownMovement[]; showProduct?: boolean; showProcedure?: boolean; testId?: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = useStockMoney();
  const signed = useSignedQuantity();
  const hasWho = movements.some((m) => m.user_email);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table withTableBorder striped verticalSpacing="xs" data-testid={testId}>
        <TableHead
          cells={[
            t('inventory.fields.when'),
            t('inventory.fields.type'),
            showProduct && t('inventory.fields.product'),
            { label: t('inventory.fields.quantity'), numeric: true },
            { label: t('inventory.fields.unitCost'), numeric: true },
            t('inventory.fields.lot'),
            t('inventory.fields.reason'),
            showProcedure && t('inventory.fields.procedure'),
            hasWho && t('inventory.fields.who'),
          ]}
        />
        <Table.Tbody>
          {movements.length === 0 ? (
            <EmptyTableRow columns={9}>{t('inventory.noMovements')}</EmptyTableRow>
          ) : (
            movements.map((m) => {
              const n = Number(m.quantity);
              return (
                <Table.Tr key={m.id} data-testid="movement-row" data-type={m.type}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(m.occurred_at)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={MOVEMENT_COLORS[m.type] ?? 'gray'} tt="none">
                      {t(`movementTypes.${m.type}`, { defaultValue: m.type })}
                    </Badge>
                    {m.counterpart_practice_name ? (
                      <Text size="xs" c="dimmed">
                        {t(m.type === 'transfer_in' ? 'inventory.fromPractice' : 'inventory.toPractice', { practice: m.counterpart_practice_name })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  {showProduct ? <Table.Td>{m.product_name}</Table.Td> : null}
                  <Table.Td ta="right">
                    <Text size="sm" fw={600} c={n > 0 ? 'teal' : n < 0 ? 'red' : 'dimmed'} data-testid="movement-quantity">
                      {signed(m.quantity)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{money(m.unit_cost, { perUnit: true })}</Table.Td>
                  <Table.Td>{m.lot_number ?? ''}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {m.reason ?? ''}
                    </Text>
                  </Table.Td>
                  {showProcedure ? (
                    <Table.Td>
                      {m.procedure_id ? (
                        <Anchor component={Link} to={`/admin/procedures/${m.procedure_id}`} size="sm" data-testid="movement-procedure">
                          {t('inventory.procedureLink', { id: m.procedure_id })}
                        </Anchor>
                      ) : null}
                    </Table.Td>
                  ) : null}
                  {hasWho ? <Table.Td>{m.user_email ?? ''}</Table.Td> : null}
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
