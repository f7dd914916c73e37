import { Alert, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useAbility } from '@casl/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IntegrationSource, SyncReport, UnknownCode } from '@enamel/contracts';
import type { AppAbility } from '../../core/abilities.ts';
import { toAppError } from '../../core/errors.ts';
import { useFormat } from '../../core/format.ts';
import { notifyError, notifySuccess } from '../../core/notify.ts';
import { EmptyTableRow } from '../../ui/EmptyTableRow.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PracticeRequired } from '../../ui/PracticeRequired.tsx';
import { TableHead } from '../../ui/TableHead.tsx';
import { ProcedureCodeSelect } from '../procedure-codes/index.ts';
import { fetchIntegration, mapSourceCode } from './integrations.api.ts';

const SOURCE: IntegrationSource = 'open-dental';

/**
 * /admin/integrations: the Open Dental connector of the selected practice (docs/open-dental.md). The source codes
 * synced rows use that are not mapped yet — each mapped to an Enamel procedure code here, in one place, which applies
 * the rows that waited for it — and the last sync reports (applied, unchanged, unknown codes, skipped with reasons).
 */
export function IntegrationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.integrations')} description={t('integrations.subtitle')} />
      <PracticeRequired>{(practice) => <Integration key={practice.id} practiceId={practice.id} />}</PracticeRequired>
    </>
  );
}

function Integration({ practiceId }: { practiceId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const overview = useQuery({ queryKey: ['integrations', SOURCE, practiceId], queryFn: () => fetchIntegration(SOURCE, practiceId) });
  if (overview.isPending) return <Loader size="sm" aria-label={t('integrations.loading')} />;
  if (overview.isError) return <Alert color="red" variant="light">{toAppError(overview.error, t).message}</Alert>;
  const { cursor, unknown_codes: codes, runs } = overview.data;
  return (
    <Stack gap="lg">
      <Text size="sm" data-testid="integration-cursor">
        {cursor ? t('integrations.cursor', { changedAt: cursor.changed_at, id: cursor.change_id }) : t('integrations.never')}
      </Text>
      <Paper withBorder radius="lg" p="md">
        <Title order={2} size="h4" mb="xs" id="unknown-codes-title">
          {t('integrations.unknownTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('integrations.unknownHint')}
        </Text>
        <Table.ScrollContainer minWidth={720}>
          <Table withTableBorder verticalSpacing="xs" aria-labelledby="unknown-codes-title" data-testid="unknown-codes">
            <TableHead
              cells={[t('integrations.columns.code'), t('integrations.columns.description'), { label: t('integrations.columns.count'), numeric: true }, t('integrations.columns.firstSeen'), t('integrations.columns.lastSeen'), t('integrations.columns.mapTo')]}
            />
            <Table.Tbody>
              {codes.length === 0 ? <EmptyTableRow columns={6}>{t('integrations.unknownEmpty')}</EmptyTableRow> : null}
              {codes.map((code) => (
                <UnknownCodeRow key={code.source_code} code={code} practiceId={practiceId} dateTime={format.dateTime} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Paper withBorder radius="lg" p="md">
        <Title order={2} size="h4" mb="sm" id="sync-runs-title">
          {t('integrations.runsTitle')}
        </Title>
        <Table.ScrollContainer minWidth={720}>
          <Table withTableBorder verticalSpacing="xs" aria-labelledby="sync-runs-title" data-testid="sync-runs">
            <TableHead
              cells={[
                t('integrations.runColumns.when'), t('integrations.runColumns.via'), { label: t('integrations.runColumns.applied'), numeric: true }, { label: t('integrations.runColumns.unchanged'), numeric: true },
                { label: t('integrations.runColumns.unknown'), numeric: true }, { label: t('integrations.runColumns.skipped'), numeric: true }, t('integrations.runColumns.details'),
              ]}
            />
            <Table.Tbody>
              {runs.length === 0 ? <EmptyTableRow columns={7}>{t('integrations.runsEmpty')}</EmptyTableRow> : null}
              {runs.map((run) => (
                <RunRow key={run.id} run={run} when={format.dateTime(run.created_at)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}

function UnknownCodeRow({ code, practiceId, dateTime }: { code: UnknownCode; practiceId: number; dateTime: (value: string) => string }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Mapping applies the waiting rows, as a sync does: the same right (create, change and delete procedures).
  const canMap = ability.can('delete', 'Procedure');
  const map = async () => {
    if (!target) return;
    setSaving(true);
    try {
      const report = await mapSourceCode(SOURCE, { dental_practice_id: practiceId, source_code: code.source_code, procedure_code_id: Number(target) });
      notifySuccess(t('integrations.mapped', { code: code.source_code, count: report.applied }));
      await queryClient.invalidateQueries({ queryKey: ['integrations', SOURCE, practiceId] });
      await queryClient.invalidateQueries({ queryKey: ['procedures'] });
    } catch (err) {
      notifyError(toAppError(err, t).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Table.Tr data-testid={`unknown-code-${code.source_code}`}>
      <Table.Td>
        <Text fw={600} size="sm">
          {code.source_code}
        </Text>
      </Table.Td>
      <Table.Td>{code.description ?? '—'}</Table.Td>
      <Table.Td ta="right">{code.count}</Table.Td>
      <Table.Td>{dateTime(code.first_seen_at)}</Table.Td>
      <Table.Td>{dateTime(code.last_seen_at)}</Table.Td>
      <Table.Td>
        {canMap ? (
          <Group gap="xs" wrap="nowrap">
            <ProcedureCodeSelect
              inactive="hidden"
              aria-label={t('integrations.mapLabel', { code: code.source_code })}
              placeholder={t('integrations.mapPlaceholder')}
              value={target}
              onChange={setTarget}
              w={260}
              data-testid={`map-select-${code.source_code}`}
            />
            <Button onClick={() => void map()} loading={saving} disabled={!target} mih={36} data-testid={`map-${code.source_code}`}>
              {t('integrations.map')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('integrations.mapNoRight')}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function RunRow({ run, when }: { run: SyncReport; when: string }) {
  const { t } = useTranslation();
  const details = [
    ...run.unknown_codes.map((u) => t('integrations.unknownDetail', { code: u.code, count: u.count })),
    ...run.skipped_rows.slice(0, 5).map((s) => t('integrations.skippedDetail', { id: s.external_id, reason: t(`integrations.reasons.${s.reason}`, { defaultValue: s.reason }) })),
  ];
  return (
    <Table.Tr>
      <Table.Td>{when}</Table.Td>
      <Table.Td>{t(`integrations.via.${run.via}`)}</Table.Td>
      <Table.Td ta="right">{run.applied}</Table.Td>
      <Table.Td ta="right">{run.unchanged}</Table.Td>
      <Table.Td ta="right">{run.unknown}</Table.Td>
      <Table.Td ta="right">{run.skipped}</Table.Td>
      <Table.Td>
        <Text size="xs">{details.length ? details.join(' · ') : '—'}</Text>
      </Table.Td>
    </Table.Tr>
  );
}
