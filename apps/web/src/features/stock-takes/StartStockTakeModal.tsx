import { Checkbox, NumberInput, Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { STOCK_TAKE_CYCLE_SIZE, STOCK_TAKE_KINDS, type StockTakeDetail, type StockTakeKind } from '@enamel/contracts';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { fetchAllCategories } from '../categories/index.ts';
import { LocationSelect } from '../locations/index.ts';
import { startStockTake } from './stock-takes.api.ts';

interface Props {
  opened: boolean;
  practiceId: number;
  onClose: () => void;
  onStarted: (take: StockTakeDetail) => void | Promise<void>;
}

type Values = {
  kind: StockTakeKind;
  category_id: string | null;
  location_id: string | null;
  cycle_size: number | string;
  blind: boolean;
};

/** Start a stock take: what to count (all, one category, a cycle count, one location) and whether the counters see the expected quantities. */
export function StartStockTakeModal({ opened, practiceId, onClose, onStarted }: Props) {
  const { t } = useTranslation();
  const form = useForm<Values>({ initialValues: { kind: 'all', category_id: null, location_id: null, cycle_size: STOCK_TAKE_CYCLE_SIZE, blind: true } });
  useEffect(() => {
    if (opened) form.setValues({ kind: 'all', category_id: null, location_id: null, cycle_size: STOCK_TAKE_CYCLE_SIZE, blind: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  const categories = useQuery({ queryKey: ['categories', 'all'], queryFn: fetchAllCategories, enabled: opened && form.values.kind === 'category' });
  const { saving, message, onSubmit } = useFormSubmit(
    form,
    (v) =>
      startStockTake({
        dental_practice_id: practiceId, kind: v.kind, blind: v.blind,
        ...(v.kind === 'category' ? { category_id: v.category_id === null ? null : Number(v.category_id) } : {}),
        ...(v.kind === 'location' ? { location_id: v.location_id === null ? null : Number(v.location_id) } : {}),
        ...(v.kind === 'cycle' ? { cycle_size: Number(v.cycle_size) } : {}),
      }),
    onStarted,
  );
  return (
    <FormModal opened={opened} onClose={onClose} title={t('stockTakes.startTitle')} testId="stock-take-start" formTestId="stock-take-start-form" onSubmit={onSubmit} message={message}>
      <Select
        label={t('stockTakes.fields.kind')}
        data={STOCK_TAKE_KINDS.map((kind) => ({ value: kind, label: t(`stockTakes.kind.${kind}`) }))}
        allowDeselect={false}
        data-testid="stock-take-kind"
        {...form.getInputProps('kind')}
      />
      {form.values.kind === 'category' ? (
        <Select
          label={t('stockTakes.fields.category')}
          searchable
          required
          data={(categories.data ?? []).filter((c) => c.status === 'active').map((c) => ({ value: String(c.id), label: c.path }))}
          data-testid="stock-take-category"
          {...form.getInputProps('category_id')}
        />
      ) : null}
      {form.values.kind === 'location' ? (
        <LocationSelect practiceId={practiceId} label={t('stockTakes.fields.location')} description={t('stockTakes.locationHelp')} required testId="stock-take-location" {...form.getInputProps('location_id')} />
      ) : null}
      {form.values.kind === 'cycle' ? (
        <NumberInput label={t('stockTakes.fields.cycleSize')} description={t('stockTakes.cycleHelp')} min={1} max={1000} allowDecimal={false} data-testid="stock-take-cycle-size" {...form.getInputProps('cycle_size')} />
      ) : null}
      <Checkbox label={t('stockTakes.fields.blind')} description={t('stockTakes.blindHelp')} data-testid="stock-take-blind" {...form.getInputProps('blind', { type: 'checkbox' })} />
      <FormFooter submitLabel={t('stockTakes.start')} submitTestId="stock-take-start-submit" saving={saving} onCancel={onClose} />
    </FormModal>
  );
}
