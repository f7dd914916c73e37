import { Select, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { compareDecimals, moveBodySchema } from '@enamel/contracts';
import { useRefreshLists } from '../../core/actions.ts';
import { notifySuccess } from '../../core/notify.ts';
import { useQuantity, useUnitLabel } from '../../ui/units.ts';
import { useFormFill } from '../../ui/useFormFill.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { DecimalInput } from '../../ui/DecimalInput.tsx';
import { LocationSelect, usePracticeLocations } from '../locations/index.ts';
import { useStockSubmit } from './useStockSubmit.ts';
import { STOCK_QUERY_KEYS, moveStock, type InventoryDetail } from './inventory.api.ts';
import { ProductSummary } from './ProductSummary.tsx';
import { decimalText } from './stock.ts';

interface Values extends Record<string, unknown> {
  lot_id: string | null;
  to_location_id: string | null;
  quantity: number | string;
  reason: string;
}

const EMPTY: Values = { lot_id: null, to_location_id: null, quantity: '', reason: '' };

/** Moves part of a lot to another location of the practice (docs/locations.md); on hand does not change. */
export function MoveStockModal({ opened, practiceId, inventory, lotId, onClose }: { opened: boolean; practiceId: number; inventory: InventoryDetail | null; lotId?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const refreshLists = useRefreshLists();
  const unitLabel = useUnitLabel();
  const quantityText = useQuantity();
  const locations = usePracticeLocations(practiceId, opened);
  const lots = (inventory?.lots ?? []).filter((l) => Number(l.quantity) > 0);
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: {
      lot_id: (v) => (v ? null : t('locations.chooseLot')),
      to_location_id: (v) => (v ? null : t('locations.chooseTo')),
      quantity: (v, all) => {
        if (!(Number(decimalText(v)) > 0)) return t('inventory.validation.positive');
        const lot = lots.find((l) => String(l.id) === all.lot_id);
        return lot && compareDecimals(decimalText(v), lot.quantity) > 0 ? t('locations.moreThanLot') : null;
      },
    },
  });
  useFormFill(form, () => (opened ? { ...EMPTY, lot_id: lotId !== undefined ? String(lotId) : lots.length === 1 ? String(lots[0]!.id) : null } : undefined), [opened, lotId, inventory?.id]);

  const values = form.getValues();
  const lot = lots.find((l) => String(l.id) === values.lot_id) ?? null;
  const unit = inventory ? unitLabel(inventory.usage_unit) : '';

  const { saving, message, onSubmit } = useStockSubmit(
    form,
    practiceId,
    moveBodySchema,
    (v: Values) => ({
      product_id: inventory!.product_id,
      lot_id: Number(v.lot_id),
      from_location_id: lot?.location_id ?? 0,
      to_location_id: Number(v.to_location_id),
      quantity: decimalText(v.quantity),
      reason: v.reason.trim() || null,
    }),
    moveStock,
    async () => {
      const target = locations.data?.find((l) => String(l.id) === form.getValues().to_location_id);
      notifySuccess(t('locations.moved', { location: target?.name ?? '' }));
      await refreshLists([...STOCK_QUERY_KEYS, 'storage-locations']);
      onClose();
    },
  );

  return (
    <FormModal opened={opened} onClose={onClose} size="lg" title={t('locations.moveTitle')} testId="move-modal" formTestId="move-form" onSubmit={onSubmit} message={message} errorTestId="move-error" ready={inventory !== null}>
      {inventory ? (
        <>
          <ProductSummary product={{ ...inventory, name: inventory.product_name }} />
          <Select
            label={t('locations.lot')}
            required
            allowDeselect={false}
            data={lots.map((l) => ({ value: String(l.id), label: t('locations.lotOption', { lot: l.lot_number ?? t('inventory.noLot'), location: l.location_name, quantity: quantityText(l.quantity), unit }) }))}
            comboboxProps={{ withinPortal: true }}
            data-testid="move-lot"
            {...form.getInputProps('lot_id')}
          />
          <LocationSelect practiceId={practiceId} label={t('locations.toLocation')} required exclude={lot?.location_id ?? null} testId="move-to" {...form.getInputProps('to_location_id')} />
          {(locations.data?.length ?? 0) < 2 && !locations.isPending ? (
            <Text size="sm" c="dimmed" data-testid="move-no-other">
              {t('locations.noOther')}
            </Text>
          ) : null}
          <DecimalInput
            label={t('inventory.fields.quantityIn', { unit })}
            description={lot ? t('locations.quantityHint', { quantity: quantityText(lot.quantity), unit }) : undefined}
            required
            data-testid="move-quantity"
            {...form.getInputProps('quantity')}
          />
          <Textarea label={t('inventory.fields.reason')} autosize minRows={1} maxRows={4} data-testid="move-reason" {...form.getInputProps('reason')} />
          <FormFooter submitLabel={t('locations.move')} submitTestId="move-submit" saving={saving} onCancel={onClose} />
        </>
      ) : null}
    </FormModal>
  );
}
