import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { brandBodySchema } from '@enamel/contracts';
import { useAfterSave } from '../../core/actions.ts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { brandLifecycle, fetchBrand, saveBrand } from './brand.api.ts';
import { useFormFill } from '../../ui/useFormFill.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';

interface Values extends Record<string, unknown> {
  name: string;
  manufacturer: string;
  website: string;
}

const EMPTY: Values = { name: '', manufacturer: '', website: '' };

/** Create (id undefined) or edit a brand in a dialog. */
export function BrandFormModal({ opened, id, onClose }: { opened: boolean; id?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const afterSave = useAfterSave();
  const form = useForm<Values>({ initialValues: EMPTY });
  const existing = useQuery({ queryKey: ['brand', id], queryFn: () => fetchBrand(id!), enabled: opened && id !== undefined });

  useFormFill(form, () => (!opened ? undefined : id === undefined ? EMPTY : existing.data ? { name: existing.data.name, manufacturer: existing.data.manufacturer ?? '', website: existing.data.website ?? '' } : undefined), [opened, id, existing.data]);

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    contractCall(
      brandBodySchema,
      (v: Values) => ({ name: v.name, manufacturer: v.manufacturer.trim() || null, website: v.website.trim() || null }),
      (body) => saveBrand(body, id),
    ),
    afterSave(t(id === undefined ? 'brands.created' : 'brands.saved'), brandLifecycle.refresh, onClose),
  );

  return (
    <FormModal opened={opened} onClose={onClose} size="lg" title={t(id === undefined ? 'brands.createTitle' : 'brands.editTitle')} testId="brand-form-modal" formTestId="brand-form" onSubmit={onSubmit} message={message}>
      <TextInput label={t('brands.fields.name')} required data-autofocus data-testid="brand-name" {...form.getInputProps('name')} />
      <TextInput label={t('brands.fields.manufacturer')} data-testid="brand-manufacturer" {...form.getInputProps('manufacturer')} />
      <TextInput label={t('brands.fields.website')} type="url" placeholder="https://" data-testid="brand-website" {...form.getInputProps('website')} />
      <FormFooter submitLabel={t(id === undefined ? 'brands.create' : 'common.save')} submitTestId="brand-submit" saving={saving} onCancel={onClose} />
    </FormModal>
  );
}
