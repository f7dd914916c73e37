import { ActionIcon, Alert, Button, Grid, Group, List, Loader, NumberInput, Paper, SegmentedControl, Select, Stack, Table, Text, TextInput, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useRefreshLists } from '../../core/actions.ts';
import { notifySuccess } from '../../core/notify.ts';
import { usePracticeChanged, type SelectedPractice } from '../../core/practice.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { STOCK_QUERY_KEYS, fetchOnHand, searchStockProducts } from '../inventory/inventory.api.ts';
import { PracticeRequired } from '../inventory/PracticeRequired.tsx';
import { decimalText, useStockMoney } from '../inventory/stock.ts';
import { StockProductPicker } from '../inventory/StockProductPicker.tsx';
import { fetchAllProcedureCodes } from '../procedure-codes/procedure-code.api.ts';
import { fetchProcedureTemplate } from '../procedure-templates/procedure-template.api.ts';
import { multiplyDecimals, useQuantity } from '../products/money.ts';
import { useDecimalSeparator, useUnitLabel } from '../products/units.ts';
import { addItem, estimatedCost, fromLocalInput, shortfalls, toLocalInput, unitCostOfItem, type ItemValue } from './items.ts';
import { fetchProcedure, fetchTemplatesOfCode, saveProcedure, type ProcedureStatus } from './procedure.api.ts';

interface Values extends Record<string, unknown> {
  procedure_code_id: string | null;
  procedure_template_id: string | null;
  performed_at: string;
  provider: string;
  status: ProcedureStatus;
  notes: string;
  items: ItemValue[];
}

const LIST = '/admin/list/procedures';

/** /admin/procedures/create and /admin/procedures/edit/{id}: record a procedure of the selected practice and what it used. */
export function ProcedureFormPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const editing = params.id !== undefined;
  // An edited procedure belongs to the practice that was selected: another practice means back to the list.
  const onPracticeChanged = useCallback(() => {
    if (editing) void navigate(LIST);
  }, [editing, navigate]);
  usePracticeChanged(onPracticeChanged, location.key);
  return <PracticeRequired>{(practice) => <ProcedureForm practice={practice} id={editing ? Number(params.id) : undefined} />}</PracticeRequired>;
}

function ProcedureForm({ practice, id }: { practice: SelectedPractice; id?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refreshLists = useRefreshLists();
  const money = useStockMoney();
  const quantity = useQuantity();
  const unitLabel = useUnitLabel();
  const decimalSeparator = useDecimalSeparator();
  const editing = id !== undefined;
  const [confirming, setConfirming] = useState(false);
  const form = useForm<Values>({
    initialValues: { procedure_code_id: null, procedure_template_id: null, performed_at: toLocalInput(Date.now()), provider: '', status: 'completed', notes: '', items: [] },
    validate: {
      procedure_code_id: (v) => (v ? null : t('procedures.validation.code')),
      performed_at: (v) => (fromLocalInput(v) ? null : t('procedures.validation.performedAt')),
      items: { quantity: (v) => (Number(decimalText(v)) > 0 ? null : t('inventory.validation.positive')) },
    },
  });
  const existing = useQuery({ queryKey: ['procedure', id], queryFn: () => fetchProcedure(id!), enabled: editing && Number.isInteger(id) });
  const codes = useQuery({ queryKey: ['procedure-codes', 'all'], queryFn: fetchAllProcedureCodes });
  const values = form.getValues();
  const codeId = values.procedure_code_id ? Number(values.procedure_code_id) : null;
  const templates = useQuery({ queryKey: ['procedure-templates', 'of-code', codeId], queryFn: ({ signal }) => fetchTemplatesOfCode(codeId!, signal), enabled: codeId !== null });

  useEffect(() => {
    const p = existing.data;
    if (!p) return;
    form.setValues({
      procedure_code_id: String(p.procedure_code_id),
      procedure_template_id: p.procedure_template_id ? String(p.procedure_template_id) : null,
      performed_at: toLocalInput(p.performed_at),
      provider: p.provider ?? '',
      status: p.status,
      notes: p.notes ?? '',
      items: p.items.map((i) => ({ product_id: i.product_id, name: i.product_name, sku: i.sku, usage_unit: i.usage_unit, unit_cost: unitCostOfItem(i.cost, i.quantity), quantity: Number(i.quantity) })),
    });
    // A planned procedure has consumed nothing, so its items carry no cost yet: the estimate uses the catalog's unit cost.
    const uncosted = p.items.filter((i) => Number(i.cost) === 0);
    if (uncosted.length === 0) return;
    let cancelled = false;
    void Promise.all(
      uncosted.map(async (i) => {
        const found = await queryClient.fetchQuery({ queryKey: ['inventory-search', practice.id, i.sku], queryFn: ({ signal }) => searchStockProducts(practice.id, i.sku, signal, 10), staleTime: 5_000 });
        return [i.product_id, found.data.find((h) => h.id === i.product_id)?.unit_cost] as const;
      }),
    ).then((costs) => {
      if (cancelled) return;
      const byProduct = new Map(costs.filter((c): c is readonly [number, string] => c[1] !== undefined));
      form.setFieldValue(
        'items',
        form.getValues().items.map((item) => (byProduct.has(item.product_id) && Number(item.unit_cost) === 0 ? { ...item, unit_cost: byProduct.get(item.product_id)! } : item)),
      );
    }, () => undefined);
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [existing.data]);

  const codeData = useMemo(() => {
    const list = (codes.data ?? []).filter((c) => c.status === 'active' || String(c.id) === values.procedure_code_id).map((c) => ({ value: String(c.id), label: `${c.code} · ${c.name}` }));
    const p = existing.data;
    if (p && !list.some((o) => o.value === String(p.procedure_code_id))) list.unshift({ value: String(p.procedure_code_id), label: `${p.procedure_code} · ${p.procedure_code_name}` });
    return list;
  }, [codes.data, existing.data, values.procedure_code_id]);

  const templateData = useMemo(() => {
    const list = (templates.data ?? []).filter((tpl) => tpl.status === 'active' || String(tpl.id) === values.procedure_template_id).map((tpl) => ({ value: String(tpl.id), label: tpl.name }));
    const p = existing.data;
    if (p?.procedure_template_id && p.template_name && String(p.procedure_code_id) === values.procedure_code_id && !list.some((o) => o.value === String(p.procedure_template_id))) {
      list.unshift({ value: String(p.procedure_template_id), label: p.template_name });
    }
    return list;
  }, [templates.data, existing.data, values.procedure_code_id, values.procedure_template_id]);

  // On hand of every product on the form, in the selected practice.
  const productIds = [...new Set(values.items.map((i) => i.product_id))];
  const onHandQueries = useQueries({
    queries: productIds.map((productId) => ({
      queryKey: ['on-hand', practice.id, productId],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchOnHand(practice.id, productId, signal),
      staleTime: 5_000,
    })),
  });
  const onHand = new Map<number, string>();
  productIds.forEach((productId, index) => {
    const data = onHandQueries[index]?.data;
    if (data !== undefined) onHand.set(productId, data);
  });
  // Editing a completed procedure: what it consumed comes back before the new items are taken.
  const consumed = useMemo(() => {
    const map = new Map<number, string>();
    if (existing.data?.status === 'completed') for (const i of existing.data.items) map.set(i.product_id, i.quantity);
    return map;
  }, [existing.data]);
  const short = values.status === 'completed' ? shortfalls(values.items, onHand, consumed) : [];
  const total = estimatedCost(values.items);

  const onCodeChange = (value: string | null) => {
    form.setFieldValue('procedure_code_id', value);
    if (value !== values.procedure_code_id) form.setFieldValue('procedure_template_id', null);
  };

  const onTemplateChange = async (value: string | null) => {
    form.setFieldValue('procedure_template_id', value);
    if (!value) return;
    const template = await queryClient.fetchQuery({ queryKey: ['procedure-template', Number(value)], queryFn: () => fetchProcedureTemplate(Number(value)) });
    form.setFieldValue(
      'items',
      template.items.map((i) => ({ product_id: i.product_id, name: i.product_name, sku: i.sku, usage_unit: i.usage_unit, unit_cost: i.unit_cost, quantity: Number(i.quantity) })),
    );
    notifySuccess(t('procedures.itemsCopied', { count: template.items.length }));
  };

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    (v) =>
      saveProcedure(
        {
          dental_practice_id: practice.id,
          procedure_code_id: Number(v.procedure_code_id),
          procedure_template_id: v.procedure_template_id ? Number(v.procedure_template_id) : null,
          performed_at: fromLocalInput(v.performed_at)!,
          provider: v.provider.trim() || null,
          status: v.status,
          notes: v.notes.trim() || null,
          items: v.items.map((i) => ({ product_id: i.product_id, quantity: decimalText(i.quantity) })),
        },
        id,
      ),
    async (saved) => {
      notifySuccess(t(editing ? 'procedures.saved' : 'procedures.created'));
      await refreshLists(['procedures', ...STOCK_QUERY_KEYS]);
      const target = saved?.id ?? id;
      void navigate(target ? `/admin/procedures/${target}` : LIST);
    },
  );

  if (editing && existing.isError) {
    return (
      <>
        <PageHeader title={t('routes.procedureEdit')} />
        <Alert color="red" variant="light" data-testid="procedure-load-error">
          {t('procedures.notFound')}
        </Alert>
      </>
    );
  }
  if (editing && existing.isPending) return <Loader size="sm" />;

  return (
    <>
      <PageHeader
        title={t(editing ? 'routes.procedureEdit' : 'routes.procedureCreate')}
        description={t('procedures.formSubtitle', { practice: practice.name })}
      />
      <Paper withBorder p="xl" maw={1100}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (short.length > 0 && form.isValid()) setConfirming(true);
            else onSubmit(event);
          }}
          noValidate
          data-testid="procedure-form"
        >
          <Stack gap="lg">
            {message ? (
              <Alert color="red" variant="light" role="alert" data-testid="procedure-form-error">
                {message}
              </Alert>
            ) : null}
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label={t('procedures.fields.procedureCode')}
                  data={codeData}
                  searchable
                  required
                  allowDeselect={false}
                  disabled={codes.isPending}
                  nothingFoundMessage={t('table.noOptions')}
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
                  onChange={(value: string | null) => void onTemplateChange(value)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput type="datetime-local" label={t('procedures.fields.performedAt')} required data-testid="procedure-performed-at" {...form.getInputProps('performed_at')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput label={t('procedures.fields.provider')} autoComplete="off" data-testid="procedure-provider" {...form.getInputProps('provider')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('common.status')}
                  </Text>
                  <SegmentedControl
                    fullWidth
                    data={[
                      { value: 'planned', label: t('procedures.status.planned') },
                      { value: 'completed', label: t('procedures.status.completed') },
                    ]}
                    data-testid="procedure-status"
                    {...form.getInputProps('status')}
                  />
                </Stack>
              </Grid.Col>
            </Grid>
            <Text size="xs" c="dimmed" mt={-8}>
              {t(values.status === 'completed' ? 'procedures.completedHint' : 'procedures.plannedHint')}
            </Text>
            <Textarea label={t('procedures.fields.notes')} autosize minRows={2} maxRows={6} data-testid="procedure-notes" {...form.getInputProps('notes')} />

            <div>
              <Title order={2} fz="md">
                {t('procedures.items')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('procedures.itemsHint')}
              </Text>
            </div>
            <StockProductPicker
              practiceId={practice.id}
              label={t('procedures.addItem')}
              onPick={(hit) => {
                queryClient.setQueryData(['on-hand', practice.id, hit.id], hit.on_hand);
                const result = addItem(form.getValues().items, { product_id: hit.id, name: hit.name, sku: hit.sku, usage_unit: hit.usage_unit, unit_cost: hit.unit_cost });
                form.setFieldValue('items', result.items);
                if (result.merged) notifySuccess(t('procedures.merged', { name: hit.name }));
              }}
              testId="procedure-item-picker"
            />
            <Table.ScrollContainer minWidth={720}>
              <Table withTableBorder verticalSpacing="xs" data-testid="procedure-items">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('inventory.fields.product')}</Table.Th>
                    <Table.Th w={150} ta="right">
                      {t('inventory.fields.onHand')}
                    </Table.Th>
                    <Table.Th w={200}>{t('inventory.fields.quantity')}</Table.Th>
                    <Table.Th w={140} ta="right">
                      {t('procedures.fields.lineCost')}
                    </Table.Th>
                    <Table.Th w={48}>
                      <VisuallyHidden>{t('actions.title')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {values.items.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={5}>
                        <Text size="sm" c="dimmed" ta="center" py="sm" data-testid="procedure-items-empty">
                          {t('procedures.noItems')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ) : (
                    values.items.map((item, index) => {
                      const stock = onHand.get(item.product_id);
                      const isShort = short.some((s) => s.product_id === item.product_id);
                      return (
                        <Table.Tr key={item.product_id} data-testid="procedure-item">
                          <Table.Td>
                            <Text size="sm" fw={500}>
                              {item.name}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {item.sku}
                            </Text>
                          </Table.Td>
                          <Table.Td ta="right">
                            <Text size="sm" c={isShort ? 'red' : undefined} fw={isShort ? 600 : undefined} data-testid="procedure-item-on-hand">
                              {stock === undefined ? '…' : `${quantity(stock)}\u00a0${unitLabel(item.usage_unit, stock)}`}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <NumberInput
                              aria-label={t('procedures.quantityFor', { name: item.name })}
                              min={0}
                              decimalScale={4}
                              decimalSeparator={decimalSeparator}
                              allowNegative={false}
                              size="xs"
                              error={isShort}
                              rightSection={
                                <Text size="xs" c="dimmed" pr={6}>
                                  {unitLabel(item.usage_unit)}
                                </Text>
                              }
                              rightSectionWidth={80}
                              data-testid="procedure-item-quantity"
                              {...form.getInputProps(`items.${index}.quantity`)}
                            />
                          </Table.Td>
                          <Table.Td ta="right">
                            <Text size="sm">{money(multiplyDecimals(decimalText(item.quantity) || '0', item.unit_cost))}</Text>
                          </Table.Td>
                          <Table.Td>
                            <ActionIcon variant="subtle" color="red" aria-label={t('procedures.removeItem', { name: item.name })} onClick={() => form.removeListItem('items', index)} data-testid="procedure-item-remove">
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })
                  )}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th colSpan={3} ta="right">
                      {t('procedures.fields.estimatedCost')}
                    </Table.Th>
                    <Table.Th ta="right" data-testid="procedure-total">
                      {money(total)}
                    </Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
            {short.length > 0 ? <ShortfallAlert items={short} /> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void navigate(editing ? `/admin/procedures/${id}` : LIST)}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={saving} disabled={saving} data-testid="procedure-submit">
                {t(editing ? 'common.save' : 'procedures.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <ConfirmDialog
        opened={confirming}
        title={t('procedures.shortTitle')}
        message={`${t('procedures.shortText')} ${short.map((s) => t('procedures.shortLine', { name: s.name, wanted: quantity(s.wanted), available: quantity(s.available), missing: quantity(s.missing), unit: unitLabel(s.usage_unit, s.missing) })).join(' · ')}`}
        confirmLabel={t('procedures.saveAnyway')}
        danger
        onConfirm={async () => onSubmit()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function ShortfallList({ items }: { items: ReturnType<typeof shortfalls> }) {
  const { t } = useTranslation();
  const quantity = useQuantity();
  const unitLabel = useUnitLabel();
  return (
    <Stack gap="xs">
      <Text size="sm">{t('procedures.shortText')}</Text>
      <List size="sm" spacing={2}>
        {items.map((s) => (
          <List.Item key={s.product_id}>
            {t('procedures.shortLine', { name: s.name, wanted: quantity(s.wanted), available: quantity(s.available), missing: quantity(s.missing), unit: unitLabel(s.usage_unit, s.missing) })}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function ShortfallAlert({ items }: { items: ReturnType<typeof shortfalls> }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={t('procedures.shortTitle')} data-testid="procedure-shortfall">
      <ShortfallList items={items} />
    </Alert>
  );
}

