import { ActionIcon, Alert, Button, Grid, Group, Loader, NumberInput, Paper, Select, Stack, Table, Text, TextInput, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { ProcedureTemplateBody } from '@enamel/contracts';
import { useRefreshLists } from '../../core/actions.ts';
import { notifySuccess } from '../../core/notify.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { fetchAllProcedureCodes } from '../procedure-codes/procedure-code.api.ts';
import { fromScaled, multiplyDecimals, sumDecimals, toScaled, useMoney } from '../products/money.ts';
import type { ProductHit } from '../products/product.api.ts';
import { useDecimalSeparator, useUnitLabel } from '../products/units.ts';
import { ProductPicker } from './ProductPicker.tsx';
import { fetchProcedureTemplate, saveProcedureTemplate } from './procedure-template.api.ts';

export interface ItemValue {
  product_id: number;
  name: string;
  sku: string;
  usage_unit: string;
  unit_cost: string;
  quantity: number | string;
}

interface Values extends Record<string, unknown> {
  name: string;
  procedure_code_id: string | null;
  description: string;
  items: ItemValue[];
}

const LIST = '/admin/list/procedure-templates';
const ONE = toScaled(1)!;

/** A quantity as the decimal string the server takes ("" stays "", so the server names the bad line). */
export function quantityText(quantity: number | string): string {
  return typeof quantity === 'number' ? String(quantity) : quantity.trim();
}

/** Adds a picked product, or adds one usage unit to its line when it is already there (duplicates are merged). */
export function addItem(items: ItemValue[], product: Pick<ProductHit, 'id' | 'name' | 'sku' | 'usage_unit' | 'unit_cost'>): { items: ItemValue[]; merged: boolean } {
  const index = items.findIndex((i) => i.product_id === product.id);
  if (index === -1) {
    return { items: [...items, { product_id: product.id, name: product.name, sku: product.sku, usage_unit: product.usage_unit, unit_cost: product.unit_cost, quantity: 1 }], merged: false };
  }
  const next = items.slice();
  const current = next[index]!;
  const scaled = toScaled(quantityText(current.quantity)) ?? 0n;
  next[index] = { ...current, quantity: Number(fromScaled(scaled + ONE)) };
  return { items: next, merged: true };
}

/** Σ quantity × unit cost of the lines, exact. */
export function consumableCost(items: ItemValue[]): string {
  return sumDecimals(items.map((i) => multiplyDecimals(quantityText(i.quantity) || '0', i.unit_cost)));
}

/** /admin/procedure-templates/create and /admin/procedure-templates/edit/{id}: a procedure's consumables and what they cost. */
export function ProcedureTemplateFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refreshLists = useRefreshLists();
  const money = useMoney();
  const unitLabel = useUnitLabel();
  const decimalSeparator = useDecimalSeparator();
  const params = useParams();
  const id = params.id ? Number(params.id) : undefined;
  const editing = id !== undefined;
  const form = useForm<Values>({
    initialValues: { name: '', procedure_code_id: null, description: '', items: [] },
    // A hint before the round trip; the server checks every line again.
    validate: { items: { quantity: (value) => ((toScaled(quantityText(value)) ?? 0n) > 0n ? null : t('procedureTemplates.quantityPositive')) } },
  });
  const template = useQuery({ queryKey: ['procedure-template', id], queryFn: () => fetchProcedureTemplate(id!), enabled: editing && Number.isInteger(id) });
  const codes = useQuery({ queryKey: ['procedure-codes', 'all'], queryFn: fetchAllProcedureCodes });

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

  const codeData = useMemo(() => {
    const list = (codes.data ?? []).map((c) => ({ value: String(c.id), label: `${c.code} · ${c.name}${c.status === 'active' ? '' : ` (${t('status.inactive')})`}` }));
    const p = template.data;
    if (p && !list.some((o) => o.value === String(p.procedure_code_id))) list.unshift({ value: String(p.procedure_code_id), label: `${p.procedure_code} · ${p.procedure_code_name}` });
    return list;
  }, [codes.data, template.data, t]);

  const items = form.getValues().items;
  const total = consumableCost(items);

  const onPick = (product: ProductHit) => {
    const result = addItem(form.getValues().items, product);
    form.setFieldValue('items', result.items);
    if (result.merged) notifySuccess(t('procedureTemplates.merged', { name: product.name }));
  };

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    (v) => {
      const body: ProcedureTemplateBody = {
        name: v.name,
        procedure_code_id: Number(v.procedure_code_id),
        description: v.description.trim() || null,
        items: v.items.map((i) => ({ product_id: i.product_id, quantity: quantityText(i.quantity) })),
      };
      return saveProcedureTemplate(body, id);
    },
    async () => {
      notifySuccess(t(editing ? 'procedureTemplates.saved' : 'procedureTemplates.created'));
      await refreshLists(['procedure-template', 'procedure-templates']);
      void navigate(LIST);
    },
  );

  if (editing && template.isError) {
    return (
      <Alert color="red" variant="light" data-testid="template-load-error">
        {t('procedureTemplates.notFound')}
      </Alert>
    );
  }
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
            {message ? (
              <Alert color="red" variant="light" role="alert" data-testid="template-form-error">
                {message}
              </Alert>
            ) : null}
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('procedureTemplates.fields.name')} required autoComplete="off" data-testid="template-name" {...form.getInputProps('name')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label={t('procedureTemplates.fields.procedureCode')}
                  data={codeData}
                  searchable
                  required
                  allowDeselect={false}
                  disabled={codes.isPending}
                  nothingFoundMessage={t('table.noOptions')}
                  data-testid="template-procedure-code"
                  {...form.getInputProps('procedure_code_id')}
                />
              </Grid.Col>
            </Grid>
            <Textarea label={t('procedureTemplates.fields.description')} autosize minRows={2} maxRows={6} data-testid="template-description" {...form.getInputProps('description')} />

            <div>
              <Title order={2} fz="md">
                {t('procedureTemplates.items')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('procedureTemplates.itemsHint')}
              </Text>
            </div>
            <ProductPicker label={t('procedureTemplates.addProduct')} onPick={onPick} />
            <Table withTableBorder verticalSpacing="xs" data-testid="template-items">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('procedureTemplates.fields.product')}</Table.Th>
                  <Table.Th w={200}>{t('procedureTemplates.fields.quantity')}</Table.Th>
                  <Table.Th w={140} ta="right">
                    {t('products.fields.unitCost')}
                  </Table.Th>
                  <Table.Th w={140} ta="right">
                    {t('procedureTemplates.fields.lineCost')}
                  </Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>{t('actions.title')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text size="sm" c="dimmed" ta="center" py="sm" data-testid="template-items-empty">
                        {t('procedureTemplates.noItems')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  items.map((item, index) => (
                    <Table.Tr key={item.product_id} data-testid="template-item">
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {item.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {item.sku}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={t('procedureTemplates.quantityFor', { name: item.name })}
                          min={0}
                          decimalScale={4}
                          decimalSeparator={decimalSeparator}
                          allowNegative={false}
                          size="xs"
                          rightSection={
                            <Text size="xs" c="dimmed" pr={6}>
                              {unitLabel(item.usage_unit)}
                            </Text>
                          }
                          rightSectionWidth={80}
                          data-testid="template-item-quantity"
                          {...form.getInputProps(`items.${index}.quantity`)}
                        />
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm">{money(item.unit_cost, { perUnit: true })}</Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm" fw={500} data-testid="template-item-line-cost">
                          {money(multiplyDecimals(quantityText(item.quantity) || '0', item.unit_cost))}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon variant="subtle" color="red" aria-label={t('procedureTemplates.removeItem', { name: item.name })} onClick={() => form.removeListItem('items', index)} data-testid="template-item-remove">
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={3} ta="right">
                    {t('procedureTemplates.fields.consumableCost')}
                  </Table.Th>
                  <Table.Th ta="right" data-testid="template-total">
                    {money(total)}
                  </Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void navigate(LIST)}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={saving} disabled={saving} data-testid="template-submit">
                {t(editing ? 'common.save' : 'procedureTemplates.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
