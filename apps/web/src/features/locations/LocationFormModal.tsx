import { Checkbox, NumberInput, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STORAGE_LOCATION_KINDS, storageLocationBodySchema, type StorageLocationKind } from '@enamel/contracts';
import { useAfterSave } from '../../core/actions.ts';
import { useSelectedPractice } from '../../core/practice.ts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { useFormFill } from '../../ui/useFormFill.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { fetchStorageLocation, saveStorageLocation, storageLocationLifecycle } from './location.api.ts';

interface Values extends Record<string, unknown> {
  name: string;
  kind: StorageLocationKind;
  sort_order: number | string;
  is_main: boolean;
}

const EMPTY: Values = { name: '', kind: 'operatory', sort_order: 0, is_main: false };

/** Create (id undefined) or edit a storage location of the selected practice in a dialog. */
export function LocationFormModal({ opened, id, onClose }: { opened: boolean; id?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const practice = useSelectedPractice();
  const afterSave = useAfterSave();
  const form = useForm<Values>({ initialValues: EMPTY });
  const existing = useQuery({ queryKey: ['storage-location', id], queryFn: () => fetchStorageLocation(id!), enabled: opened && id !== undefined });
  const practiceId = existing.data?.dental_practice_id ?? practice?.id ?? 0;

  useFormFill(
    form,
    () => (!opened ? undefined : id === undefined ? EMPTY : existing.data ? { name: existing.data.name, kind: existing.data.kind, sort_order: existing.data.sort_order, is_main: existing.data.is_main } : undefined),
    [opened, id, existing.data],
  );

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    contractCall(
      storageLocationBodySchema,
      (v: Values) => ({ dental_practice_id: practiceId, name: v.name, kind: v.kind, sort_order: Number(v.sort_order) || 0, ...(v.is_main ? { is_main: true } : {}) }),
      (body) => saveStorageLocation(body, id),
    ),
    afterSave(t(id === undefined ? 'locations.created' : 'locations.saved'), storageLocationLifecycle.refresh, onClose),
  );

  return (
    <FormModal opened={opened} onClose={onClose} size="lg" title={t(id === undefined ? 'locations.createTitle' : 'locations.editTitle')} testId="location-form-modal" formTestId="location-form" onSubmit={onSubmit} message={message}>
      <TextInput label={t('locations.fields.name')} required data-autofocus data-testid="location-name" {...form.getInputProps('name')} />
      <Select
        label={t('locations.fields.kind')}
        required
        allowDeselect={false}
        data={STORAGE_LOCATION_KINDS.map((k) => ({ value: k, label: t(`locations.kinds.${k}`) }))}
        data-testid="location-kind"
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('kind')}
      />
      <NumberInput label={t('locations.fields.sortOrder')} description={t('locations.sortOrderHint')} min={0} max={1_000_000} allowDecimal={false} data-testid="location-sort-order" {...form.getInputProps('sort_order')} />
      <Checkbox label={t('locations.fields.isMain')} description={t('locations.isMainHint')} disabled={existing.data?.is_main ?? false} data-testid="location-is-main" {...form.getInputProps('is_main', { type: 'checkbox' })} />
      <FormFooter submitLabel={t(id === undefined ? 'locations.create' : 'common.save')} submitTestId="location-submit" saving={saving} onCancel={onClose} />
    </FormModal>
  );
}
