import { Grid, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PROCEDURE_CATEGORIES, procedureCodeBodySchema, type ProcedureCategory } from '@enamel/contracts';
import { useAfterSave } from '../../core/actions.ts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { fetchProcedureCode, procedureCodeLifecycle, saveProcedureCode } from './procedure-code.api.ts';
import { useFormFill } from '../../ui/useFormFill.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';

interface Values extends Record<string, unknown> {
  code: string;
  name: string;
  category: string | null;
}

const EMPTY: Values = { code: '', name: '', category: null };

/** The ten categories, translated, in the contract's order. */
export function useProcedureCategoryOptions() {
  const { t } = useTranslation();
  return useMemo(() => PROCEDURE_CATEGORIES.map((value) => ({ value, label: t(`procedureCategories.${value}`) })), [t]);
}

/** Create (id undefined) or edit a procedure code in a dialog. */
export function ProcedureCodeFormModal({ opened, id, onClose }: { opened: boolean; id?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const afterSave = useAfterSave();
  const categories = useProcedureCategoryOptions();
  const form = useForm<Values>({ initialValues: EMPTY });
  const existing = useQuery({ queryKey: ['procedure-code', id], queryFn: () => fetchProcedureCode(id!), enabled: opened && id !== undefined });

  useFormFill(form, () => (!opened ? undefined : id === undefined ? EMPTY : existing.data ? { code: existing.data.code, name: existing.data.name, category: existing.data.category } : undefined), [opened, id, existing.data]);

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    contractCall(procedureCodeBodySchema, (v: Values) => ({ code: v.code, name: v.name, category: (v.category ?? '') as ProcedureCategory }), (body) => saveProcedureCode(body, id)),
    afterSave(t(id === undefined ? 'procedureCodes.created' : 'procedureCodes.saved'), procedureCodeLifecycle.refresh, onClose),
  );

  return (
    <FormModal opened={opened} onClose={onClose} size="lg" title={t(id === undefined ? 'procedureCodes.createTitle' : 'procedureCodes.editTitle')} testId="procedure-code-form-modal" formTestId="procedure-code-form" onSubmit={onSubmit} message={message}>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label={t('procedureCodes.fields.code')} description={t('procedureCodes.fields.codeHint')} required data-autofocus autoComplete="off" data-testid="procedure-code-code" {...form.getInputProps('code')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Select label={t('procedureCodes.fields.category')} data={categories} required allowDeselect={false} data-testid="procedure-code-category" {...form.getInputProps('category')} />
        </Grid.Col>
      </Grid>
      <TextInput label={t('procedureCodes.fields.name')} required data-testid="procedure-code-name" {...form.getInputProps('name')} />
      <FormFooter submitLabel={t(id === undefined ? 'procedureCodes.create' : 'common.save')} submitTestId="procedure-code-submit" saving={saving} onCancel={onClose} />
    </FormModal>
  );
}
