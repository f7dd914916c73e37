import { Select, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { purchaseOrderReturnBodySchema, RETURN_REASONS, type ReturnReason } from '@enamel/contracts';
import { contractCall } from '../../ui/contractValidation.ts';
import { DecimalInput } from '../../ui/DecimalInput.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { useUnitLabel } from '../../ui/units.ts';
import { decimalText, useDay } from '../inventory/index.ts';
import { returnPurchaseOrderLine, type PurchaseOrderDetail } from './purchase-orders.api.ts';

interface Values extends Record<string, unknown> {
  line_id: string;
  quantity: number | string;
  lot_id: string;
  reason: ReturnReason;
  note: string;
}

interface Props {
  opened: boolean;
  order: PurchaseOrderDetail;
  lineId: number | null;
  onClose: () => void;
  onReturned: (order: PurchaseOrderDetail) => void | Promise<void>;
}

/** Back to the supplier from a received line: usage units, from a lot that came in on it (or FEFO), with the reason. */
export function ReturnToSupplierModal({ opened, order, lineId, onClose, onReturned }: Props) {
  const { t } = useTranslation();
  const unitLabel = useUnitLabel();
  const day = useDay();
  const returnable = order.lines.filter((l) => Number(l.returnable_units) > 0);
  const form = useForm<Values>({ initialValues: { line_id: '', quantity: '', lot_id: '', reason: 'damaged', note: '' } });
  useEffect(() => {
    if (!opened) return;
    form.setValues({ line_id: String(lineId ?? returnable[0]?.id ?? ''), quantity: '', lot_id: '', reason: 'damaged', note: '' });
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, lineId]);
  const values = form.getValues();
  const line = order.lines.find((l) => String(l.id) === values.line_id);
  const { saving, message, onSubmit } = useFormSubmit(
    form,
    contractCall(
      purchaseOrderReturnBodySchema,
      (v: Values) => ({ quantity: decimalText(v.quantity), lot_id: v.lot_id ? Number(v.lot_id) : null, reason: v.reason, note: v.note.trim() || null }),
      (body) => returnPurchaseOrderLine(order.id, Number(values.line_id), body),
    ),
    onReturned,
  );
  return (
    <FormModal opened={opened} onClose={onClose} size="lg" title={t('purchaseOrders.return.title', { number: order.number })} testId="po-return-modal" formTestId="po-return-form" onSubmit={onSubmit} message={message} errorTestId="po-return-error">
      <Select
        label={t('purchaseOrders.return.line')}
        data={returnable.map((l) => ({ value: String(l.id), label: `${l.product_name} (${t('purchaseOrders.return.returnable', { quantity: l.returnable_units.replace(/\.?0+$/, ''), unit: unitLabel(l.usage_unit, l.returnable_units) })})` }))}
        allowDeselect={false}
        data-testid="po-return-line"
        {...form.getInputProps('line_id')}
      />
      <DecimalInput label={t('purchaseOrders.return.quantity', { unit: line ? unitLabel(line.usage_unit) : '' })} required data-testid="po-return-quantity" {...form.getInputProps('quantity')} />
      <Select
        label={t('purchaseOrders.return.lot')}
        data={[{ value: '', label: t('purchaseOrders.return.fefo') }, ...(line?.lots ?? []).map((l) => ({ value: String(l.id), label: `${l.lot_number ?? t('inventory.noLot')} · ${day(l.expiry_date)} · ${l.quantity.replace(/\.?0+$/, '')}` }))]}
        allowDeselect={false}
        data-testid="po-return-lot"
        {...form.getInputProps('lot_id')}
      />
      <Select
        label={t('purchaseOrders.return.reason')}
        data={RETURN_REASONS.map((r) => ({ value: r, label: t(`purchaseOrders.returnReasons.${r}`) }))}
        allowDeselect={false}
        data-testid="po-return-reason"
        {...form.getInputProps('reason')}
      />
      <Textarea label={t('purchaseOrders.return.note')} autosize minRows={1} maxRows={4} data-testid="po-return-note" {...form.getInputProps('note')} />
      <FormFooter submitLabel={t('purchaseOrders.actions.return')} submitTestId="po-return-submit" saving={saving} onCancel={onClose} />
    </FormModal>
  );
}
