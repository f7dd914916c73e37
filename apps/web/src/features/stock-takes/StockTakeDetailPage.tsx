import { Alert, Button, Card, Group, Loader, Radio, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAbility } from '@casl/react';
import { IconCheck, IconClipboardList, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppAbility } from '../../core/abilities.ts';
import { useRunAction } from '../../core/actions.ts';
import { useFormat } from '../../core/format.ts';
import { DetailField as Field } from '../../ui/DetailField.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PracticeRequired, useLeaveOnPracticeChange } from '../../ui/PracticeRequired.tsx';
import { RecordNotFound } from '../../ui/RecordNotFound.tsx';
import { useMoneyIn } from '../../ui/money.ts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { useRouteRecord } from '../../ui/useRouteRecord.ts';
import { approveStockTake, cancelStockTake, fetchStockTake, reviewStockTakeLine, STOCK_TAKES_PATH, type StockTakeDetail, type StockTakeLine } from './stock-takes.api.ts';
import { StockTakeStatusBadge } from './StockTakeStatusBadge.tsx';

const trim = (value: string | null) => (value === null ? '' : value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''));
const magnitude = (line: StockTakeLine) => (line.variance_value === null ? -1 : Math.abs(Number(line.variance_value)));

/** /admin/stock-takes/{id}: the review (variances by value, the count that stands, reasons), approve or cancel, and the report. */
export function StockTakeDetailPage() {
  useLeaveOnPracticeChange(STOCK_TAKES_PATH);
  return <PracticeRequired>{() => <DetailView />}</PracticeRequired>;
}

function DetailView() {
  const { t } = useTranslation();
  const { query, missing } = useRouteRecord('stock-take', fetchStockTake);
  if (missing) return <RecordNotFound title={t('routes.stockTakeDetail')} message={t('stockTakes.notFound')} testId="stock-take-load-error" />;
  if (!query.data) return <Loader size="sm" />;
  return <DetailBody take={query.data} />;
}

function DetailBody({ take }: { take: StockTakeDetail }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const queryClient = useQueryClient();
  const run = useRunAction();
  const format = useFormat();
  const money = useMoneyIn(take.currency);
  const [cancelling, setCancelling] = useState(false);
  const show = (detail: StockTakeDetail) => queryClient.setQueryData(['stock-take', take.id], detail);
  const open = take.status === 'open';
  const lines = [...take.lines].sort((a, b) => magnitude(b) - magnitude(a) || a.product_name.localeCompare(b.product_name));
  const undecided = take.lines.filter((l) => l.needs_choice).length;

  const actions = open ? (
    <Group gap="xs">
      {ability.can('update', 'StockTake') ? (
        <Button component={Link} to={`${STOCK_TAKES_PATH}/${take.id}/count`} leftSection={<IconClipboardList size={16} />} variant="default" data-testid="stock-take-count-link">
          {t('stockTakes.count')}
        </Button>
      ) : null}
      {ability.can('approve', 'StockTake') && take.can_review ? (
        <Button leftSection={<IconCheck size={16} />} color="green" disabled={undecided > 0} onClick={() => void run(async () => show(await approveStockTake(take.id)), t('stockTakes.approved'), ['inventory', 'inventory-search'])} data-testid="stock-take-approve">
          {t('stockTakes.approve')}
        </Button>
      ) : null}
      {ability.can('cancel', 'StockTake') ? (
        <Button leftSection={<IconX size={16} />} color="red" variant="light" onClick={() => setCancelling(true)} data-testid="stock-take-cancel">
          {t('stockTakes.cancel')}
        </Button>
      ) : null}
    </Group>
  ) : null;

  return (
    <Stack gap="lg" data-testid="stock-take-detail">
      <PageHeader title={t('stockTakes.title', { id: take.id })} actions={actions} />
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Field label={t('common.status')}>
            <StockTakeStatusBadge status={take.status} />
          </Field>
          <Field label={t('stockTakes.fields.kind')}>{t(`stockTakes.kind.${take.kind}`)}{take.category_name ? ` · ${take.category_name}` : ''}{take.location_name ? ` · ${take.location_name}` : ''}</Field>
          <Field label={t('stockTakes.fields.startedBy')}>{[take.started_by_name, format.dateTime(take.started_at)].filter(Boolean).join(' · ')}</Field>
          <Field label={t('stockTakes.fields.approvedAt')}>{take.approved_at ? [take.approved_by_name, format.dateTime(take.approved_at)].filter(Boolean).join(' · ') : '—'}</Field>
          <Field label={t('stockTakes.fields.blind')}>{take.blind ? t('common.yes') : t('common.no')}</Field>
          <Field label={t('stockTakes.fields.threshold')}>{money(take.approval_threshold)}</Field>
          {take.cancel_reason ? <Field label={t('stockTakes.fields.cancelReason')}>{take.cancel_reason}</Field> : null}
        </SimpleGrid>
      </Card>
      {!take.can_review ? <Alert color="blue" data-testid="stock-take-blind-notice">{t('stockTakes.blindNotice')}</Alert> : null}
      {open && take.needs_second_approver ? <Alert color="orange" data-testid="stock-take-second-approver">{t('stockTakes.secondApprover', { threshold: money(take.approval_threshold) })}</Alert> : null}
      {open && undecided > 0 ? <Alert color="orange">{t('stockTakes.chooseCounts', { count: undecided })}</Alert> : null}
      {take.report ? <Report take={take} /> : null}
      <Stack gap="xs">
        <Title order={3}>{t('stockTakes.lines')}</Title>
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover data-testid="stock-take-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('stockTakes.product')}</Table.Th>
                {take.can_review ? <Table.Th ta="right">{t('stockTakes.fields.expectedNow')}</Table.Th> : null}
                <Table.Th>{t('stockTakes.fields.countedQuantity')}</Table.Th>
                {take.can_review ? <Table.Th ta="right">{t('stockTakes.fields.variance')}</Table.Th> : null}
                {take.can_review ? <Table.Th ta="right">{t('stockTakes.fields.varianceValue')}</Table.Th> : null}
                <Table.Th>{t('stockTakes.fields.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <LineRow key={line.id} take={take} line={line} editable={open && take.can_review && ability.can('approve', 'StockTake')} onSaved={show} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <CancelModal opened={cancelling} onClose={() => setCancelling(false)} take={take} onDone={(detail) => { show(detail); setCancelling(false); }} />
    </Stack>
  );
}

function LineRow({ take, line, editable, onSaved }: { take: StockTakeDetail; line: StockTakeLine; editable: boolean; onSaved: (detail: StockTakeDetail) => void }) {
  const { t } = useTranslation();
  const run = useRunAction();
  const money = useMoneyIn(take.currency);
  const format = useFormat();
  const [reason, setReason] = useState(line.reason ?? '');
  const review = (body: { chosen_count_id: number | null; reason: string | null }) => void run(async () => onSaved(await reviewStockTakeLine(take.id, line.id, body)), t('stockTakes.lineSaved'));
  const variance = line.variance === null ? null : Number(line.variance);
  const color = variance === null || variance === 0 ? undefined : variance < 0 ? 'red' : 'teal';
  return (
    <Table.Tr data-testid="stock-take-line" data-product={line.product_name}>
      <Table.Td>
        <Text size="sm" fw={500}>{line.product_name}</Text>
        <Text size="xs" c="dimmed">{[line.sku, line.category_name].filter(Boolean).join(' · ')}</Text>
      </Table.Td>
      {take.can_review ? <Table.Td ta="right">{trim(line.expected_now ?? line.expected_quantity)}</Table.Td> : null}
      <Table.Td>
        {line.counts.length > 1 && editable ? (
          <Radio.Group
            value={line.chosen_count_id === null ? null : String(line.chosen_count_id)}
            onChange={(value) => review({ chosen_count_id: Number(value), reason: line.reason })}
            label={t('stockTakes.chooseCount')}
            size="sm"
            data-testid="stock-take-choose"
          >
            <Stack gap={4} mt={4}>
              {line.counts.map((c) => (
                <Radio key={c.id} value={String(c.id)} label={`${trim(c.quantity)} · ${c.user_name ?? '—'} · ${format.dateTime(c.counted_at, { timeStyle: 'short' })}`} />
              ))}
            </Stack>
          </Radio.Group>
        ) : line.counts.length === 0 ? (
          <Text size="sm" c="dimmed">{t('stockTakes.notCounted')}</Text>
        ) : (
          <Text size="sm">{line.counts.map((c) => trim(c.quantity)).join(' / ')}</Text>
        )}
      </Table.Td>
      {take.can_review ? <Table.Td ta="right" c={color} data-testid="stock-take-variance">{variance === null ? '' : trim(line.variance)}</Table.Td> : null}
      {take.can_review ? <Table.Td ta="right" c={color}>{line.variance_value === null ? '' : money(line.variance_value)}</Table.Td> : null}
      <Table.Td>
        {editable && line.counts.length > 0 ? (
          <TextInput
            size="sm"
            aria-label={t('stockTakes.reasonFor', { product: line.product_name })}
            placeholder={t('stockTakes.fields.reason')}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.currentTarget.value)}
            onBlur={() => {
              if (reason.trim() !== (line.reason ?? '')) review({ chosen_count_id: line.chosen_count_id, reason: reason.trim() || null });
            }}
            data-testid="stock-take-reason"
          />
        ) : (
          <Text size="sm">{line.reason ?? ''}</Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function Report({ take }: { take: StockTakeDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = useMoneyIn(take.currency);
  const report = take.report!;
  const percent = (value: number | null) => (value === null ? '—' : format.number(value, { style: 'percent', maximumFractionDigits: 1 }));
  return (
    <Card withBorder data-testid="stock-take-report">
      <Stack gap="sm">
        <Title order={3}>{t('stockTakes.report')}</Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Field label={t('stockTakes.accuracy', { tolerance: percent(report.tolerance) })}>
            <span data-testid="stock-take-accuracy">{percent(report.accuracy)}</span> ({report.accurate_lines} / {report.counted_lines})
          </Field>
          <Field label={t('stockTakes.netValue')}>{money(report.variance_value)}</Field>
          <Field label={t('stockTakes.absoluteValue')}>{money(report.absolute_variance_value)}</Field>
        </SimpleGrid>
        <Breakdown
          title={t('stockTakes.fields.category')}
          rows={report.by_category.map((c) => ({ ...c, name: c.category_name ?? t('stockTakes.noCategory') }))}
          money={money}
          percent={percent}
          testId="stock-take-by-category"
        />
        <Breakdown
          title={t('stockTakes.fields.location')}
          rows={report.by_location.map((l) => ({ ...l, name: l.location_name ?? t('stockTakes.wholePractice') }))}
          money={money}
          percent={percent}
          testId="stock-take-by-location"
        />
      </Stack>
    </Card>
  );
}

interface BreakdownRow {
  name: string;
  lines: number;
  accurate_lines: number;
  variance_value: string;
  absolute_variance_value: string;
}

/** The report's lines grouped (per category, per location): lines, accuracy, net and absolute value of the variances. */
function Breakdown({ title, rows, money, percent, testId }: { title: string; rows: BreakdownRow[]; money: (v: string) => string; percent: (v: number | null) => string; testId: string }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={500}>
      <Table data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{title}</Table.Th>
            <Table.Th ta="right">{t('stockTakes.fields.lines')}</Table.Th>
            <Table.Th ta="right">{t('stockTakes.accuracyShort')}</Table.Th>
            <Table.Th ta="right">{t('stockTakes.netValue')}</Table.Th>
            <Table.Th ta="right">{t('stockTakes.absoluteValue')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.name}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td ta="right">{row.lines}</Table.Td>
              <Table.Td ta="right">{percent(row.lines ? row.accurate_lines / row.lines : null)}</Table.Td>
              <Table.Td ta="right">{money(row.variance_value)}</Table.Td>
              <Table.Td ta="right">{money(row.absolute_variance_value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CancelModal({ opened, onClose, take, onDone }: { opened: boolean; onClose: () => void; take: StockTakeDetail; onDone: (detail: StockTakeDetail) => void }) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: { reason: '' }, validate: { reason: (v) => (v.trim() ? null : t('stockTakes.reasonRequired')) } });
  const { saving, message, onSubmit } = useFormSubmit(form, (v) => cancelStockTake(take.id, v.reason.trim()), onDone);
  return (
    <FormModal opened={opened} onClose={onClose} title={t('stockTakes.cancelTitle', { id: take.id })} testId="stock-take-cancel-modal" formTestId="stock-take-cancel-form" onSubmit={onSubmit} message={message}>
      <Textarea label={t('stockTakes.cancelReason')} required autosize minRows={2} maxRows={6} data-autofocus data-testid="stock-take-cancel-reason" {...form.getInputProps('reason')} />
      <FormFooter submitLabel={t('stockTakes.cancel')} submitTestId="stock-take-cancel-submit" saving={saving} color="red" onCancel={onClose} />
    </FormModal>
  );
}
