import { Select, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { adjustBodySchema, subtractDecimals } from '@enamel/contracts';
import { useAfterSave } from '../../core/actions.ts';
import { useUnitLabel, useQuantity } from '../../ui/units.ts';
import { useStockSubmit } from './useStockSubmit.ts';
import { STOCK_QUERY_KEYS, adjustStock, fetchInventory, type InventoryRow } from './inventory.api.ts';
import { ProductSummary } from './ProductSummary.tsx';
import { decimalText, useDay, useSignedQuantity } from './stock.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { DecimalInput } from '../../ui/DecimalInput.tsx';

interface Values extends Record<string, unknown> {
  lot_id: string;
  counted: number | string;
  reason: string;
}

const WHOLE = 'product';

interface AdjustStockModalProps {
  opened: boolean;
  practiceId: number;
  inventory: Pick<InventoryRow, 'id' | 'product_id' | 'product_name' | 'sku' | 'usage_unit' | 'purchase_unit' | 'units_per_purchase_unit' | 'on_hand' | 'tracks_lots'> | null;
  /** Count one lot (from the detail's lots table). */
  lotId?: number;
  onClose: () => void;
}

/** Count correction: what was counted, for one lot or the whole product, and why (required). */
export function AdjustStockModal({ opened, practiceId, inventory, lotId, onClose }: AdjustStockModalProps) {
  const { t } = useTranslation();
  const afterSave = useAfterSave();
  const quantity = useQuantity();
  const signed = useSignedQuantity();
  const unitLabel = useUnitLabel();
  const day = useDay();
  const detail = useQuery({ queryKey: ['inventory', inventory?.id], queryFn: () => fetchInventory(inventory!.id), enabled: opened && inventory !== null });
  const form = useForm<Values>({
    initialValues: { lot_id: WHOLE, counted: '', reason: '' },
    validate: {
      counted: (v) => (decimalText(v) === '' ? t('inventory.validation.counted') : null),
      reason: (v) => (v.trim() ? null : t('inventory.validation.reason')),
    },
  });

  useEffect(() => {
    if (!opened) return;
    form.setValues({ lot_id: lotId ? String(lotId) : WHOLE, counted: '', reason: '' });
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, inventory?.id, lotId]);

  const lots = useMemo(() => (detail.data?.lots ?? []).filter((l) => Number(l.quantity) !== 0 || l.id === lotId), [detail.data, lotId]);
  // A product tracked by lot is counted lot by lot (the server refuses a whole-product count).
  const byLot = (detail.data?.tracks_lots ?? inventory?.tracks_lots ?? false) && lots.length > 0;
  useEffect(() => {
    if (opened && byLot && form.getValues().lot_id === WHOLE) form.setFieldValue('lot_id', String(lots[0]!.id));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, byLot, lots]);
  const values = form.getValues();
  const unit = inventory ? unitLabel(inventory.usage_unit) : '';
  const scopeData = [
    ...(byLot ? [] : [{ value: WHOLE, label: t('inventory.wholeProduct', { quantity: quantity(detail.data?.on_hand ?? inventory?.on_hand ?? '0'), unit }) }]),
    ...lots.map((l) => ({
      value: String(l.id),
      label: t('inventory.lotOption', { lot: l.lot_number ?? t('inventory.noLot'), expiry: l.expiry_date ? day(l.expiry_date) : '—', quantity: quantity(l.quantity), unit }),
    })),
  ];
  const current = values.lot_id === WHOLE ? (detail.data?.on_hand ?? inventory?.on_hand ?? '0') : (lots.find((l) => String(l.id) === values.lot_id)?.quantity ?? '0');
  const counted = decimalText(values.counted);
  const difference = counted === '' ? null : subtractDecimals(counted, current);

  const { saving, message, onSubmit } = useStockSubmit(
    form,
    practiceId,
    adjustBodySchema,
    (v: Values) => ({
      product_id: inventory!.product_id,
      lot_id: v.lot_id === WHOLE ? null : Number(v.lot_id),
      counted: decimalText(v.counted),
      reason: v.reason.trim(),
    }),
    adjustStock,
    afterSave(t('inventory.adjusted'), STOCK_QUERY_KEYS, onClose),
  );

  return (
    <FormModal opened={opened} onClose={onClose} size="lg" title={t('inventory.adjustTitle')} testId="adjust-modal" formTestId="adjust-form" onSubmit={onSubmit} message={message} errorTestId="adjust-error" ready={inventory !== null}>
      {inventory ? (
        <>
        <ProductSummary product={{ ...inventory, name: inventory.product_name, on_hand: detail.data?.on_hand ?? inventory.on_hand }} />
        <Select label={t('inventory.fields.countScope')} data={scopeData} allowDeselect={false} disabled={detail.isPending} data-testid="adjust-lot" {...form.getInputProps('lot_id')} />
        <DecimalInput
          label={t('inventory.fields.counted')}
          description={t('inventory.countedHint', { unit })}
          required
          data-autofocus
          data-testid="adjust-counted"
          {...form.getInputProps('counted')}
        />
        {difference !== null ? (
          <Text size="sm" c={Number(difference) < 0 ? 'red' : Number(difference) > 0 ? 'teal' : 'dimmed'} data-testid="adjust-difference">
            {t('inventory.difference', { quantity: signed(difference), unit })}
          </Text>
        ) : null}
        <Textarea label={t('inventory.fields.reason')} placeholder={t('inventory.adjustReasonPlaceholder')} required autosize minRows={2} maxRows={4} data-testid="adjust-reason" {...form.getInputProps('reason')} />
        <FormFooter submitLabel={t('inventory.saveCount')} submitTestId="adjust-submit" saving={saving} onCancel={onClose} />
        </>
      ) : null}
    </FormModal>
  );
}
