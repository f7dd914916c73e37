import { Alert, Button, Checkbox, Grid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { SegmentedField } from '../../ui/SegmentedField.tsx';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { multiplyDecimals, receiveBodySchema } from '@enamel/contracts';
import { useRefreshLists } from '../../core/actions.ts';
import { notifySuccess } from '../../core/notify.ts';
import { type ScannedBarcode } from '../products/index.ts';
import { useUnitLabel, useQuantity } from '../../ui/units.ts';
import { useStockSubmit } from './useStockSubmit.ts';
import { STOCK_QUERY_KEYS, receiveStock, searchStockProducts, type StockProductHit } from './inventory.api.ts';
import { ProductSummary } from './ProductSummary.tsx';
import { decimalText, isPastDay, useDay, usePracticeCurrency, useStockMoney } from './stock.ts';
import { useCatalogCurrency } from '../../core/organisation.ts';
import { StockProductPicker } from './StockProductPicker.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { DecimalInput } from '../../ui/DecimalInput.tsx';
import { DateField } from '../../ui/DateField.tsx';
import { LocationSelect } from '../locations/index.ts';

interface Values extends Record<string, unknown> {
  product_id: number | null;
  tracks_lots: boolean;
  quantity: number | string;
  unit: 'usage' | 'purchase';
  unit_cost: number | string;
  lot_number: string;
  expiry_date: string;
  reason: string;
  /** The user confirms a lot whose expiry date is already past (the server refuses it otherwise). */
  confirm_expired: boolean;
  /** Where it is put away (a location id); empty: the practice's main store. */
  location_id: string | null;
}

const EMPTY: Values = { product_id: null, tracks_lots: false, quantity: '', unit: 'usage', unit_cost: '', lot_number: '', expiry_date: '', reason: '', confirm_expired: false, location_id: null };

/** Usage units a quantity stands for (purchase units × units per purchase unit). */
export function usageQuantity(quantity: string, unit: 'usage' | 'purchase', unitsPerPurchaseUnit: number): string {
  return unit === 'purchase' ? multiplyDecimals(quantity || '0', unitsPerPurchaseUnit) : quantity || '0';
}

interface ReceiveStockModalProps {
  opened: boolean;
  practiceId: number;
  /** Opened from a row: the product is chosen already. */
  product?: { id: number; sku: string };
  onClose: () => void;
}

/** Receive stock: scan or search the product (a GS1 barcode fills lot and expiry), quantity, cost, lot. */
export function ReceiveStockModal({ opened, practiceId, product: initial, onClose }: ReceiveStockModalProps) {
  const { t } = useTranslation();
  const refreshLists = useRefreshLists();
  const money = useStockMoney();
  const catalogCurrency = useCatalogCurrency();
  const practiceCurrency = usePracticeCurrency();
  // Nothing is converted: the catalog price is the default cost only in a practice of the catalog's currency.
  const catalogPriceApplies = catalogCurrency === practiceCurrency;
  const quantityText = useQuantity();
  const unitLabel = useUnitLabel();
  const day = useDay();
  const [product, setProduct] = useState<StockProductHit | null>(null);
  const [scanned, setScanned] = useState<ScannedBarcode | null>(null);
  const another = useRef(false);
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: {
      product_id: (v) => (v === null ? t('inventory.validation.product') : null),
      quantity: (v) => (Number(decimalText(v)) > 0 ? null : t('inventory.validation.positive')),
      lot_number: (v, all) => (all.tracks_lots && !v.trim() ? t('inventory.validation.lot') : null),
      expiry_date: (v, all) => (all.tracks_lots && !v ? t('inventory.validation.expiry') : null),
      confirm_expired: (v, all) => (all.tracks_lots && isPastDay(all.expiry_date) && !v ? t('inventory.validation.confirmExpired') : null),
    },
  });

  // Opened from a row: look the product up (unit cost, lots, on hand) by its SKU.
  const preset = useQuery({
    queryKey: ['inventory-search', practiceId, initial?.sku ?? '', 'preset'],
    queryFn: ({ signal }) => searchStockProducts(practiceId, initial!.sku, signal, 10),
    enabled: opened && initial !== undefined,
  });

  const choose = (hit: StockProductHit | null, barcode: ScannedBarcode | null = null) => {
    setProduct(hit);
    setScanned(barcode);
    form.setValues({
      product_id: hit?.id ?? null,
      tracks_lots: hit?.tracks_lots ?? false,
      unit_cost: hit && catalogPriceApplies ? Number(hit.unit_cost) : '',
      ...(barcode ? { lot_number: barcode.lot ?? '', expiry_date: barcode.expiry ?? '' } : {}),
    });
    form.clearErrors();
  };

  useEffect(() => {
    if (!opened) return;
    form.setValues(EMPTY);
    form.clearErrors();
    setProduct(null);
    setScanned(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, practiceId]);

  useEffect(() => {
    if (!opened || !initial || !preset.data) return;
    const hit = preset.data.data.find((h) => h.id === initial.id);
    if (hit) choose(hit);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, initial?.id, preset.data]);

  const values = form.getValues();
  const quantity = decimalText(values.quantity);
  const usage = product ? usageQuantity(quantity, values.unit, product.units_per_purchase_unit) : '0';
  const total = product ? multiplyDecimals(usage, decimalText(values.unit_cost) || '0') : '0';
  // A lot already past its expiry date (here, or by the practice's clock when the server says so) needs a confirmation.
  const expired = values.tracks_lots && values.expiry_date !== '' && (isPastDay(values.expiry_date) || Boolean(form.errors.expiry_date));

  const { saving, message, onSubmit } = useStockSubmit(
    form,
    practiceId,
    receiveBodySchema,
    (v: Values) => ({
      product_id: v.product_id!,
      quantity: decimalText(v.quantity),
      unit: v.unit,
      unit_cost: decimalText(v.unit_cost) || null,
      lot_number: v.lot_number.trim() || null,
      expiry_date: v.expiry_date || null,
      reason: v.reason.trim() || null,
      ...(expired && v.confirm_expired ? { confirm_expired: true } : {}),
      ...(v.location_id ? { location_id: Number(v.location_id) } : {}),
    }),
    receiveStock,
    async () => {
      notifySuccess(t('inventory.received', { name: product?.name ?? '' }));
      await refreshLists(STOCK_QUERY_KEYS);
      if (another.current) {
        form.setValues(EMPTY);
        setProduct(null);
        setScanned(null);
      } else {
        onClose();
      }
    },
  );

  return (
    <FormModal opened={opened} onClose={onClose} size="lg" title={t('inventory.receiveTitle')} testId="receive-modal" formTestId="receive-form" onSubmit={onSubmit} message={message} errorTestId="receive-error">
      {product ? (
        <ProductSummary product={product} onChange={initial ? undefined : () => choose(null)} />
      ) : (
        <StockProductPicker
          practiceId={practiceId}
          label={t('inventory.scanOrSearch')}
          description={t('inventory.scanHint')}
          autoFocus
          error={form.errors.product_id}
          onPick={(hit, barcode) => choose(hit, barcode)}
          testId="receive-product"
        />
      )}
      {scanned ? (
        <Text size="xs" c="teal" data-testid="receive-scanned">
          {t('inventory.scanned', { gtin: scanned.gtin })}
        </Text>
      ) : null}
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DecimalInput
            label={t('inventory.fields.quantity')}
            required
            data-testid="receive-quantity"
            {...form.getInputProps('quantity')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SegmentedField
            label={t('inventory.fields.unit')}
            fullWidth
            data={[
              { value: 'usage', label: product ? unitLabel(product.usage_unit) : t('inventory.usageUnit') },
              { value: 'purchase', label: product ? unitLabel(product.purchase_unit) : t('inventory.purchaseUnit') },
            ]}
            data-testid="receive-unit"
            {...form.getInputProps('unit')}
          />
        </Grid.Col>
        {product && values.unit === 'purchase' ? (
          <Grid.Col span={12}>
            <Text size="xs" c="dimmed" data-testid="receive-usage-quantity">
              {t('inventory.equals', { quantity: quantityText(usage), unit: unitLabel(product.usage_unit, usage) })}
            </Text>
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DecimalInput
            label={product ? t('inventory.fields.unitCostPer', { unit: unitLabel(product.usage_unit) }) : t('inventory.fields.unitCost')}
            description={catalogPriceApplies ? t('inventory.unitCostHint') : t('inventory.unitCostOtherCurrency', { catalog: catalogCurrency, practice: practiceCurrency })}
            data-testid="receive-unit-cost"
            {...form.getInputProps('unit_cost')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Stack gap={4} justify="flex-end" h="100%">
            <Text size="sm" c="dimmed">
              {t('inventory.receiveValue')}
            </Text>
            <Text fw={600} data-testid="receive-total">
              {money(total)}
            </Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('inventory.fields.lot')} required={product?.tracks_lots ?? false} autoComplete="off" data-testid="receive-lot" {...form.getInputProps('lot_number')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DateField label={t('inventory.fields.expiry')} required={product?.tracks_lots ?? false} data-testid="receive-expiry" {...form.getInputProps('expiry_date')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <LocationSelect
            practiceId={practiceId}
            label={t('locations.fields.location')}
            description={t('locations.receiveHint')}
            emptyLabel={t('locations.main')}
            testId="receive-location"
            {...form.getInputProps('location_id')}
          />
        </Grid.Col>
      </Grid>
      {expired ? (
        <Alert color="orange" variant="light" data-testid="receive-expired">
          <Stack gap="xs">
            <Text size="sm">{t('inventory.expiredReceipt', { date: day(values.expiry_date) })}</Text>
            <Checkbox label={t('inventory.confirmExpired')} data-testid="receive-confirm-expired" {...form.getInputProps('confirm_expired', { type: 'checkbox' })} />
          </Stack>
        </Alert>
      ) : null}
      <Textarea label={t('inventory.fields.reason')} placeholder={t('inventory.receiveReasonPlaceholder')} autosize minRows={1} maxRows={4} data-testid="receive-reason" {...form.getInputProps('reason')} />
      <FormFooter submitLabel={t('inventory.receive')} submitTestId="receive-submit" saving={saving} loading={saving && !another.current} onSubmitClick={() => (another.current = false)} onCancel={onClose}>
        {initial ? null : (
          <Button type="submit" variant="light" loading={saving && another.current} disabled={saving} onClick={() => (another.current = true)} data-testid="receive-submit-another">
            {t('inventory.receiveAnother')}
          </Button>
        )}
      </FormFooter>
    </FormModal>
  );
}
