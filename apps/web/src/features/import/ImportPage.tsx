import { Alert, Anchor, Badge, Button, Card, Chip, Group, Paper, Progress, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconAlertTriangle, IconCheck, IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppAbility } from '../../core/abilities.ts';
import { toAppError } from '../../core/errors.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { isActiveRun } from '@enamel/contracts';
import { useRunFollower } from '../../ui/useRunFollower.ts';
import { IMPORT_KINDS, commitImport, errorsUrl, fetchImport, importPhase, templateUrl, uploadImport, type ImportJob, type ImportKindName } from './import.api.ts';

/** Polling period while a job runs (the server validates and writes in the background). */
export const POLL_MS = 500;

/** /admin/list/import: choose a kind, get its template, upload, follow the check, then import the valid rows or nothing. */
export function ImportPage() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const kinds = IMPORT_KINDS.filter((k) => ability.can('import', k.subject));
  const [kind, setKind] = useState<ImportKindName | null>(kinds[0]?.kind ?? null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [initial, setInitial] = useState<ImportJob | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [deciding, setDeciding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const polled = useRunFollower({ queryKey: ['import-job', jobId], fetch: () => fetchImport(jobId!), statuses: (j) => j.status, enabled: jobId !== null, intervalMs: POLL_MS });
  const job = polled.data ?? initial;

  if (!kind) {
    return (
      <>
        <PageHeader title={t('import.title')} />
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {t('import.noKinds')}
        </Alert>
      </>
    );
  }
  const current = IMPORT_KINDS.find((k) => k.kind === kind)!;

  async function send(file: File | undefined) {
    if (!file || !kind) return;
    setError(null);
    setUploading(0);
    try {
      const created = await uploadImport(kind, file, setUploading);
      setInitial(created);
      setJobId(created.id);
    } catch (err) {
      setError(toAppError(err, t).message);
    } finally {
      setUploading(null);
      if (input.current) input.current.value = '';
    }
  }

  async function decide(mode: 'valid' | 'none') {
    if (!job) return;
    setDeciding(true);
    setError(null);
    try {
      setInitial(await commitImport(job.id, mode));
      await polled.refetch();
    } catch (err) {
      setError(toAppError(err, t).message);
    } finally {
      setDeciding(false);
    }
  }

  function reset() {
    setJobId(null);
    setInitial(null);
    setError(null);
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void send(e.dataTransfer.files[0]);
  };

  const running = job ? isActiveRun(job.status) : false;

  return (
    <>
      <PageHeader title={t('import.title')} description={t('import.subtitle')} />
      <Stack gap="lg" maw={980}>
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Stack gap={6}>
              <Text fw={600}>{t('import.kind')}</Text>
              <Chip.Group
                value={kind}
                onChange={(value) => {
                  setKind(value);
                  reset();
                }}
              >
                <Group gap="xs" role="radiogroup" aria-label={t('import.kind')}>
                  {kinds.map((k) => (
                    <Chip key={k.kind} value={k.kind} disabled={running || uploading !== null} data-testid={`import-kind-${k.kind}`}>
                      {t(`import.kinds.${k.kind}`)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Stack>
            <Group gap="sm">
              <Text size="sm" c="dimmed">
                {t('import.templateHint', { key: t(`import.keys.${kind}`) })}
              </Text>
            </Group>
            <Group gap="sm">
              <Button component="a" href={templateUrl(kind, 'csv')} download variant="light" leftSection={<IconDownload size={16} />}>
                {t('import.templateCsv')}
              </Button>
              <Button component="a" href={templateUrl(kind, 'xlsx')} download variant="light" leftSection={<IconFileSpreadsheet size={16} />}>
                {t('import.templateXlsx')}
              </Button>
            </Group>
          </Stack>
        </Card>

        {error ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} withCloseButton onClose={() => setError(null)} role="alert">
            {error}
          </Alert>
        ) : null}

        {!job ? (
          <Paper
            withBorder
            p="xl"
            radius="md"
            role="button"
            tabIndex={0}
            aria-label={t('import.drop')}
            data-testid="import-dropzone"
            style={{ borderStyle: 'dashed', borderWidth: 2, cursor: 'pointer', background: dragging ? 'var(--mantine-color-blue-light)' : undefined }}
            onClick={() => input.current?.click()}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') input.current?.click();
            }}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <Stack align="center" gap="xs">
              <ThemeIcon size={48} radius="xl" variant="light">
                <IconUpload size={26} />
              </ThemeIcon>
              <Text fw={600}>{t('import.drop')}</Text>
              <Text size="sm" c="dimmed">
                {t('import.dropHint')}
              </Text>
              {uploading !== null ? <Progress value={uploading} w="60%" animated aria-label={t('import.uploading')} /> : null}
            </Stack>
            <input
              ref={input}
              type="file"
              hidden
              accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="import-file"
              onChange={(e) => void send(e.currentTarget.files?.[0])}
            />
          </Paper>
        ) : (
          <JobPanel job={job} list={current.list} deciding={deciding} onDecide={(mode) => void decide(mode)} onReset={reset} />
        )}
      </Stack>
    </>
  );
}

function JobPanel({ job, list, deciding, onDecide, onReset }: { job: ImportJob; list: string; deciding: boolean; onDecide: (mode: 'valid' | 'none') => void; onReset: () => void }) {
  const { t } = useTranslation();
  const running = isActiveRun(job.status);
  const phase = importPhase(job);
  const color = phase === 'failed' ? 'red' : phase === 'done' ? 'green' : phase === 'cancelled' ? 'gray' : 'blue';
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="sm">
            <IconFileSpreadsheet size={20} />
            <Text fw={600}>{job.file_name}</Text>
          </Group>
          <Badge color={color} variant="light" data-testid="import-status">
            {t(`import.status.${phase}`)}
          </Badge>
        </Group>

        {running ? (
          // The write runs in one transaction: until its first batches report, the bar runs full and striped.
          <Progress
            value={job.status === 'queued' ? 0 : phase === 'importing' && job.progress === 0 ? 100 : job.progress}
            animated
            striped
            size="lg"
            aria-label={t(`import.status.${phase}`)}
          />
        ) : null}

        <Group gap="lg">
          <Text size="sm">{t('import.rowsRead', { count: job.rows_read })}</Text>
          <Text size="sm" c="green.8">
            {t('import.valid', { count: job.valid_rows })}
          </Text>
          <Text size="sm" c={job.invalid_rows ? 'red.8' : 'dimmed'}>
            {t('import.invalid', { count: job.invalid_rows })}
          </Text>
        </Group>

        {job.failure ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {job.failure}
          </Alert>
        ) : null}
        {job.unknown_columns.length ? (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
            {t('import.unknownColumns', { columns: job.unknown_columns.join(', ') })}
          </Alert>
        ) : null}

        {job.errors.length ? (
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={3} fz="md">
                {t('import.errorsTitle', { count: job.error_count })}
              </Title>
              <Anchor href={errorsUrl(job.id)} download size="sm">
                <Group gap={4}>
                  <IconDownload size={14} />
                  {t('import.downloadErrors')}
                </Group>
              </Anchor>
            </Group>
            {job.error_count > job.errors.length ? (
              <Text size="sm" c="dimmed">
                {t('import.errorsShown', { shown: job.errors.length, total: job.error_count })}
              </Text>
            ) : null}
            <Table.ScrollContainer minWidth={500} mah={420}>
              <Table striped stickyHeader data-testid="import-errors">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={80}>{t('import.columns.row')}</Table.Th>
                    <Table.Th w={200}>{t('import.columns.column')}</Table.Th>
                    <Table.Th>{t('import.columns.message')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {job.errors.map((e, i) => (
                    <Table.Tr key={`${e.row}-${e.column}-${i}`}>
                      <Table.Td>{e.row}</Table.Td>
                      <Table.Td>
                        <Text ff="monospace" size="sm">
                          {e.column}
                        </Text>
                      </Table.Td>
                      <Table.Td>{e.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ) : null}

        {phase === 'validated' ? (
          <Stack gap="xs">
            {job.valid_rows === 0 ? <Text size="sm">{t('import.noValid')}</Text> : null}
            <Group gap="sm">
              {job.valid_rows > 0 ? (
                <Button onClick={() => onDecide('valid')} loading={deciding} leftSection={<IconCheck size={16} />}>
                  {t('import.importValid', { count: job.valid_rows })}
                </Button>
              ) : null}
              <Button variant="default" onClick={() => onDecide('none')} disabled={deciding}>
                {t('import.cancel')}
              </Button>
            </Group>
          </Stack>
        ) : null}

        {phase === 'done' ? (
          <Alert color="green" icon={<IconCheck size={18} />} title={t('import.resultTitle')} data-testid="import-result">
            <Group gap="lg">
              <Text size="sm">{t('import.created', { count: job.created })}</Text>
              <Text size="sm">{t('import.updated', { count: job.updated })}</Text>
              <Anchor component={Link} to={list} size="sm">
                {t('import.openList')}
              </Anchor>
            </Group>
          </Alert>
        ) : null}

        {!running && phase !== 'validated' ? (
          <Group>
            <Button variant="light" onClick={onReset} leftSection={<IconUpload size={16} />}>
              {t('import.another')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
