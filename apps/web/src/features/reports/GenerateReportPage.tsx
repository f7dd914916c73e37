import { Alert, Button, Card, Grid, Group, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconHourglass } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { REPORT_BACKGROUND_FROM_ROWS, REPORT_EXPORT_MAX_ROWS, REPORT_FILTER_PARAMS, REPORT_FILTERS, REPORT_IDS, type ReportData, type ReportExport, type ReportExportFormat, type ReportId } from '@enamel/contracts';
import { toAppError } from '../../core/errors.ts';
import { useFormat } from '../../core/format.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PracticeRequired } from '../../ui/PracticeRequired.tsx';
import { BackgroundExports } from './BackgroundExports.tsx';
import { ReportFilters } from './ReportFilters.tsx';
import { reportDownloadUrl, useReport, useStartExport, type ReportParams } from './reports.api.ts';

const ReportChart = lazy(() => import('./ReportChart.tsx').then((m) => ({ default: m.ReportChart })));

/** Rows shown on screen; the downloads have them all. */
const SHOWN_ROWS = 500;
const CHART_BARS = 12;
const FORMATS: Array<{ format: ReportExportFormat; label: string }> = [
  { format: 'pdf', label: 'reports.downloadPdf' },
  { format: 'xlsx', label: 'reports.downloadXlsx' },
  { format: 'csv', label: 'reports.downloadCsv' },
];

const isReport = (value: string | null): value is ReportId => (REPORT_IDS as readonly string[]).includes(value ?? '');

/** /admin/reports/genrate: choose a report, filter it (kept in the URL), read its chart and table, download it. */
export function GenerateReportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('report');
  const report: ReportId = isReport(asked) ? asked : 'inventory-valuation';
  const choose = (value: string | null) => {
    if (!isReport(value)) return;
    // Filters the next report does not read are dropped from the URL.
    const next = new URLSearchParams({ report: value });
    for (const key of [...REPORT_FILTERS[value].flatMap((filter) => REPORT_FILTER_PARAMS[filter]), 'practice_ids']) if (params.get(key)) next.set(key, params.get(key)!);
    setParams(next);
  };
  return (
    <>
      <PageHeader title={t('routes.generateReport')} description={t(`reports.descriptions.${report}`)} />
      <PracticeRequired>
        {(practice) => <ReportScreen report={report} practiceId={practice.id} onChoose={choose} />}
      </PracticeRequired>
    </>
  );
}

/** The report chosen, its filters and what it answers, for the selected practice. */
function ReportScreen({ report, practiceId, onChoose }: { report: ReportId; practiceId: number; onChoose: (value: string | null) => void }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const params = useMemo(() => {
    const out: ReportParams = {};
    for (const filter of REPORT_FILTERS[report]) for (const key of REPORT_FILTER_PARAMS[filter]) if (search.get(key)) out[key] = search.get(key)!;
    // Other practices than the selected one (every report reads them); the selected one is always the first.
    const others = (search.get('practice_ids') ?? '').split(',').filter((id) => /^\d+$/.test(id) && Number(id) !== practiceId);
    if (others.length) out.practice_ids = others.join(',');
    return out;
  }, [report, search, practiceId]);
  const query = useReport(report, practiceId, params);
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Grid align="flex-end">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Select
              label={t('reports.report')}
              data={REPORT_IDS.map((id) => ({ value: id, label: t(`reports.names.${id}`) }))}
              value={report}
              onChange={onChoose}
              allowDeselect={false}
              data-testid="report-select"
            />
          </Grid.Col>
          <ReportFilters report={report} practiceId={practiceId} resolved={query.data?.report === report ? query.data.filters : undefined} />
        </Grid>
      </Card>
      <ReportView report={report} practiceId={practiceId} params={params} query={query} />
    </Stack>
  );
}

/** A cell as the column's type says, in the interface language and the practice's currency. */
function useCell(data: ReportData | undefined) {
  const { t } = useTranslation();
  const format = useFormat();
  return (type: ReportData['columns'][number], value: string | number | null | undefined, currency?: string | number | null): string => {
    if (value === null || value === undefined || value === '') return '—';
    switch (type.type) {
      case 'money':
        return format.money(value, typeof currency === 'string' ? currency : (data?.currency ?? 'USD'));
      case 'number':
        return format.number(Number(value), { maximumFractionDigits: 4 });
      case 'percent':
        return format.number(Number(value), { style: 'percent', maximumFractionDigits: 1 });
      case 'date':
        return format.dateTime(`${value}T12:00:00`, { dateStyle: 'medium' });
      default:
        return type.translate ? t(`${type.translate}.${value}`, { defaultValue: String(value) }) : String(value);
    }
  };
}

function ReportView({ report, practiceId, params, query }: { report: ReportId; practiceId: number; params: ReportParams; query: ReturnType<typeof useReport> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const cell = useCell(query.data);
  const data = query.data?.report === report ? query.data : undefined;
  // Large exports asked for here, prepared in the background (the latest first).
  const [started, setStarted] = useState<ReportExport[]>([]);
  const startExport = useStartExport();
  const prepare = (format: ReportExportFormat) =>
    startExport.mutate({ report, practiceId, params, format }, { onSuccess: (made) => setStarted((before) => [made, ...before.filter((e) => e.id !== made.id)]) });

  if (query.isError) {
    // A refused filter says which and why (a period ending before it starts, a day that does not exist).
    const error = toAppError(query.error, t);
    return (
      <Alert color="red" variant="light" role="alert" data-testid="report-error">
        {Object.values(error.fieldErrors).flat().join(' ') || error.message}
      </Alert>
    );
  }
  if (!data)
    return (
      <Card withBorder padding="lg" data-testid="report-loading">
        <Skeleton height={200} />
      </Card>
    );

  const valueColumn = data.columns.find((c) => c.field === data.chart.value)!;
  const labelColumn = data.columns.find((c) => c.field === data.chart.label)!;
  const several = data.filters.practice_ids.length > 1;
  // One bar per label (movement lines add up by kind), the largest first; with several practices one per practice
  // and label, and money only in the first practice's currency (amounts are never added across currencies).
  const sums = new Map<string, number>();
  for (const row of data.rows) {
    if (several && valueColumn.type === 'money' && row.currency !== data.currency) continue;
    const name = several ? `${cell(labelColumn, row[data.chart.label])} · ${row.practice}` : cell(labelColumn, row[data.chart.label]);
    sums.set(name, (sums.get(name) ?? 0) + Number(row[data.chart.value] ?? 0));
  }
  const bars = [...sums]
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
    .slice(0, CHART_BARS)
    .map(([name, value]) => ({ name, value }));
  const tooMany = FORMATS.filter((f) => data.row_count > REPORT_EXPORT_MAX_ROWS[f.format]);
  const background = FORMATS.filter((f) => data.row_count > REPORT_BACKGROUND_FROM_ROWS[f.format] && data.row_count <= REPORT_EXPORT_MAX_ROWS[f.format]);
  const money = valueColumn.type === 'money';
  return (
    // While other filters load, the previous answer stays on screen, marked busy.
    <Stack gap="lg" data-testid="report-view" aria-busy={query.isFetching}>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="report-count">
          {t('reports.rows', { count: data.row_count })}
        </Text>
        <Group gap="xs">
          {FORMATS.map(({ format, label }) =>
            data.row_count > REPORT_EXPORT_MAX_ROWS[format] ? (
              <Button key={format} variant="light" disabled leftSection={<IconDownload size={16} />} aria-describedby="report-too-many" data-testid={`report-download-${format}`}>
                {t(label)}
              </Button>
            ) : data.row_count > REPORT_BACKGROUND_FROM_ROWS[format] ? (
              // Large: prepared by the server in the background, followed below and in the recent exports.
              <Button
                key={format}
                variant="light"
                leftSection={<IconHourglass size={16} />}
                aria-describedby="report-background-hint"
                loading={startExport.isPending && startExport.variables.format === format}
                onClick={() => prepare(format)}
                data-testid={`report-prepare-${format}`}
              >
                {t('reports.background.prepare', { format: format.toUpperCase() })}
              </Button>
            ) : (
              <Button key={format} component="a" href={reportDownloadUrl(report, practiceId, params, format)} download variant="light" leftSection={<IconDownload size={16} />} data-testid={`report-download-${format}`}>
                {t(label)}
              </Button>
            ),
          )}
        </Group>
      </Group>
      {tooMany.length > 0 ? (
        <Text size="sm" c="dimmed" ta="right" id="report-too-many" data-testid="report-too-many">
          {tooMany.map((f) => t('reports.tooManyRows', { format: f.format.toUpperCase(), max: format.number(REPORT_EXPORT_MAX_ROWS[f.format]) })).join(' ')}
        </Text>
      ) : null}
      {background.length > 0 ? (
        <Text size="sm" c="dimmed" ta="right" id="report-background-hint" data-testid="report-background-hint">
          {t('reports.background.hint', { formats: background.map((f) => f.format.toUpperCase()).join(', ') })}
        </Text>
      ) : null}
      {startExport.isError ? (
        <Alert color="red" variant="light" role="alert" data-testid="report-prepare-error">
          {(() => {
            const error = toAppError(startExport.error, t);
            return Object.values(error.fieldErrors).flat().join(' ') || error.message;
          })()}
        </Alert>
      ) : null}
      <BackgroundExports exports={started} />
      {data.row_count === 0 ? (
        <Card withBorder padding="lg">
          <Text c="dimmed" size="sm" data-testid="report-empty">
            {t('reports.empty')}
          </Text>
        </Card>
      ) : (
        <>
          <Card withBorder padding="lg">
            <figure style={{ margin: 0 }} aria-label={t('reports.chartLabel', { value: t(`reports.columns.${data.chart.value}`), label: t(`reports.columns.${data.chart.label}`) })} data-testid="report-chart">
              <Suspense fallback={<Skeleton height={260} />}>
                <ReportChart
                  data={bars}
                  label={t(`reports.columns.${data.chart.value}`)}
                  valueFormatter={(v) => cell(valueColumn, v)}
                  axisFormatter={(v) => (money ? format.number(v, { style: 'currency', currency: data.currency, notation: 'compact', maximumFractionDigits: 1 }) : format.number(v, { notation: 'compact' }))}
                />
              </Suspense>
            </figure>
          </Card>
          <Card withBorder padding={0}>
            {/* Scrolled sideways by keyboard too (a focusable region), when the columns are wider than the screen. */}
            <Table.ScrollContainer minWidth={720} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
              <Table striped verticalSpacing={6} fz="sm" data-testid="report-table">
                <Table.Thead>
                  <Table.Tr>
                    {data.columns.map((c) => (
                      <Table.Th key={c.field} ta={c.type === 'text' || c.type === 'date' ? undefined : 'right'}>
                        {t(`reports.columns.${c.field}`)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.slice(0, SHOWN_ROWS).map((row, i) => (
                    <Table.Tr key={i} data-testid="report-row">
                      {data.columns.map((c) => (
                        <Table.Td key={c.field} ta={c.type === 'text' || c.type === 'date' ? undefined : 'right'} style={c.type === 'money' || c.type === 'date' ? { whiteSpace: 'nowrap' } : undefined}>
                          {cell(c, row[c.field], row.currency)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                {data.columns.some((c) => c.total) ? (
                  <Table.Tfoot>
                    {/* One totals row per currency: amounts are never added across currencies. */}
                    {data.subtotals.map((sub) => (
                      <Table.Tr key={sub.currency} data-testid="report-totals">
                        {data.columns.map((c, i) => (
                          <Table.Th key={c.field} ta={c.type === 'text' || c.type === 'date' ? undefined : 'right'} style={{ whiteSpace: 'nowrap' }}>
                            {c.total ? cell(c, sub.totals[c.field], sub.currency) : i === 0 ? t('reports.total') : several && c.field === 'currency' ? sub.currency : ''}
                          </Table.Th>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tfoot>
                ) : null}
              </Table>
            </Table.ScrollContainer>
          </Card>
          {data.row_count > SHOWN_ROWS ? (
            <Text size="sm" c="dimmed">
              {t('reports.moreRows', { shown: format.number(SHOWN_ROWS), count: format.number(data.row_count) })}
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}
