import { Grid, Select, Text, TextInput, Textarea } from '@mantine/core';
import { SegmentedField } from '../../ui/SegmentedField.tsx';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ProcedureCodeSelect } from '../procedure-codes/index.ts';
import { fetchTemplatesOfCode, type ProcedureDetail } from './procedure.api.ts';
import type { ProcedureFormValues } from './procedure-form-values.ts';
import { DateField } from '../../ui/DateField.tsx';

interface ProcedureFieldsProps {
  form: UseFormReturnType<ProcedureFormValues>;
  /** The procedure being edited: its code and template stay choosable even when inactive. */
  existing?: ProcedureDetail;
  onTemplateChange: (templateId: string | null) => void;
}

/** What was done, when, by whom, and whether it is done yet. */
export function ProcedureFields({ form, existing, onTemplateChange }: ProcedureFieldsProps) {
  const { t } = useTranslation();
  const values = form.getValues();
  const codeId = values.procedure_code_id ? Number(values.procedure_code_id) : null;
  const templates = useQuery({ queryKey: ['procedure-templates', 'of-code', codeId], queryFn: ({ signal }) => fetchTemplatesOfCode(codeId!, signal), enabled: codeId !== null });

  const templateData = useMemo(() => {
    const list = (templates.data ?? []).filter((tpl) => tpl.status === 'active' || String(tpl.id) === values.procedure_template_id).map((tpl) => ({ value: String(tpl.id), label: tpl.name }));
    const e = existing;
    if (e?.procedure_template_id && e.template_name && String(e.procedure_code_id) === values.procedure_code_id && !list.some((o) => o.value === String(e.procedure_template_id))) {
      list.unshift({ value: String(e.procedure_template_id), label: e.template_name });
    }
    return list;
  }, [templates.data, existing, values.procedure_code_id, values.procedure_template_id]);

  const onCodeChange = (value: string | null) => {
    form.setFieldValue('procedure_code_id', value);
    if (value !== values.procedure_code_id) form.setFieldValue('procedure_template_id', null);
  };

  return (
    <>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <ProcedureCodeSelect
            label={t('procedures.fields.procedureCode')}
            inactive="hidden"
            keep={existing}
            data-testid="procedure-code"
            {...form.getInputProps('procedure_code_id')}
            onChange={onCodeChange}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label={t('procedures.fields.template')}
            description={t('procedures.templateHint')}
            data={templateData}
            clearable
            disabled={codeId === null || templates.isPending}
            placeholder={codeId !== null && !templates.isPending && templateData.length === 0 ? t('procedures.noTemplates') : undefined}
            nothingFoundMessage={t('table.noOptions')}
            data-testid="procedure-template"
            {...form.getInputProps('procedure_template_id')}
            onChange={onTemplateChange}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <DateField withTime label={t('procedures.fields.performedAt')} required data-testid="procedure-performed-at" {...form.getInputProps('performed_at')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label={t('procedures.fields.provider')} autoComplete="off" data-testid="procedure-provider" {...form.getInputProps('provider')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SegmentedField
            label={t('common.status')}
            fullWidth
            data={[
              { value: 'planned', label: t('procedures.status.planned') },
              { value: 'completed', label: t('procedures.status.completed') },
            ]}
            data-testid="procedure-status"
            {...form.getInputProps('status')}
          />
        </Grid.Col>
      </Grid>
      <Text size="xs" c="dimmed" mt={-8}>
        {t(values.status === 'completed' ? 'procedures.completedHint' : 'procedures.plannedHint')}
      </Text>
      <Textarea label={t('procedures.fields.notes')} autosize minRows={2} maxRows={6} data-testid="procedure-notes" {...form.getInputProps('notes')} />
    </>
  );
}
