import { Badge, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { REPORT_EXPORT_KEEP_DAYS, type ReportExport } from '@enamel/contracts';
import { useFormat } from '../../core/format.ts';
import { setSelectedPractice } from '../../core/practice.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table/index.ts';
import { ExportProgress } from './ExportProgress.tsx';
import { generateUrl } from './reports.api.ts';
import { reportExportListContract } from '@enamel/contracts';

/** The filters of an export as a phrase each, in the interface language (names as they were when exported). */
function useDescribeFilters() {
  const { t } = useTranslation();
  const format = useFormat();
  const day = (iso: string) => format.dateTime(`${iso}T12:00:00`, { dateStyle: 'medium' });
  return (row: ReportExport): string => {
    const f = row.filters;
    const out: string[] = [];
    if (f.practice_ids) out.push(t('reports.recent.morePractices', { count: f.practice_ids.split(',').length }));
    if (f.as_of) out.push(`${t('reports.filters.asOf')} ${day(f.as_of)}`);
    if (f.from && f.to) out.push(`${day(f.from)} – ${day(f.to)}`);
    if (f.days) out.push(`${t(row.report === 'expiring-lots' ? 'reports.filters.expiringDays' : 'reports.filters.unusedDays')}: ${format.number(Number(f.days))}`);
    if (f.view === 'lines') out.push(t('reports.filters.eachMovement'));
    const named: Array<[string, string, string]> = [
      ['category_id', 'category', 'reports.filters.category'],
      ['brand_id', 'brand', 'reports.filters.brand'],
      ['product_id', 'product', 'reports.filters.product'],
      ['procedure_code_id', 'procedure_code', 'reports.filters.procedureCode'],
    ];
    for (const [param, name, label] of named) if (f[param]) out.push(`${t(label)}: ${row.filter_names[name] ?? `#${f[param]}`}`);
    return out.join(' · ');
  };
}

/**
 * The reader's recent exports (of the practices they may read reports of), each opening Generate on the same
 * report again; those prepared in the background show their progress, then a download link.
 */
export function RecentExports() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const describe = useDescribeFilters();
  const reopen = (row: ReportExport) => {
    // The export's practice becomes the selected one, as Generate reads the selected practice.
    setSelectedPractice({ id: row.dental_practice_id, name: row.dental_practice_name });
    void navigate(generateUrl(row.report, row.filters));
  };
  const columns: DataTableColumn<ReportExport>[] = [
    { field: 'created_at', title: t('reports.recent.exported'), width: 180, cellRenderer: (row) => format.dateTime(row.created_at) },
    { field: 'report', title: t('reports.report'), width: 230, cellRenderer: (row) => t(`reports.names.${row.report}`) },
    { field: 'dental_practice_name', title: t('reports.recent.practice'), width: 200 },
    {
      field: 'filters',
      title: t('reports.recent.filters'),
      width: 300,
      cellRenderer: (row) => (
        <Text size="xs" data-testid="recent-export-filters">
          {describe(row) || '—'}
        </Text>
      ),
    },
    {
      field: 'format',
      title: t('reports.recent.format'),
      width: 110,
      cellRenderer: (row) => (
        <Badge variant="light" tt="uppercase">
          {row.format}
        </Badge>
      ),
    },
    { field: 'row_count', title: t('reports.recent.rows'), width: 110, cellRenderer: (row) => format.number(row.row_count) },
    // Downloaded at once, or prepared in the background: its progress, then its file.
    { field: 'status', title: t('reports.recent.status'), width: 240, cellRenderer: (row) => <ExportProgress row={row} /> },
  ];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="recent-exports-title" mt="xl">
      <Stack gap={4} mb="md">
        <Title order={2} fz="lg" id="recent-exports-title">
          {t('reports.recent.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('reports.recent.text')} {t('reports.recent.backgroundText', { count: REPORT_EXPORT_KEEP_DAYS })}
        </Text>
      </Stack>
      <DataTable<ReportExport>
        tableId="report-exports"
        list={reportExportListContract}
        columns={columns}
        onRowOpen={reopen}
        rowActions={(row) => (
          <Button size="compact-sm" variant="subtle" leftSection={<IconExternalLink size={14} />} onClick={() => reopen(row)} aria-label={t('reports.recent.openLabel', { report: t(`reports.names.${row.report}`), date: format.dateTime(row.created_at) })} data-testid="recent-export-open">
            {t('reports.recent.open')}
          </Button>
        )}
        testId="recent-exports-table"
      />
    </Card>
  );
}
