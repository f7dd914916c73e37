import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportData, ReportExportFormat, ReportId } from '@enamel/contracts';
import { api } from '../../core/api.ts';

export const REPORT_DATA_URL = '/api/reports/report-data';
export const REPORT_EXPORTS_LIST_URL = '/api/admin/list/report-exports';

/** The report's query parameters as the URL keeps them (only the filters the report reads are sent). */
export type ReportParams = Record<string, string>;

export function useReport(report: ReportId, practiceId: number, params: ReportParams) {
  return useQuery({
    queryKey: ['report', report, practiceId, params],
    queryFn: async ({ signal }) => (await api.get<{ data: ReportData }>(REPORT_DATA_URL, { params: { report, dental_practice_id: practiceId, ...params }, signal })).data.data,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The same report as a download (the browser follows the link with the session and language cookies). */
export function reportDownloadUrl(report: ReportId, practiceId: number, params: ReportParams, format: ReportExportFormat): string {
  return `${REPORT_DATA_URL}?${new URLSearchParams({ report, dental_practice_id: String(practiceId), ...params, format }).toString()}`;
}

/** The Generate screen's address for a report and its filters (how a recent export is opened again). */
export function generateUrl(report: ReportId, params: ReportParams = {}): string {
  return `/admin/reports/genrate?${new URLSearchParams({ report, ...params }).toString()}`;
}
