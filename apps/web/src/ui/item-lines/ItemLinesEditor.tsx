import { ActionIcon, NumberInput, Table, Text, VisuallyHidden } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuantity } from '../../features/products/money.ts';
import { useDecimalSeparator, useUnitLabel } from '../../features/products/units.ts';
import { lineCost, linesCost, type ItemLine } from './item-lines.ts';

interface ItemLinesEditorProps {
  lines: ItemLine[];
  /** The quantity input's value, onChange and error (a form's `getInputProps('items.<index>.quantity')`). */
  quantityProps: (index: number) => GetInputPropsReturnType;
  onRemove: (index: number) => void;
  /** Formats money in the currency the lines are priced in. */
  money: (value: string, options?: { perUnit?: boolean }) => string;
  /** The practice's on-hand column (procedures), else the unit cost column (templates). */
  show: 'on-hand' | 'unit-cost';
  /** Products whose line wants more than is on hand. */
  short?: ReadonlySet<number>;
  empty: string;
  totalLabel: string;
  /** Prefix of the test ids: `<prefix>-items`, `<prefix>-item`, `<prefix>-item-quantity`, `<prefix>-total`… */
  testId: string;
}

/** The one editor of item lines: a product per line, its quantity in usage units, its cost, and the total. */
export function ItemLinesEditor({ lines, quantityProps, onRemove, money, show, short, empty, totalLabel, testId }: ItemLinesEditorProps) {
  const { t } = useTranslation();
  const quantity = useQuantity();
  const unitLabel = useUnitLabel();
  const decimalSeparator = useDecimalSeparator();
  const figure = (line: ItemLine): ReactNode => {
    if (show === 'unit-cost') return <Text size="sm">{money(line.unit_cost, { perUnit: true })}</Text>;
    const isShort = short?.has(line.product_id) ?? false;
    return (
      <Text size="sm" c={isShort ? 'red' : undefined} fw={isShort ? 600 : undefined} data-testid={`${testId}-item-on-hand`}>
        {line.on_hand === undefined || line.on_hand === null ? '…' : `${quantity(line.on_hand)}\u00a0${unitLabel(line.usage_unit, line.on_hand)}`}
      </Text>
    );
  };
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table withTableBorder verticalSpacing="xs" data-testid={`${testId}-items`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('itemLines.product')}</Table.Th>
            <Table.Th w={150} ta="right">
              {t(show === 'on-hand' ? 'itemLines.onHand' : 'itemLines.unitCost')}
            </Table.Th>
            <Table.Th w={200}>{t('itemLines.quantity')}</Table.Th>
            <Table.Th w={140} ta="right">
              {t('itemLines.lineCost')}
            </Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t('actions.title')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text size="sm" c="dimmed" ta="center" py="sm" data-testid={`${testId}-items-empty`}>
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            lines.map((line, index) => (
              <Table.Tr key={line.product_id} data-testid={`${testId}-item`}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {line.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {line.sku}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{figure(line)}</Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={t('itemLines.quantityFor', { name: line.name })}
                    min={0}
                    decimalScale={4}
                    decimalSeparator={decimalSeparator}
                    allowNegative={false}
                    size="xs"
                    error={short?.has(line.product_id) ?? false}
                    rightSection={
                      <Text size="xs" c="dimmed" pr={6}>
                        {unitLabel(line.usage_unit)}
                      </Text>
                    }
                    rightSectionWidth={80}
                    data-testid={`${testId}-item-quantity`}
                    {...quantityProps(index)}
                  />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={500} data-testid={`${testId}-item-line-cost`}>
                    {money(lineCost(line))}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={t('itemLines.removeItem', { name: line.name })} onClick={() => onRemove(index)} data-testid={`${testId}-item-remove`}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3} ta="right">
              {totalLabel}
            </Table.Th>
            <Table.Th ta="right" data-testid={`${testId}-total`}>
              {money(linesCost(lines))}
            </Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
