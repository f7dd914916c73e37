import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../core/notify.ts';
import { ItemLinesEditor, pickLine } from '../../ui/item-lines/index.ts';
import { useStockMoney } from '../inventory/index.ts';
import { StockProductPicker } from '../inventory/index.ts';
import type { Shortfall } from './items.ts';
import type { ProcedureFormValues } from './procedure-form-values.ts';
import { ShortfallAlert } from './ProcedureShortfall.tsx';

/** What the procedure uses: products picked with what the practice has on hand, in the shared item-lines editor. */
export function ProcedureItems({ form, practiceId, short }: { form: UseFormReturnType<ProcedureFormValues>; practiceId: number; short: Shortfall[] }) {
  const { t } = useTranslation();
  const money = useStockMoney();
  const picker = (
    <StockProductPicker
      practiceId={practiceId}
      label={t('procedures.addItem')}
      onPick={(hit) => {
        if (pickLine(form, { product_id: hit.id, name: hit.name, sku: hit.sku, usage_unit: hit.usage_unit, unit_cost: hit.unit_cost, on_hand: hit.on_hand })) notifySuccess(t('procedures.merged', { name: hit.name }));
      }}
      testId="procedure-item-picker"
    />
  );
  return (
    <>
      <ItemLinesEditor
        form={form}
        title={t('procedures.items')}
        hint={t('procedures.itemsHint')}
        picker={picker}
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
