import { Grid, Loader, Paper, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { procedureTemplateBodySchema } from '@enamel/contracts';
import { useRefreshLists } from '../../core/actions.ts';
import { notifySuccess } from '../../core/notify.ts';
import { ItemLinesEditor, isPositiveQuantity, lineBodies, pickLine, type ItemLine } from '../../ui/item-lines/index.ts';
import { FormError } from '../../ui/FormError.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RecordNotFound } from '../../ui/RecordNotFound.tsx';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { ProcedureCodeSelect } from '../procedure-codes/index.ts';
import { useMoney } from '../../ui/money.ts';
import type { ProductHit } from '../products/index.ts';
import { ProductPicker } from './ProductPicker.tsx';
import { fetchProcedureTemplate, saveProcedureTemplate } from './procedure-template.api.ts';

interface Values extends Record<string, unknown> {
  name: string;
  procedure_code_id: string | null;
  description: string;
  items: ItemLine[];
}

const LIST = '/admin/list/procedure-templates';

/** /admin/procedure-templates/create and /admin/procedure-templates/edit/{id}: a procedure's consumables and what they cost. */
export function ProcedureTemplateFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refreshLists = useRefreshLists();
  const money = useMoney();
  const params = useParams();
  const id = params.id ? Number(params.id) : undefined;
  const editing = id !== undefined;
  const form = useForm<Values>({
    initialValues: { name: '', procedure_code_id: null, description: '', items: [] },
    // A hint before the round trip; the server checks every line again.
    validate: { items: { quantity: (value) => (isPositiveQuantity(value) ? null : t('procedureTemplates.quantityPositive')) } },
  });
  const template = useQuery({ queryKey: ['procedure-template', id], queryFn: () => fetchProcedureTemplate(id!), enabled: editing && Number.isInteger(id) });

  useEffect(() => {
    const p = template.data;
    if (!p) return;
    form.setValues({
      name: p.name,
      procedure_code_id: String(p.procedure_code_id),
      description: p.description ?? '',
      items: p.items.map((i) => ({ product_id: i.product_id, name: i.product_name, sku: i.sku, usage_unit: i.usage_unit, unit_cost: i.unit_cost, quantity: i.quantity })),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [template.data]);

  const onPick = (product: ProductHit) => {
    if (pickLine(form, { product_id: product.id, name: product.name, sku: product.sku, usage_unit: product.usage_unit, unit_cost: product.unit_cost })) notifySuccess(t('procedureTemplates.merged', { name: product.name }));
  };

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    contractCall(
      procedureTemplateBodySchema,
      (v: Values) => ({
        name: v.name,
        procedure_code_id: Number(v.procedure_code_id),
        description: v.description.trim() || null,
        items: lineBodies(v.items),
      }),
      (body) => saveProcedureTemplate(body, id),
    ),
    async () => {
      notifySuccess(t(editing ? 'procedureTemplates.saved' : 'procedureTemplates.created'));
      await refreshLists(['procedure-template', 'procedure-templates']);
      void navigate(LIST);
    },
  );

  if (editing && template.isError) return <RecordNotFound message={t('procedureTemplates.notFound')} testId="template-load-error" />;
  if (editing && template.isPending) return <Loader size="sm" />;

  return (
    <>
      <PageHeader
        title={t(editing ? 'routes.procedureTemplateEdit' : 'routes.procedureTemplateCreate')}
        description={editing && template.data ? `${template.data.procedure_code} · ${template.data.procedure_code_name}` : t('procedureTemplates.createSubtitle')}
      />
      <Paper withBorder p="xl" maw={1100}>
        <form onSubmit={onSubmit} noValidate data-testid="template-form">
          <Stack gap="lg">
            <FormError message={message} testId="template-form-error" />
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('procedureTemplates.fields.name')} required autoComplete="off" data-testid="template-name" {...form.getInputProps('name')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <ProcedureCodeSelect
                  label={t('procedureTemplates.fields.procedureCode')}
                  inactive="labelled"
                  keep={template.data}
                  data-testid="template-procedure-code"
                  {...form.getInputProps('procedure_code_id')}
                />
              </Grid.Col>
            </Grid>
            <Textarea label={t('procedureTemplates.fields.description')} autosize minRows={2} maxRows={6} data-testid="template-description" {...form.getInputProps('description')} />

            <ItemLinesEditor
              form={form}
              title={t('procedureTemplates.items')}
              hint={t('procedureTemplates.itemsHint')}
              picker={<ProductPicker label={t('procedureTemplates.addProduct')} onPick={onPick} />}
              money={money}
              show="unit-cost"
              empty={t('procedureTemplates.noItems')}
              totalLabel={t('procedureTemplates.fields.consumableCost')}
              testId="template"
            />
            <FormFooter submitLabel={t(editing ? 'common.save' : 'procedureTemplates.create')} submitTestId="template-submit" saving={saving} onCancel={() => void navigate(LIST)} />
          </Stack>
        </form>
      </Paper>
    </>
  );
}
