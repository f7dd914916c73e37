import { Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../core/notify.ts';
import { ItemLinesEditor, addLine } from '../../ui/item-lines/index.ts';
import { useStockMoney } from '../inventory/stock.ts';
import { StockProductPicker } from '../inventory/StockProductPicker.tsx';
import type { Shortfall } from './items.ts';
import type { ProcedureFormValues } from './procedure-form-values.ts';
import { ShortfallAlert } from './ProcedureShortfall.tsx';

/** What the procedure uses: picked products (with what the practice has on hand) in the shared item-lines editor. */
export function ProcedureItems({ form, practiceId, short }: { form: UseFormReturnType<ProcedureFormValues>; practiceId: number; short: Shortfall[] }) {
  const { t } = useTranslation();
  const money = useStockMoney();
  return (
    <>
      <div>
        <Title order={2} fz="md">
          {t('procedures.items')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('procedures.itemsHint')}
        </Text>
      </div>
      <StockProductPicker
        practiceId={practiceId}
        label={t('procedures.addItem')}
        onPick={(hit) => {
          const result = addLine(form.getValues().items, { product_id: hit.id, name: hit.name, sku: hit.sku, usage_unit: hit.usage_unit, unit_cost: hit.unit_cost, on_hand: hit.on_hand });
          form.setFieldValue('items', result.lines);
          if (result.merged) notifySuccess(t('procedures.merged', { name: hit.name }));
        }}
        testId="procedure-item-picker"
      />
      <ItemLinesEditor
        lines={form.getValues().items}
        quantityProps={(index) => form.getInputProps(`items.${index}.quantity`)}
        onRemove={(index) => form.removeListItem('items', index)}
        money={money}
        show="on-hand"
        short={new Set(short.map((s) => s.product_id))}
        empty={t('procedures.noItems')}
        totalLabel={t('procedures.fields.estimatedCost')}
        testId="procedure"
      />
      {short.length > 0 ? <ShortfallAlert items={short} /> : null}
    </>
  );
}
