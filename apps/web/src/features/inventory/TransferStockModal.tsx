import { Alert, Select, Textarea } from '@mantine/core';
import { useAbility } from '@casl/react';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { compareDecimals, transferBodySchema } from '@enamel/contracts';
import type { AppAbility } from '../../core/abilities.ts';
import { useRefreshLists } from '../../core/actions.ts';
import { notifySuccess } from '../../core/notify.ts';
import { usePracticeOptions } from '../../ui/PracticeSelector.tsx';
import { useUnitLabel } from '../../ui/units.ts';
import { useStockSubmit } from './useStockSubmit.ts';
import { STOCK_QUERY_KEYS, transferStock, type InventoryRow } from './inventory.api.ts';
import { ProductSummary } from './ProductSummary.tsx';
import { decimalText } from './stock.ts';
import { useFormFill } from '../../ui/useFormFill.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { DecimalInput } from '../../ui/DecimalInput.tsx';

interface Values extends Record<string, unknown> {
  to_dental_practice_id: string | null;
  quantity: number | string;
  reason: string;
}

interface TransferStockModalProps {
  opened: boolean;
  practiceId: number;
  inventory: Pick<InventoryRow, 'product_id' | 'product_name' | 'sku' | 'usage_unit' | 'purchase_unit' | 'units_per_purchase_unit' | 'on_hand'> | null;
  onClose: () => void;
}

/** Moves stock to another practice the user may see (FEFO out, same lots in); a shortfall is the server's 409 message. */
export function TransferStockModal({ opened, practiceId, inventory, onClose }: TransferStockModalProps) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const refreshLists = useRefreshLists();
  const unitLabel = useUnitLabel();
  const practices = usePracticeOptions(ability.can('read', 'DentalPractice'));
  const targets = (practices.data ?? []).filter((p) => p.id !== practiceId && p.status === 'active').map((p) => ({ value: String(p.id), label: p.code ? `${p.name} (${p.code})` : p.name }));
  const form = useForm<Values>({
    initialValues: { to_dental_practice_id: null, quantity: '', reason: '' },
    validate: {
      to_dental_practice_id: (v) => (v ? null : t('inventory.validation.target')),
      quantity: (v) => (Number(decimalText(v)) > 0 ? null : t('inventory.validation.positive')),
    },
  });

  useFormFill(form, () => (opened ? { to_dental_practice_id: null, quantity: '', reason: '' } : undefined), [opened, practiceId]);

  const quantity = decimalText(form.getValues().quantity);
  const exceeds = inventory !== null && quantity !== '' && compareDecimals(quantity, inventory.on_hand) > 0;

  const { saving, message, onSubmit } = useStockSubmit(
    form,
    practiceId,
    transferBodySchema,
    (v: Values) => ({
      to_dental_practice_id: Number(v.to_dental_practice_id),
      product_id: inventory!.product_id,
      quantity: decimalText(v.quantity),
      reason: v.reason.trim() || null,
    }),
    transferStock,
    async () => {
      const target = targets.find((p) => p.value === form.getValues().to_dental_practice_id);
      notifySuccess(t('inventory.transferred', { practice: target?.label ?? '' }));
      await refreshLists(STOCK_QUERY_KEYS);
      onClose();
    },
  );

  return (
    <FormModal opened={opened} onClose={onClose} size="lg" title={t('inventory.transferTitle')} testId="transfer-modal" formTestId="transfer-form" onSubmit={onSubmit} message={message} errorTestId="transfer-error" ready={inventory !== null}>
      {inventory ? (
        <>
        <ProductSummary product={{ ...inventory, name: inventory.product_name }} />
        <Select
          label={t('inventory.fields.toPractice')}
          data={targets}
          required
          searchable={targets.length > 8}
          disabled={practices.isPending}
          nothingFoundMessage={t('table.noOptions')}
          placeholder={targets.length === 0 && !practices.isPending ? t('inventory.noOtherPractice') : undefined}
          data-testid="transfer-practice"
          {...form.getInputProps('to_dental_practice_id')}
        />
        <DecimalInput
          label={t('inventory.fields.quantityIn', { unit: unitLabel(inventory.usage_unit) })}
          required
          data-testid="transfer-quantity"
          {...form.getInputProps('quantity')}
        />
        {exceeds ? (
          <Alert color="orange" variant="light" data-testid="transfer-warning">
            {t('inventory.moreThanOnHand')}
          </Alert>
        ) : null}
        <Textarea label={t('inventory.fields.reason')} autosize minRows={1} maxRows={4} data-testid="transfer-reason" {...form.getInputProps('reason')} />
        <FormFooter submitLabel={t('inventory.transfer')} submitTestId="transfer-submit" saving={saving} onCancel={onClose} />
        </>
      ) : null}
    </FormModal>
  );
}
