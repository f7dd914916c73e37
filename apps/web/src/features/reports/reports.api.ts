import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportData, ReportId } from '@enamel/contracts';
import { api } from '../../core/api.ts';

export const REPORT_DATA_URL = '/api/reports/report-data';

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
export function reportDownloadUrl(report: ReportId, practiceId: number, params: ReportParams, format: 'csv' | 'xlsx'): string {
  return `${REPORT_DATA_URL}?${new URLSearchParams({ report, dental_practice_id: String(practiceId), ...params, format }).toString()}`;
}
