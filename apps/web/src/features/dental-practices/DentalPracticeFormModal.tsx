import { Grid, Select, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dentalPracticeBodySchema } from '@enamel/contracts';
import { useAfterSave } from '../../core/actions.ts';
import { useCurrencyOptions } from '../../core/format.ts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { dentalPracticeLifecycle, fetchDentalPractice, saveDentalPractice } from './dental-practice.api.ts';
import { useFormFill } from '../../ui/useFormFill.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';

interface Values extends Record<string, unknown> {
  name: string;
  code: string;
  address: string;
  phone: string;
  email: string;
  time_zone: string;
  currency: string;
}

const EMPTY: Values = { name: '', code: '', address: '', phone: '', email: '', time_zone: 'UTC', currency: 'USD' };

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Create (id undefined) or edit a practice in a dialog. */
export function DentalPracticeFormModal({ opened, id, onClose }: { opened: boolean; id?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const afterSave = useAfterSave();
  const form = useForm<Values>({ initialValues: { ...EMPTY, time_zone: browserTimeZone() } });
  const existing = useQuery({ queryKey: ['dental-practice', id], queryFn: () => fetchDentalPractice(id!), enabled: opened && id !== undefined });

  useFormFill(
    form,
    () => {
      const p = existing.data;
      if (!opened) return undefined;
      if (id === undefined) return { ...EMPTY, time_zone: browserTimeZone() };
      return p ? { name: p.name, code: p.code, address: p.address ?? '', phone: p.phone ?? '', email: p.email ?? '', time_zone: p.time_zone, currency: p.currency } : undefined;
    },
    [opened, id, existing.data],
  );

  const timeZones = useMemo(() => ['UTC', ...Intl.supportedValuesOf('timeZone')], []);
  const currencies = useCurrencyOptions();

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    contractCall(
      dentalPracticeBodySchema,
      (v: Values) => ({ ...v, address: v.address || null, phone: v.phone || null, email: v.email || null }),
      (body) => saveDentalPractice(body, id),
    ),
    afterSave(t(id === undefined ? 'practices.created' : 'practices.saved'), dentalPracticeLifecycle.refresh, onClose),
  );

  return (
    <FormModal opened={opened} onClose={onClose} size="lg" title={t(id === undefined ? 'practices.createTitle' : 'practices.editTitle')} testId="practice-form-modal" formTestId="practice-form" onSubmit={onSubmit} message={message}>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput label={t('practices.fields.name')} required data-testid="practice-name" {...form.getInputProps('name')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label={t('practices.fields.code')} description={t('practices.fields.codeHint')} required data-testid="practice-code" {...form.getInputProps('code')} />
        </Grid.Col>
      </Grid>
      <Textarea label={t('practices.fields.address')} autosize minRows={2} data-testid="practice-address" {...form.getInputProps('address')} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('practices.fields.phone')} type="tel" data-testid="practice-phone" {...form.getInputProps('phone')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('practices.fields.email')} type="email" data-testid="practice-email" {...form.getInputProps('email')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select label={t('practices.fields.timeZone')} data={timeZones} searchable allowDeselect={false} nothingFoundMessage={t('table.noOptions')} data-testid="practice-time-zone" {...form.getInputProps('time_zone')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select label={t('practices.fields.currency')} data={currencies} searchable allowDeselect={false} nothingFoundMessage={t('table.noOptions')} data-testid="practice-currency" {...form.getInputProps('currency')} />
        </Grid.Col>
      </Grid>
      <FormFooter submitLabel={t(id === undefined ? 'practices.create' : 'common.save')} submitTestId="practice-submit" saving={saving} onCancel={onClose} />
    </FormModal>
  );
}
