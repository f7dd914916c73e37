import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isActiveRun, LIST_PATHS, type ReportData, type ReportExport, type ReportExportFormat, type ReportId } from '@enamel/contracts';
import { api } from '../../core/api.ts';
import { useRunFollower } from '../../ui/useRunFollower.ts';

export const REPORT_DATA_URL = '/api/reports/report-data';
export const REPORT_EXPORTS_LIST_URL = LIST_PATHS.reportExport;

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

export const REPORT_EXPORTS_URL = '/api/reports/exports';

/** Asks for a report's file to be prepared in the background; answers the export (a new one, or the identical one under way). */
export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { report: ReportId; practiceId: number; params: ReportParams; format: ReportExportFormat }) =>
      (await api.post<{ data: ReportExport }>(REPORT_EXPORTS_URL, { report: input.report, dental_practice_id: input.practiceId, ...input.params, format: input.format })).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['list', REPORT_EXPORTS_LIST_URL] }),
  });
}

/** An export followed while it is prepared (asked again every second until it has finished; then the recent exports are refreshed). */
export function useExportStatus(initial: ReportExport) {
  const queryClient = useQueryClient();
  return useRunFollower({
    queryKey: ['report-export', initial.id],
    fetch: async (signal) => (await api.get<{ data: ReportExport }>(`${REPORT_EXPORTS_URL}/${initial.id}`, { signal })).data.data,
    statuses: (row) => row.status,
    onFinished: () => void queryClient.invalidateQueries({ queryKey: ['list', REPORT_EXPORTS_LIST_URL] }),
    initialData: initial,
    enabled: isActiveRun(initial.status),
    // A page in the background still hears when its export is ready (the polling stops once it has finished).
    inBackground: true,
  });
}

/** The stored file of a finished background export. */
export function exportDownloadUrl(id: number): string {
  return `${REPORT_EXPORTS_URL}/${id}/download`;
}
