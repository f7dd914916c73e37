import { ActionIcon, Select, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { multiplyDecimals, sumDecimals, type PurchaseOrderSupplierOptions } from '@enamel/contracts';
import { DecimalInput } from '../../ui/DecimalInput.tsx';
import { EmptyTableRow } from '../../ui/EmptyTableRow.tsx';
import { TableHead } from '../../ui/TableHead.tsx';
import { useMoneyIn } from '../../ui/money.ts';
import { useUnitLabel } from '../../ui/units.ts';
import { decimalText } from '../inventory/index.ts';

/** A line while a draft is edited: quantity in purchase units, price per purchase unit in the PO's currency. */
export interface EditLine {
  id: number | null;
  product_id: number;
  supplier_offer_id: number | null;
  product_name: string;
  purchase_unit: string;
  quantity: number | string;
  unit_price: number | string;
}

type Offer = PurchaseOrderSupplierOptions[number]['offers'][number];

export const lineFromOffer = (offer: Offer): EditLine => ({
  id: null, product_id: offer.product_id, supplier_offer_id: offer.id, product_name: offer.product_name, purchase_unit: offer.purchase_unit,
  quantity: offer.minimum_order_quantity, unit_price: Number(offer.price),
});

/** What the API takes for these lines (quantities and prices as exact decimal text). */
export const linesBody = (lines: EditLine[]) =>
  lines.map((l) => ({ id: l.id, product_id: l.product_id, supplier_offer_id: l.supplier_offer_id, quantity: decimalText(l.quantity), unit_price: decimalText(l.unit_price) || null }));

/** Σ quantity × price of the lines, as the server computes it. */
export const linesTotal = (lines: EditLine[]) => sumDecimals(lines.map((l) => multiplyDecimals(decimalText(l.quantity) || '0', decimalText(l.unit_price) || '0')));

interface Props {
  lines: EditLine[];
  offers: Offer[];
  currency: string;
  onChange: (lines: EditLine[]) => void;
}

/** A draft's lines: quantity and price per line, remove, and add a product from the supplier's offers. */
export function PurchaseOrderLinesEditor({ lines, offers, currency, onChange }: Props) {
  const { t } = useTranslation();
  const unitLabel = useUnitLabel();
  const money = useMoneyIn(currency);
  const set = (i: number, patch: Partial<EditLine>) => onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const unused = offers.filter((o) => !lines.some((l) => l.supplier_offer_id === o.id));
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table withTableBorder verticalSpacing="xs" data-testid="po-lines-editor">
          <TableHead cells={[t('inventory.fields.product'), t('purchaseOrders.fields.quantity'), t('purchaseOrders.fields.unitPrice'), { label: t('purchaseOrders.fields.lineTotal'), numeric: true }, '']} />
          <Table.Tbody>
            {lines.length === 0 ? <EmptyTableRow columns={5}>{t('purchaseOrders.noLines')}</EmptyTableRow> : null}
            {lines.map((line, i) => (
              <Table.Tr key={`${line.id ?? 'new'}-${line.product_id}-${i}`} data-testid="po-edit-line">
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {line.product_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {unitLabel(line.purchase_unit)}
                  </Text>
                </Table.Td>
                <Table.Td w={140}>
                  <DecimalInput aria-label={t('purchaseOrders.fields.quantityOf', { product: line.product_name })} value={line.quantity} onChange={(v) => set(i, { quantity: v })} data-testid="po-edit-quantity" />
                </Table.Td>
                <Table.Td w={160}>
                  <DecimalInput aria-label={t('purchaseOrders.fields.unitPriceOf', { product: line.product_name })} value={line.unit_price} onChange={(v) => set(i, { unit_price: v })} data-testid="po-edit-price" />
                </Table.Td>
                <Table.Td ta="right">{money(multiplyDecimals(decimalText(line.quantity) || '0', decimalText(line.unit_price) || '0'))}</Table.Td>
                <Table.Td w={50}>
                  <ActionIcon variant="subtle" color="red" aria-label={t('purchaseOrders.removeLine', { product: line.product_name })} onClick={() => onChange(lines.filter((_, j) => j !== i))} data-testid="po-edit-remove">
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={3} ta="right">
                {t('purchaseOrders.fields.total')}
              </Table.Th>
              <Table.Th ta="right" data-testid="po-edit-total">
                {money(linesTotal(lines))}
              </Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Select
        label={t('purchaseOrders.addLine')}
        placeholder={unused.length ? t('purchaseOrders.addLinePlaceholder') : t('purchaseOrders.noMoreOffers')}
        data={unused.map((o) => ({ value: String(o.id), label: `${o.product_name} · ${o.sku}${o.supplier_sku ? ` · ${o.supplier_sku}` : ''} · ${money(o.price)} / ${unitLabel(o.purchase_unit)}` }))}
        searchable
        value={null}
        disabled={unused.length === 0}
        onChange={(value) => {
          const offer = offers.find((o) => String(o.id) === value);
          if (offer) onChange([...lines, lineFromOffer(offer)]);
        }}
        data-testid="po-add-line"
      />
    </>
  );
}
