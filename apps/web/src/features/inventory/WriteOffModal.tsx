import { Text, Textarea } from '@mantine/core';
import { SegmentedField } from '../../ui/SegmentedField.tsx';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { compareDecimals, writeOffBodySchema } from '@enamel/contracts';
import { useAfterSave } from '../../core/actions.ts';
import { useUnitLabel, useQuantity } from '../../ui/units.ts';
import { useStockSubmit } from './useStockSubmit.ts';
import { STOCK_QUERY_KEYS, writeOffLot, type Lot } from './inventory.api.ts';
import { decimalText, useDay } from './stock.ts';
import { useFormFill } from '../../ui/useFormFill.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { DecimalInput } from '../../ui/DecimalInput.tsx';

interface Values extends Record<string, unknown> {
  type: 'expire' | 'waste';
  quantity: number | string;
  reason: string;
}

interface WriteOffModalProps {
  opened: boolean;
  practiceId: number;
  lot: Lot | null;
  productName: string;
  usageUnit: string;
  onClose: () => void;
}

/** Writes a lot off as expired or wasted: the whole lot, or part of it. */
export function WriteOffModal({ opened, practiceId, lot, productName, usageUnit, onClose }: WriteOffModalProps) {
  const { t } = useTranslation();
  const afterSave = useAfterSave();
  const quantity = useQuantity();
  const unitLabel = useUnitLabel();
  const day = useDay();
  const form = useForm<Values>({
    initialValues: { type: 'expire', quantity: '', reason: '' },
    validate: {
      quantity: (v) => {
        const text = decimalText(v);
        if (text === '') return null;
        if (!(Number(text) > 0)) return t('inventory.validation.positive');
        return lot && compareDecimals(text, lot.quantity) > 0 ? t('inventory.validation.moreThanLot') : null;
      },
    },
  });

  useFormFill(form, () => (opened && lot ? ({ type: lot.expiry_state === 'expired' ? 'expire' : 'waste', quantity: '', reason: '' } satisfies Values) : undefined), [opened, lot?.id]);

  const { saving, message, onSubmit } = useStockSubmit(
    form,
    practiceId,
    writeOffBodySchema,
    (v: Values) => ({
      lot_id: lot!.id,
      type: v.type,
      quantity: decimalText(v.quantity) || null,
      reason: v.reason.trim() || null,
    }),
    writeOffLot,
    afterSave(t('inventory.writtenOff'), STOCK_QUERY_KEYS, onClose),
  );

  const unit = unitLabel(usageUnit);
  return (
    <FormModal opened={opened} onClose={onClose} title={<Text fw={600}>{t('inventory.writeOffTitle')}</Text>} centered testId="write-off-modal" formTestId="write-off-form" onSubmit={onSubmit} message={message} errorTestId="write-off-error" ready={lot !== null}>
      {lot ? (
        <>
        <Text size="sm">
          {t('inventory.writeOffMessage', {
            name: productName,
            lot: lot.lot_number ?? t('inventory.noLot'),
            expiry: lot.expiry_date ? day(lot.expiry_date) : '—',
            quantity: quantity(lot.quantity),
            unit,
          })}
        </Text>
        <SegmentedField
          label={t('inventory.fields.type')}
          fullWidth
          data={[
            { value: 'expire', label: t('movementTypes.expire') },
            { value: 'waste', label: t('movementTypes.waste') },
          ]}
          data-testid="write-off-type"
          {...form.getInputProps('type')}
        />
        <DecimalInput
          label={t('inventory.fields.quantityIn', { unit })}
          description={t('inventory.writeOffQuantityHint')}
          data-testid="write-off-quantity"
          {...form.getInputProps('quantity')}
        />
        <Textarea label={t('inventory.fields.reason')} autosize minRows={1} maxRows={4} data-testid="write-off-reason" {...form.getInputProps('reason')} />
        <FormFooter submitLabel={t('inventory.writeOff')} submitTestId="write-off-submit" saving={saving} onCancel={onClose} lockCancel color="red" />
        </>
      ) : null}
    </FormModal>
  );
}
