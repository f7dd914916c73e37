import { Alert, Button, Card, Grid, Group, NumberInput, Select, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { REPORT_FILTERS, REPORT_IDS, type ReportData, type ReportFilter, type ReportId } from '@enamel/contracts';
import { toAppError } from '../../core/errors.ts';
import { useFormat } from '../../core/format.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { fetchBrandOptions } from '../brands/brand.api.ts';
import { fetchAllCategories } from '../categories/category.api.ts';
import { PracticeRequired } from '../inventory/PracticeRequired.tsx';
import { reportDownloadUrl, useReport, type ReportParams } from './reports.api.ts';

const ReportChart = lazy(() => import('./ReportChart.tsx').then((m) => ({ default: m.ReportChart })));

/** Rows shown on screen; the CSV has them all. */
const SHOWN_ROWS = 500;
const CHART_BARS = 12;
/** The URL parameters of each filter. */
const FILTER_PARAMS: Record<ReportFilter, string[]> = { as_of: ['as_of'], period: ['from', 'to'], days: ['days'], category: ['category_id'], brand: ['brand_id'] };

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
    for (const filter of REPORT_FILTERS[value]) for (const key of FILTER_PARAMS[filter]) if (params.get(key)) next.set(key, params.get(key)!);
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
    for (const filter of REPORT_FILTERS[report]) for (const key of FILTER_PARAMS[filter]) if (search.get(key)) out[key] = search.get(key)!;
    return out;
  }, [report, search]);
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
          <ReportFilters report={report} resolved={query.data?.report === report ? query.data.filters : undefined} />
        </Grid>
      </Card>
      <ReportView report={report} practiceId={practiceId} params={params} query={query} />
    </Stack>
  );
}

/** The report's own filters, each kept in the URL (an empty one leaves it); dates show the defaults applied. */
function ReportFilters({ report, resolved }: { report: ReportId; resolved: ReportData['filters'] | undefined }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = REPORT_FILTERS[report];
  const brands = useQuery({ queryKey: ['report', 'brands'], queryFn: () => fetchBrandOptions(''), enabled: filters.includes('brand'), staleTime: 60_000 });
  const categories = useQuery({ queryKey: ['report', 'categories'], queryFn: fetchAllCategories, enabled: filters.includes('category'), staleTime: 60_000 });
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const date = (key: string, label: string) => (
    <Grid.Col span={{ base: 6, md: 2 }} key={key}>
      <TextInput type="date" size="sm" label={label} value={params.get(key) ?? (resolved?.[key as 'as_of' | 'from' | 'to'] ?? '')} onChange={(e) => set(key, e.currentTarget.value)} data-testid={`report-${key}`} />
    </Grid.Col>
  );
  return (
    <>
      {filters.includes('as_of') ? date('as_of', t('reports.filters.asOf')) : null}
      {filters.includes('period') ? [date('from', t('reports.filters.from')), date('to', t('reports.filters.to'))] : null}
      {filters.includes('days') ? (
        <Grid.Col span={{ base: 6, md: 2 }}>
          <NumberInput
            label={t(report === 'expiring-lots' ? 'reports.filters.expiringDays' : 'reports.filters.unusedDays')}
            placeholder={t('reports.filters.practiceSetting')}
            min={1}
            max={1095}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={params.get('days') ?? ''}
            onChange={(value) => set('days', value === '' ? null : String(value))}
            data-testid="report-days"
          />
        </Grid.Col>
      ) : null}
      {filters.includes('category') ? (
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Select
            label={t('reports.filters.category')}
            placeholder={t('reports.filters.all')}
            data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.path }))}
            value={params.get('category_id')}
            onChange={(value) => set('category_id', value)}
            searchable
            clearable
            data-testid="report-category"
          />
        </Grid.Col>
      ) : null}
      {filters.includes('brand') ? (
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Select
            label={t('reports.filters.brand')}
            placeholder={t('reports.filters.all')}
            data={(brands.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
            value={params.get('brand_id')}
            onChange={(value) => set('brand_id', value)}
            searchable
            clearable
            data-testid="report-brand"
          />
        </Grid.Col>
      ) : null}
    </>
  );
}

/** A cell as the column's type says, in the interface language and the practice's currency. */
function useCell(data: ReportData | undefined) {
  const { t } = useTranslation();
  const format = useFormat();
  return (type: ReportData['columns'][number], value: string | number | null | undefined): string => {
    if (value === null || value === undefined || value === '') return '—';
    switch (type.type) {
      case 'money':
        return format.money(value, data?.currency ?? 'USD');
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
  const bars = [...data.rows]
    .sort((a, b) => Math.abs(Number(b[data.chart.value] ?? 0)) - Math.abs(Number(a[data.chart.value] ?? 0)))
    .slice(0, CHART_BARS)
    .map((row) => ({ name: cell(labelColumn, row[data.chart.label]), value: Number(row[data.chart.value] ?? 0) }));
  const money = valueColumn.type === 'money';
  return (
    // While other filters load, the previous answer stays on screen, marked busy.
    <Stack gap="lg" data-testid="report-view" aria-busy={query.isFetching}>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="report-count">
          {t('reports.rows', { count: data.rows.length })}
        </Text>
        <Group gap="xs">
          <Button component="a" href={reportDownloadUrl(report, practiceId, params, 'xlsx')} download variant="light" leftSection={<IconDownload size={16} />} data-testid="report-download-xlsx">
            {t('reports.downloadXlsx')}
          </Button>
          <Button component="a" href={reportDownloadUrl(report, practiceId, params, 'csv')} download variant="light" leftSection={<IconDownload size={16} />} data-testid="report-download-csv">
            {t('reports.downloadCsv')}
          </Button>
        </Group>
      </Group>
      {data.rows.length === 0 ? (
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
            <Table.ScrollContainer minWidth={720}>
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
                        <Table.Td key={c.field} ta={c.type === 'text' || c.type === 'date' ? undefined : 'right'} style={c.type === 'money' ? { whiteSpace: 'nowrap' } : undefined}>
                          {cell(c, row[c.field])}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                {data.columns.some((c) => c.total) ? (
                  <Table.Tfoot>
                    <Table.Tr data-testid="report-totals">
                      {data.columns.map((c, i) => (
                        <Table.Th key={c.field} ta={c.type === 'text' || c.type === 'date' ? undefined : 'right'} style={{ whiteSpace: 'nowrap' }}>
                          {c.total ? cell(c, data.totals[c.field]) : i === 0 ? t('reports.total') : ''}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Tfoot>
                ) : null}
              </Table>
            </Table.ScrollContainer>
          </Card>
          {data.rows.length > SHOWN_ROWS ? (
            <Text size="sm" c="dimmed">
              {t('reports.moreRows', { shown: SHOWN_ROWS, count: data.rows.length })}
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}
