import { Loader, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useRefreshLists } from '../../core/actions.ts';
import { toAppError } from '../../core/errors.ts';
import { notifyError, notifySuccess } from '../../core/notify.ts';
import { usePracticeChanged, type SelectedPractice } from '../../core/practice.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { isPositiveQuantity } from '../../ui/item-lines/index.ts';
import { FormError } from '../../ui/FormError.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RecordNotFound } from '../../ui/RecordNotFound.tsx';
import { procedureAmendBodySchema, procedureBodySchema } from '@enamel/contracts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { PracticeRequired } from '../../ui/PracticeRequired.tsx';
import { fromLocalInput, shortfalls } from './items.ts';
import { PROCEDURE_REFRESH, amendProcedure, fetchProcedure, fetchTemplateLines, recordProcedure } from './procedure.api.ts';
import { amendment, emptyProcedureValues, procedureValues, recordBody, type ProcedureFormValues } from './procedure-form-values.ts';
import { ProcedureFields } from './ProcedureFields.tsx';
import { LocationSelect } from '../locations/index.ts';
import { ProcedureItems } from './ProcedureItems.tsx';
import { useShortfallLines } from './ProcedureShortfall.tsx';

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

/**
 * One request per user action: loading an edit (the procedure with its lines' unit cost and on-hand),
 * choosing a template (its lines with on-hand), saving (the record or amend command, answered with
 * the procedure, which the detail page then shows without asking again).
 */
function ProcedureForm({ practice, id }: { practice: SelectedPractice; id?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refreshLists = useRefreshLists();
  const shortfallLines = useShortfallLines();
  const editing = id !== undefined;
  const [confirming, setConfirming] = useState(false);
  const loaded = useRef<ProcedureFormValues | null>(null);
  const form = useForm<ProcedureFormValues>({
    initialValues: emptyProcedureValues(),
    validate: {
      procedure_code_id: (v) => (v ? null : t('procedures.validation.code')),
      performed_at: (v) => (fromLocalInput(v) ? null : t('procedures.validation.performedAt')),
      items: { quantity: (v) => (isPositiveQuantity(v) ? null : t('inventory.validation.positive')) },
    },
  });
  const existing = useQuery({ queryKey: ['procedure', id], queryFn: () => fetchProcedure(id!), enabled: editing && Number.isInteger(id) });

  useEffect(() => {
    if (!existing.data || loaded.current) return;
    loaded.current = procedureValues(existing.data);
    form.setValues(loaded.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [existing.data]);

  const values = form.getValues();
  // Editing a completed procedure: what it consumed comes back before the new items are taken.
  const consumed = useMemo(() => new Map(existing.data?.status === 'completed' ? existing.data.items.map((i) => [i.product_id, i.quantity] as const) : []), [existing.data]);
  const short = values.status === 'completed' ? shortfalls(values.items, consumed) : [];

  const onTemplateChange = async (value: string | null) => {
    form.setFieldValue('procedure_template_id', value);
    if (!value) return;
    let lines;
    try {
      lines = await fetchTemplateLines(Number(value), practice.id);
    } catch (error) {
      notifyError(toAppError(error, t).message);
      return;
    }
    form.setFieldValue(
      'items',
      lines.items.map((i) => ({ product_id: i.product_id, name: i.product_name, sku: i.sku, usage_unit: i.usage_unit, unit_cost: i.unit_cost, on_hand: i.on_hand, quantity: Number(i.quantity) })),
    );
    notifySuccess(t('procedures.itemsCopied', { count: lines.items.length }));
  };

  // Recording sends the whole procedure; editing one as loaded sends what changed (the amend command).
  const record = contractCall(procedureBodySchema, (v: ProcedureFormValues) => recordBody(v, practice.id), recordProcedure);
  const amend = contractCall(procedureAmendBodySchema, (v: ProcedureFormValues) => amendment(loaded.current!, v), (body) => amendProcedure(id!, body));
  const { saving, message, onSubmit } = useFormSubmit(
    form,
    { prepare: (v, tr) => (id !== undefined && loaded.current ? amend : record).prepare(v, tr) },
    async (saved) => {
      notifySuccess(t(editing ? 'procedures.saved' : 'procedures.created'));
      await refreshLists(PROCEDURE_REFRESH);
      queryClient.setQueryData(['procedure', saved.id], saved);
      void navigate(`/admin/procedures/${saved.id}`);
    },
  );

  if (editing && existing.isError) return <RecordNotFound title={t('routes.procedureEdit')} message={t('procedures.notFound')} testId="procedure-load-error" />;
  if (editing && existing.isPending) return <Loader size="sm" />;

  return (
    <>
      <PageHeader title={t(editing ? 'routes.procedureEdit' : 'routes.procedureCreate')} description={t('procedures.formSubtitle', { practice: practice.name })} />
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
            <FormError message={message} testId="procedure-form-error" />
            <ProcedureFields form={form} {...(existing.data ? { existing: existing.data } : {})} onTemplateChange={(value) => void onTemplateChange(value)} />
            <LocationSelect
              practiceId={practice.id}
              label={t('locations.procedureLocation')}
              description={t('locations.procedureLocationHint')}
              emptyLabel={t('locations.none')}
              testId="procedure-location"
              {...form.getInputProps('location_id')}
            />
            <ProcedureItems form={form} practiceId={practice.id} short={short} />
            <FormFooter submitLabel={t(editing ? 'common.save' : 'procedures.create')} submitTestId="procedure-submit" saving={saving} onCancel={() => void navigate(editing ? `/admin/procedures/${id}` : LIST)} />
          </Stack>
        </form>
      </Paper>
      <ConfirmDialog
        opened={confirming}
        title={t('procedures.shortTitle')}
        message={`${t('procedures.shortText')} ${shortfallLines(short).join(' · ')}`}
        confirmLabel={t('procedures.saveAnyway')}
        danger
        onConfirm={async () => onSubmit()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
