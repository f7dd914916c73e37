import { Grid, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { supplierBodySchema } from '@enamel/contracts';
import { useAfterSave } from '../../core/actions.ts';
import { useCurrencyOptions } from '../../core/format.ts';
import { useCatalogCurrency } from '../../core/organisation.ts';
import { DecimalInput } from '../../ui/DecimalInput.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { contractCall } from '../../ui/contractValidation.ts';
import { useFormFill } from '../../ui/useFormFill.ts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { fetchSupplier, saveSupplier, supplierLifecycle } from './supplier.api.ts';

interface Values extends Record<string, unknown> {
  name: string;
  account_number: string;
  contact_person: string;
  email: string;
  phone: string;
  address: string;
  lead_time_days: number | string;
  minimum_order_value: number | string;
  currency: string | null;
}

/** Create (id undefined) or edit a supplier in a dialog. */
export function SupplierFormModal({ opened, id, onClose }: { opened: boolean; id?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const afterSave = useAfterSave();
  const currencies = useCurrencyOptions();
  const catalogCurrency = useCatalogCurrency();
  const empty: Values = { name: '', account_number: '', contact_person: '', email: '', phone: '', address: '', lead_time_days: 7, minimum_order_value: '0', currency: catalogCurrency };
  const form = useForm<Values>({ initialValues: empty });
  const existing = useQuery({ queryKey: ['supplier', id], queryFn: () => fetchSupplier(id!), enabled: opened && id !== undefined });

  useFormFill(
    form,
    () => {
      if (!opened) return undefined;
      if (id === undefined) return empty;
      const s = existing.data;
      return s
        ? {
            name: s.name, account_number: s.account_number ?? '', contact_person: s.contact_person ?? '', email: s.email ?? '', phone: s.phone ?? '', address: s.address ?? '',
            lead_time_days: s.lead_time_days, minimum_order_value: s.minimum_order_value, currency: s.currency,
          }
        : undefined;
    },
    [opened, id, existing.data],
  );

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    contractCall(
      supplierBodySchema,
      (v: Values) => ({
        name: v.name,
        account_number: v.account_number.trim() || null,
        contact_person: v.contact_person.trim() || null,
        email: v.email.trim() || null,
        phone: v.phone.trim() || null,
        address: v.address.trim() || null,
        lead_time_days: v.lead_time_days === '' ? 7 : Number(v.lead_time_days),
        minimum_order_value: v.minimum_order_value === '' ? '0' : String(v.minimum_order_value),
        currency: v.currency ?? '',
      }),
      (body) => saveSupplier(body, id),
    ),
    afterSave(t(id === undefined ? 'suppliers.created' : 'suppliers.saved'), supplierLifecycle.refresh, onClose),
  );

  return (
    <FormModal opened={opened} onClose={onClose} size="lg" title={t(id === undefined ? 'suppliers.createTitle' : 'suppliers.editTitle')} testId="supplier-form-modal" formTestId="supplier-form" onSubmit={onSubmit} message={message}>
      <TextInput label={t('suppliers.fields.name')} required data-autofocus data-testid="supplier-name" {...form.getInputProps('name')} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('suppliers.fields.accountNumber')} autoComplete="off" data-testid="supplier-account-number" {...form.getInputProps('account_number')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('suppliers.fields.contactPerson')} data-testid="supplier-contact-person" {...form.getInputProps('contact_person')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('suppliers.fields.email')} type="email" data-testid="supplier-email" {...form.getInputProps('email')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('suppliers.fields.phone')} type="tel" data-testid="supplier-phone" {...form.getInputProps('phone')} />
        </Grid.Col>
      </Grid>
      <Textarea label={t('suppliers.fields.address')} autosize minRows={2} maxRows={5} data-testid="supplier-address" {...form.getInputProps('address')} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label={t('suppliers.fields.currency')}
            description={t('suppliers.fields.currencyHint')}
            data={currencies}
            searchable
            allowDeselect={false}
            required
            nothingFoundMessage={t('table.noOptions')}
            data-testid="supplier-currency"
            {...form.getInputProps('currency')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NumberInput label={t('suppliers.fields.leadTimeDays')} description={t('suppliers.fields.leadTimeHint')} min={0} max={365} allowDecimal={false} allowNegative={false} data-testid="supplier-lead-time" {...form.getInputProps('lead_time_days')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <DecimalInput label={t('suppliers.fields.minimumOrderValue')} description={t('suppliers.fields.minimumOrderValueHint')} data-testid="supplier-minimum-order-value" {...form.getInputProps('minimum_order_value')} />
        </Grid.Col>
      </Grid>
      <FormFooter submitLabel={t(id === undefined ? 'suppliers.create' : 'common.save')} submitTestId="supplier-submit" saving={saving} onCancel={onClose} />
    </FormModal>
  );
}
