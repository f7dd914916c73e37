import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../core/api.ts';
import { toAppError } from '../../core/errors.ts';
import { notifyError } from '../../core/notify.ts';
import { blobErrorMessage, saveFile } from './csv.ts';
import type { ListRequest } from './state.ts';

/** "Export CSV": the same list request (scope, sort, search, filters) with `format=csv`, every row, saved as a file. */
export function useCsvExport(url: string, extraParams: Record<string, string | number>, request: ListRequest, fileName: string | undefined) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    if (!fileName) return;
    setExporting(true);
    try {
      const { sort_column, sort_direction, search, column_filters } = request;
      const csvParams = { ...extraParams, sort_column, sort_direction, search, column_filters, format: 'csv' };
      const response = await api.get<Blob>(url, { params: csvParams, responseType: 'blob' });
      saveFile(response.data, fileName);
    } catch (error) {
      notifyError((await blobErrorMessage(error)) ?? (error instanceof Error && 'isAxiosError' in error && (error as { response?: unknown }).response ? toAppError(error, t).message : t('table.exportFailed')));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}
