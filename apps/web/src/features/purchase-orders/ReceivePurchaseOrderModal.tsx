import { Alert, Box, Flex, Grid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeGtin, parseProductBarcode, purchaseOrderReceiveBodySchema, subtractDecimals, type PurchaseOrderReceiveBody } from '@enamel/contracts';
import { contractCall } from '../../ui/contractValidation.ts';
import { DateField } from '../../ui/DateField.tsx';
import { DecimalInput } from '../../ui/DecimalInput.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { useUnitLabel } from '../../ui/units.ts';
import { ScanButton } from '../../ui/scanner/ScanButton.tsx';
import { decimalText } from '../inventory/index.ts';
import { LocationSelect } from '../locations/index.ts';
import { receivePurchaseOrder, type PurchaseOrderDetail } from './purchase-orders.api.ts';

interface LineValues {
  line_id: number;
  quantity: number | string;
  lot_number: string;
  expiry_date: string;
  invoiced_unit_price: number | string;
  unit_cost: number | string;
}
interface Values extends Record<string, unknown> {
  lines: LineValues[];
  /** Where the goods are put away (null: the practice's main store). */
  location_id: string | null;
}

/** The lines still to come, each prefilled with what is outstanding and the PO's price. */
function initialLines(order: PurchaseOrderDetail): LineValues[] {
  return order.lines
    .filter((l) => Number(l.outstanding_quantity) > 0)
    .map((l) => ({ line_id: l.id, quantity: Number(l.outstanding_quantity), lot_number: '', expiry_date: '', invoiced_unit_price: Number(l.unit_price), unit_cost: '' }));
}

/** The body sent: only lines with a quantity; the unit cost only where it is typed (a PO in another currency needs it). */
export function receiveBody(values: Values): PurchaseOrderReceiveBody {
  return {
    lines: values.lines
      .filter((l) => Number(decimalText(l.quantity)) > 0)
      .map((l) => ({
        line_id: l.line_id,
        quantity: decimalText(l.quantity),
        lot_number: l.lot_number.trim() || null,
        expiry_date: l.expiry_date || null,
        invoiced_unit_price: decimalText(l.invoiced_unit_price) || null,
        unit_cost: decimalText(l.unit_cost) || null,
      })),
    ...(values.location_id ? { location_id: Number(values.location_id) } : {}),
  };
}

interface Props {
  opened: boolean;
  order: PurchaseOrderDetail;
  onClose: () => void;
  onReceived: (order: PurchaseOrderDetail) => void | Promise<void>;
}

/**
 * Receive against a PO: per line still to come, the quantity (purchase units), lot, expiry and invoiced price. A GS1 barcode
 * scanned into the scan field (as in Receive stock) finds its line by GTIN and fills that line's lot and expiry.
 */
export function ReceivePurchaseOrderModal({ opened, order, onClose, onReceived }: Props) {
  const { t } = useTranslation();
  const unitLabel = useUnitLabel();
  const [scan, setScan] = useState('');
  const [scanned, setScanned] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<Values>({ initialValues: { lines: initialLines(order), location_id: null } });
  const otherCurrency = order.currency !== order.practice_currency;

  useEffect(() => {
    if (!opened) return;
    form.setValues({ lines: initialLines(order), location_id: null });
    form.clearErrors();
    setScan('');
    setScanned(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, order]);

  const onScan = (text: string = scan) => {
    const barcode = parseProductBarcode(text);
    const index = barcode ? form.getValues().lines.findIndex((v) => normalizeGtin(order.lines.find((l) => l.id === v.line_id)?.gtin ?? '') === barcode.gtin) : -1;
    if (!barcode || index < 0) {
      setScanned({ ok: false, text: t('purchaseOrders.receive.scanNoLine') });
      return;
    }
    if (barcode.lot) form.setFieldValue(`lines.${index}.lot_number`, barcode.lot);
    if (barcode.expiry) form.setFieldValue(`lines.${index}.expiry_date`, barcode.expiry);
    const line = order.lines.find((l) => l.id === form.getValues().lines[index]!.line_id)!;
    setScanned({ ok: true, text: t('purchaseOrders.receive.scanned', { gtin: barcode.gtin, product: line.product_name }) });
    setScan('');
  };

  const { saving, message, onSubmit } = useFormSubmit(form, contractCall(purchaseOrderReceiveBodySchema, receiveBody, (body) => receivePurchaseOrder(order.id, body)), onReceived);
  const values = form.getValues();

  return (
    <FormModal opened={opened} onClose={onClose} size="xl" title={t('purchaseOrders.receive.title', { number: order.number })} testId="po-receive-modal" formTestId="po-receive-form" onSubmit={onSubmit} message={message} errorTestId="po-receive-error">
      <TextInput
        label={t('purchaseOrders.receive.scan')}
        description={t('purchaseOrders.receive.scanHint')}
        value={scan}
        autoComplete="off"
        data-autofocus
        onChange={(e) => setScan(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onScan();
          }
        }}
        data-testid="po-receive-scan"
        inputContainer={(input) => (
          <Flex direction={{ base: 'column', xs: 'row' }} gap="xs">
            <Box flex={1}>{input}</Box>
            <ScanButton testId="po-receive-scan-camera" onScan={(text) => onScan(text)} />
          </Flex>
        )}
      />
      {scanned ? (
        <Text size="xs" c={scanned.ok ? 'teal.9' : 'red.8'} data-testid="po-receive-scanned">
          {scanned.text}
        </Text>
      ) : null}
      {values.lines.length === 0 ? <Alert color="gray">{t('purchaseOrders.receive.nothing')}</Alert> : null}
      {values.lines.map((v, i) => {
        const line = order.lines.find((l) => l.id === v.line_id)!;
        return (
          <Stack key={v.line_id} gap={4} data-testid="po-receive-line">
            <Text fw={600} size="sm">
              {line.product_name}{' '}
              <Text span size="xs" c="dimmed">
                {t('purchaseOrders.receive.outstanding', { quantity: line.outstanding_quantity.replace(/\.?0+$/, ''), unit: unitLabel(line.purchase_unit, line.outstanding_quantity), ordered: line.quantity.replace(/\.?0+$/, '') })}
              </Text>
            </Text>
            <Grid>
              <Grid.Col span={{ base: 6, sm: 2 }}>
                <DecimalInput label={t('purchaseOrders.receive.quantity', { unit: unitLabel(line.purchase_unit, 2) })} data-testid="po-receive-quantity" {...form.getInputProps(`lines.${i}.quantity`)} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <TextInput label={t('inventory.fields.lot')} required={line.tracks_lots} autoComplete="off" data-testid="po-receive-lot" {...form.getInputProps(`lines.${i}.lot_number`)} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <DateField label={t('inventory.fields.expiry')} required={line.tracks_lots} data-testid="po-receive-expiry" {...form.getInputProps(`lines.${i}.expiry_date`)} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: otherCurrency ? 2 : 4 }}>
                <DecimalInput label={t('purchaseOrders.receive.invoicedPrice', { currency: order.currency })} data-testid="po-receive-invoiced" {...form.getInputProps(`lines.${i}.invoiced_unit_price`)} />
              </Grid.Col>
              {otherCurrency ? (
                <Grid.Col span={{ base: 6, sm: 2 }}>
                  <DecimalInput label={t('purchaseOrders.receive.unitCost', { currency: order.practice_currency, unit: unitLabel(line.usage_unit) })} required data-testid="po-receive-unit-cost" {...form.getInputProps(`lines.${i}.unit_cost`)} />
                </Grid.Col>
              ) : null}
            </Grid>
            {Number(decimalText(v.invoiced_unit_price)) > 0 && decimalText(v.invoiced_unit_price) !== line.unit_price && Number(subtractDecimals(decimalText(v.invoiced_unit_price), line.unit_price)) !== 0 ? (
              <Text size="xs" c="orange.9" data-testid="po-receive-variance">
                {t('purchaseOrders.receive.variance', { difference: subtractDecimals(decimalText(v.invoiced_unit_price), line.unit_price, 2), currency: order.currency })}
              </Text>
            ) : null}
          </Stack>
        );
      })}
      {values.lines.length > 0 ? (
        <LocationSelect
          practiceId={order.dental_practice_id}
          label={t('locations.fields.location')}
          description={t('locations.receiveHint')}
          emptyLabel={t('locations.main')}
          testId="po-receive-location"
          {...form.getInputProps('location_id')}
        />
      ) : null}
      <FormFooter submitLabel={t('purchaseOrders.actions.receive')} submitTestId="po-receive-submit" saving={saving} disabled={values.lines.length === 0} onCancel={onClose} />
    </FormModal>
  );
}
