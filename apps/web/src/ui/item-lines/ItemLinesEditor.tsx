import { ActionIcon, NumberInput, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { TwoLines } from '../TwoLines.tsx';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuantity, useDecimalSeparator, useUnitLabel } from '../units.ts';
import { addLine, lineCost, linesCost, type ItemLine, type PickedProduct } from './item-lines.ts';

/** A form whose `items` are item lines. */
export type ItemLinesForm<Values extends ItemLinesValues> = UseFormReturnType<Values>;
export interface ItemLinesValues extends Record<string, unknown> {
  items: ItemLine[];
}

interface ItemLinesEditorProps<Values extends ItemLinesValues> {
  /** The form holding the lines in `items` (their quantities' errors show under each input). */
  form: ItemLinesForm<Values>;
  title: string;
  hint: string;
  /** What adds a line (a product picker). */
  picker: ReactNode;
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

/** The one editor of item lines (procedures and templates): a heading, a picker, then a product per line, its quantity in usage units, its cost, and the total. */
export function ItemLinesEditor<Values extends ItemLinesValues>({ form, title, hint, picker, money, show, short, empty, totalLabel, testId }: ItemLinesEditorProps<Values>) {
  const { t } = useTranslation();
  const lines = form.getValues().items;
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
    <>
      <div>
        <Title order={2} fz="md">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </div>
      {picker}
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
                    <TwoLines primary={line.name} secondary={line.sku} />
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
                      rightSection={
                        <Text size="xs" c="dimmed" pr={6}>
                          {unitLabel(line.usage_unit)}
                        </Text>
                      }
                      rightSectionWidth={80}
                      data-testid={`${testId}-item-quantity`}
                      {...form.getInputProps(`items.${index}.quantity`)}
                      // The form's message when the quantity is wrong, else red when the practice has too little.
                      error={form.errors[`items.${index}.quantity`] ?? (short?.has(line.product_id) ?? false)}
                    />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={500} data-testid={`${testId}-item-line-cost`}>
                      {money(lineCost(line))}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={t('itemLines.removeItem', { name: line.name })} onClick={() => form.removeListItem('items', index)} data-testid={`${testId}-item-remove`}>
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
    </>
  );
}

/** Adds a picked product to the form's lines (one more unit on its line when it is there); true when it was merged. */
export function pickLine<Values extends ItemLinesValues>(form: ItemLinesForm<Values>, product: PickedProduct): boolean {
  const result = addLine(form.getValues().items, product);
  // `Values['items']` is ItemLine[] by the constraint; the form's path types cannot see through the generic.
  form.setFieldValue('items', result.lines as never);
  return result.merged;
}
