import { Badge, Button, Code } from '@mantine/core';
import { TwoLines } from '../../ui/TwoLines.tsx';
import { IconHistory, IconPencil, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '@casl/react';
import type { SchedulerJob } from '@enamel/contracts';
import type { AppAbility } from '../../core/abilities.ts';
import { useRefreshLists } from '../../core/actions.ts';
import { toAppError } from '../../core/errors.ts';
import { useFormat } from '../../core/format.ts';
import { notifyError, notifySuccess } from '../../core/notify.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RowActionsMenu } from '../../ui/RowActionsMenu.tsx';
import { RunStatusBadge } from '../../ui/RunStatusBadge.tsx';
import { runScheduler } from './scheduler.api.ts';
import { SchedulerJobModal } from './SchedulerJobModal.tsx';
import { SchedulerRunsDrawer } from './SchedulerRunsDrawer.tsx';
import { schedulerJobListContract } from '@enamel/contracts';

/**
 * /admin/scheduler: the installation's jobs — what each does, when it runs (cron in the installation's time
 * zone), its last and next run — editable by those allowed; open a row for its run history; run the due jobs now.
 */
export function SchedulerPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const ability = useAbility<AppAbility>();
  const refreshLists = useRefreshLists();
  const [editing, setEditing] = useState<SchedulerJob | null>(null);
  const [history, setHistory] = useState<SchedulerJob | null>(null);
  const [running, setRunning] = useState(false);
  const canUpdate = ability.can('update', 'Scheduler');
  const canRun = ability.can('run', 'Scheduler');

  async function runDue() {
    if (running) return;
    setRunning(true);
    try {
      const runs = await runScheduler();
      const failed = runs.filter((r) => r.status === 'failed').length;
      const unfinished = runs.filter((r) => r.status === 'queued' || r.status === 'running').length;
      if (runs.length === 0) notifySuccess(t('scheduler.nothingDue'));
      else if (failed) notifyError(t('scheduler.ranWithFailures', { count: runs.length, failed }));
      else if (unfinished) notifySuccess(t('scheduler.stillRunning', { count: runs.length, running: unfinished }));
      else notifySuccess(t('scheduler.ran', { count: runs.length }));
    } catch (error) {
      notifyError(toAppError(error, t).message);
    } finally {
      setRunning(false);
      await refreshLists(['scheduler-runs']);
    }
  }

  const columns: DataTableColumn<SchedulerJob>[] = [
    {
      field: 'name',
      title: t('scheduler.columns.job'),
      width: 320,
      cellRenderer: (row) => (
        <TwoLines primary={t(`scheduler.jobs.${row.name}.title`)} secondary={t(`scheduler.jobs.${row.name}.description`)} testId="scheduler-job-title" clampSecondary={2} />
      ),
    },
    { field: 'cron', title: t('scheduler.columns.cron'), width: 140, cellRenderer: (row) => <Code>{row.cron}</Code> },
    {
      field: 'enabled',
      title: t('scheduler.columns.enabled'),
      width: 110,
      cellRenderer: (row) => (
        <Badge color={row.enabled ? 'green' : 'gray'} variant="light" tt="none">
          {t(row.enabled ? 'scheduler.enabledYes' : 'scheduler.enabledNo')}
        </Badge>
      ),
    },
    { field: 'last_run_at', title: t('scheduler.columns.lastRun'), width: 190, cellRenderer: (row) => (row.last_run_at ? format.dateTime(row.last_run_at) : '—') },
    { field: 'last_status', title: t('scheduler.columns.lastStatus'), width: 130, cellRenderer: (row) => (row.last_status ? <RunStatusBadge status={row.last_status} /> : '—') },
    { field: 'next_run_at', title: t('scheduler.columns.nextRun'), width: 190, cellRenderer: (row) => (row.next_run_at ? format.dateTime(row.next_run_at) : '—') },
    { field: 'time_limit_seconds', title: t('scheduler.columns.timeLimit'), width: 120, hide: true, cellRenderer: (row) => format.number(row.time_limit_seconds / 60, { style: 'unit', unit: 'minute', maximumFractionDigits: 1 }) },
  ];

  return (
    <>
      <PageHeader
        title={t('routes.scheduler')}
        description={t('scheduler.subtitle')}
        actions={
          canRun ? (
            <Button leftSection={<IconPlayerPlay size={16} />} loading={running} onClick={() => void runDue()} data-testid="scheduler-run-due">
              {t('scheduler.runDue')}
            </Button>
          ) : null
        }
      />
      <DataTable<SchedulerJob>
        tableId="schedulers"
        list={schedulerJobListContract}
        columns={columns}
        exportFileName="scheduler"
        onRowOpen={setHistory}
        rowActions={(row) => (
          <RowActionsMenu
            label={t(`scheduler.jobs.${row.name}.title`)}
            actions={[
              { key: 'history', label: t('scheduler.history'), icon: <IconHistory size={16} />, onClick: () => setHistory(row) },
              { key: 'edit', label: t('actions.edit'), icon: <IconPencil size={16} />, onClick: () => setEditing(row), hidden: !canUpdate },
            ]}
          />
        )}
        testId="scheduler-table"
      />
      <SchedulerJobModal job={editing} onClose={() => setEditing(null)} />
      <SchedulerRunsDrawer job={history} onClose={() => setHistory(null)} />
    </>
  );
}
