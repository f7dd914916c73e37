import { Badge, Code, Drawer, Group, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../core/format.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { TableHead } from '../../ui/TableHead.tsx';
import { fieldKey } from './field-names.ts';
import { activityLogListContract, type ListRow } from '@enamel/contracts';

export type ActivityLogRow = ListRow<typeof activityLogListContract>;

const ACTION_COLORS: Record<string, string> = { create: 'green', update: 'blue', delete: 'red', login: 'teal', logout: 'gray', login_failed: 'orange' };

function show(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Before and after side by side, changed values first. */
function Changes({ row }: { row: ActivityLogRow }) {
  const { t } = useTranslation();
  const words = useLogWords();
  const keys = [...new Set([...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})])];
  if (keys.length === 0) return <Text c="dimmed" size="sm">{t('activityLog.noChanges')}</Text>;
  const changed = (k: string) => show(row.before?.[k]) !== show(row.after?.[k]);
  keys.sort((a, b) => Number(changed(b)) - Number(changed(a)) || a.localeCompare(b));
  return (
    <Table withTableBorder fz="sm" data-testid="activity-log-changes">
      <TableHead cells={[t('activityLog.field'), t('activityLog.before'), t('activityLog.after')]} />
      <Table.Tbody>
        {keys.map((k) => (
          <Table.Tr key={k} bg={changed(k) ? 'var(--mantine-color-yellow-0)' : undefined}>
            <Table.Td fw={500} title={k}>{words.field(k)}</Table.Td>
            <Table.Td><Code>{show(row.before?.[k])}</Code></Table.Td>
            <Table.Td><Code>{show(row.after?.[k])}</Code></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** An action, subject or field name in words (the code itself when it has no translation). */
function useLogWords() {
  const { t, i18n } = useTranslation();
  return {
    action: (code: string) => (i18n.exists(`activityLog.actions.${code}`) ? t(`activityLog.actions.${code}`) : code),
    subject: (code: string) => (i18n.exists(`subjects.${code}`) ? t(`subjects.${code}`) : code),
    field: (name: string) => (i18n.exists(fieldKey(name)) ? t(fieldKey(name)) : name),
  };
}

/** /admin/logs: every write, login, logout and failed login; open a row for its before/after values. */
export function ActivityLogListPage() {
  const { t } = useTranslation();
  const words = useLogWords();
  const format = useFormat();
  const [open, setOpen] = useState<ActivityLogRow | null>(null);

  const columns: DataTableColumn<ActivityLogRow>[] = [
    { field: 'created_at', title: t('activityLog.when'), width: 190, cellRenderer: (row) => format.dateTime(row.created_at) },
    { field: 'user_email', title: t('activityLog.who') },
    { field: 'action', title: t('activityLog.action'), width: 230, cellRenderer: (row) => <Badge variant="light" color={ACTION_COLORS[row.action] ?? 'gray'} tt="none">{words.action(row.action)}</Badge> },
    { field: 'subject', title: t('activityLog.subject'), cellRenderer: (row) => words.subject(row.subject) },
    { field: 'subject_id', title: t('activityLog.record'), width: 110 },
    { field: 'dental_practice_name', title: t('activityLog.practice'), width: 200, cellRenderer: (row) => row.dental_practice_name ?? (row.dental_practice_id === null ? '—' : `#${row.dental_practice_id}`) },
    { field: 'dental_practice_id', title: t('activityLog.practiceId'), width: 110, hide: true },
    { field: 'ip', title: t('activityLog.ip'), width: 140 },
    { field: 'user_id', title: t('activityLog.userId'), hide: true },
    { field: 'id', title: '#', hide: true },
  ];

  return (
    <>
      <PageHeader title={t('routes.logs')} description={t('activityLog.subtitle')} />
      <DataTable<ActivityLogRow>
        tableId="activity-logs"
        list={activityLogListContract}
        columns={columns}
        exportFileName="activity-log"
        onRowOpen={setOpen}
        testId="activity-log-table"
      />
      <Drawer opened={open !== null} onClose={() => setOpen(null)} position="right" size="xl" title={open ? `${words.action(open.action)} · ${words.subject(open.subject)}` : ''} scrollAreaComponent={ScrollArea.Autosize} data-testid="activity-log-drawer">
        {open ? (
          <Stack gap="md">
            <SimpleGrid cols={2} spacing="xs">
              <Text size="sm" c="dimmed">{t('activityLog.when')}</Text>
              <Text size="sm">{format.dateTime(open.created_at)}</Text>
              <Text size="sm" c="dimmed">{t('activityLog.who')}</Text>
              <Text size="sm">{open.user_email ?? '—'}</Text>
              <Text size="sm" c="dimmed">{t('activityLog.practice')}</Text>
              <Text size="sm">{open.dental_practice_name ?? '—'}</Text>
              <Text size="sm" c="dimmed">{t('activityLog.record')}</Text>
              <Text size="sm">{open.subject_id ?? '—'}</Text>
              <Text size="sm" c="dimmed">{t('activityLog.ip')}</Text>
              <Text size="sm">{open.ip ?? '—'}</Text>
            </SimpleGrid>
            <Group>
              <Text fw={600} size="sm">{t('activityLog.changes')}</Text>
            </Group>
            <Changes row={open} />
          </Stack>
        ) : null}
      </Drawer>
    </>
  );
}
