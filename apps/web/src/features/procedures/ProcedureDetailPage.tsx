import { Anchor, Button, Card, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconCircleCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { AppAbility } from '../../core/abilities.ts';
import { useRunAction } from '../../core/actions.ts';
import { useFormat } from '../../core/format.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DetailSection } from '../../ui/DetailSection.tsx';
import { EmptyTableRow } from '../../ui/EmptyTableRow.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { MovementsTable } from '../inventory/index.ts';
import { PracticeRequired, useLeaveOnPracticeChange } from '../../ui/PracticeRequired.tsx';
import { RecordNotFound } from '../../ui/RecordNotFound.tsx';
import { TableHead } from '../../ui/TableHead.tsx';
import { useRouteRecord } from '../../ui/useRouteRecord.ts';
import { EXPIRY_COLORS, useDay, useStockMoney } from '../inventory/index.ts';
import { useUnitLabel, useQuantity } from '../../ui/units.ts';
import { PROCEDURE_REFRESH, completeProcedure, deleteProcedure, fetchProcedure, type ProcedureDetail } from './procedure.api.ts';
import { ProcedureStatusBadge } from './ProcedureStatusBadge.tsx';
import { DetailField as Field } from '../../ui/DetailField.tsx';

const LIST = '/admin/list/procedures';


/** /admin/procedures/{id}: a procedure, the lots its items consumed and the movements it caused. */
export function ProcedureDetailPage() {
  useLeaveOnPracticeChange(LIST);
  return <PracticeRequired>{() => <ProcedureView />}</PracticeRequired>;
}

function ProcedureView() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const navigate = useNavigate();
  const run = useRunAction();
  const queryClient = useQueryClient();
  const format = useFormat();
  const { query: procedure, missing } = useRouteRecord('procedure', fetchProcedure);
  const [pending, setPending] = useState<'complete' | 'delete' | null>(null);

  if (missing) return <RecordNotFound title={t('routes.procedureDetail')} message={t('procedures.notFound')} testId="procedure-load-error" />;
  const p = procedure.data;
  if (!p) return <Loader size="sm" />;
  const when = format.dateTime(p.performed_at);
  const canEdit = ability.can('update', 'Procedure');

  return (
    <>
      <PageHeader
        title={`${p.procedure_code} · ${p.procedure_code_name}`}
        description={when}
        actions={
          <>
            {canEdit ? (
              <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => void navigate(`/admin/procedures/edit/${p.id}`)} data-testid="procedure-edit">
                {t('actions.edit')}
              </Button>
            ) : null}
            {canEdit && p.status === 'planned' ? (
              <Button leftSection={<IconCircleCheck size={16} />} onClick={() => setPending('complete')} data-testid="procedure-complete">
                {t('procedures.complete')}
              </Button>
            ) : null}
            {ability.can('delete', 'Procedure') ? (
              <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setPending('delete')} data-testid="procedure-delete">
                {t('actions.delete')}
              </Button>
            ) : null}
          </>
        }
      />
      <ProcedureBody procedure={p} />
      <ConfirmDialog
        opened={pending !== null}
        title={t(pending === 'complete' ? 'procedures.completeTitle' : 'procedures.deleteTitle')}
        message={t(pending === 'complete' ? 'procedures.completeMessage' : 'procedures.deleteMessage', { code: p.procedure_code, date: when })}
        confirmLabel={t(pending === 'complete' ? 'procedures.complete' : 'actions.delete')}
        danger={pending === 'delete'}
        onConfirm={async () => {
          // One request each: the completed procedure comes back in the answer and is shown as it is.
          if (pending === 'complete') {
            await run(async () => queryClient.setQueryData(['procedure', p.id], await completeProcedure(p.id)), t('procedures.completed'), PROCEDURE_REFRESH);
          } else if (await run(() => deleteProcedure(p.id), t('procedures.deleted'), PROCEDURE_REFRESH)) {
            void navigate(LIST);
          }
        }}
        onClose={() => setPending(null)}
      />
    </>
  );
}

function ProcedureBody({ procedure: p }: { procedure: ProcedureDetail }) {
  const { t } = useTranslation();
  const money = useStockMoney();
  const quantity = useQuantity();
  const unitLabel = useUnitLabel();
  const day = useDay();
  return (
    <Stack gap="xl">
      <Card withBorder padding="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          <Field label={t('common.status')}>
            <ProcedureStatusBadge status={p.status} />
          </Field>
          <Field label={t('procedures.fields.template')}>{p.template_name ?? '—'}</Field>
          <Field label={t('procedures.fields.provider')}>{p.provider ?? '—'}</Field>
          <Field label={t('procedures.fields.consumableCost')}>
            <Text fw={700} span data-testid="procedure-cost">
              {money(p.consumable_cost)}
            </Text>
          </Field>
        </SimpleGrid>
        {p.notes ? (
          <Text size="sm" mt="md" style={{ whiteSpace: 'pre-wrap' }} data-testid="procedure-notes-view">
            {p.notes}
          </Text>
        ) : null}
      </Card>

      <DetailSection title={t('procedures.items')}>
        {p.status === 'planned' ? (
          <Text size="sm" c="dimmed" mb="xs">
            {t('procedures.plannedNothingConsumed')}
          </Text>
        ) : null}
        <Table.ScrollContainer minWidth={700}>
          <Table withTableBorder verticalSpacing="xs" data-testid="procedure-detail-items">
            <TableHead
              cells={[
                t('inventory.fields.product'),
                t('inventory.fields.lot'),
                t('inventory.fields.expiry'),
                { label: t('inventory.fields.quantity'), numeric: true },
                { label: t('inventory.fields.unitCost'), numeric: true },
                { label: t('procedures.fields.lineCost'), numeric: true },
              ]}
            />
            <Table.Tbody>
              {p.items.length === 0 ? (
                <EmptyTableRow columns={6}>{t('procedures.noItemsRecorded')}</EmptyTableRow>
              ) : (
                p.items.map((item) => (
                  <Fragment key={item.id}>
                    <Table.Tr data-testid="procedure-detail-item">
                      <Table.Td>
                        <Anchor component={Link} to={`/admin/list/inventories?search=${encodeURIComponent(item.sku)}`} size="sm" fw={600}>
                          {item.product_name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {item.sku}
                        </Text>
                      </Table.Td>
                      <Table.Td colSpan={2}>
                        {item.lots.length === 0 ? (
                          <Text size="xs" c="dimmed">
                            {p.status === 'planned' ? t('procedures.notConsumedYet') : '—'}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td ta="right" fw={600}>{`${quantity(item.quantity)}\u00a0${unitLabel(item.usage_unit, item.quantity)}`}</Table.Td>
                      <Table.Td />
                      <Table.Td ta="right" fw={600}>
                        {money(item.cost)}
                      </Table.Td>
                    </Table.Tr>
                    {item.lots.map((lot) => {
                      const state = lot.expiry_state;
                      return (
                        <Table.Tr key={`${item.id}-${lot.lot_id}`} data-testid="procedure-detail-lot">
                          <Table.Td />
                          <Table.Td>
                            <Text size="sm">{lot.lot_number ?? t('inventory.noLot')}</Text>
                          </Table.Td>
                          <Table.Td>
                            {state ? (
                              <Text size="sm" c={EXPIRY_COLORS[state]}>
                                {day(lot.expiry_date)}
                              </Text>
                            ) : (
                              '—'
                            )}
                          </Table.Td>
                          <Table.Td ta="right">{`${quantity(lot.quantity)}\u00a0${unitLabel(item.usage_unit, lot.quantity)}`}</Table.Td>
                          <Table.Td ta="right">{money(lot.unit_cost, { perUnit: true })}</Table.Td>
                          <Table.Td />
                        </Table.Tr>
                      );
                    })}
                  </Fragment>
                ))
              )}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={5} ta="right">
                  {t('procedures.fields.consumableCost')}
                </Table.Th>
                <Table.Th ta="right">{money(p.consumable_cost)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      </DetailSection>

      <DetailSection title={t('procedures.movements')}>
        <MovementsTable movements={p.movements} showProduct showProcedure={false} testId="procedure-movements" />
      </DetailSection>
    </Stack>
  );
}
