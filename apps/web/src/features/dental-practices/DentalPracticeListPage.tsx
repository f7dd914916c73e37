import { useTranslation } from 'react-i18next';
import { RecordListPage } from '../../ui/RecordListPage.tsx';
import type { DataTableColumn } from '../../ui/data-table/index.ts';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import {
  deactivateDentalPractice,
  deleteDentalPracticePermanently,
  restoreDentalPractice,
  type DentalPracticeRow,
} from './dental-practice.api.ts';
import { DentalPracticeFormModal } from './DentalPracticeFormModal.tsx';
import { dentalPracticeListContract } from '@enamel/contracts';

/** /admin/list/dental-practices: the practices the user may see, with create, edit, deactivate, restore and permanent delete. */
export function DentalPracticeListPage() {
  const { t } = useTranslation();

  const columns: DataTableColumn<DentalPracticeRow>[] = [
    { field: 'name', title: t('practices.fields.name'), minWidth: 200 },
    { field: 'code', title: t('practices.fields.code'), isUnique: true, width: 120 },
    { field: 'email', title: t('practices.fields.email') },
    { field: 'phone', title: t('practices.fields.phone'), hide: true },
    { field: 'address', title: t('practices.fields.address'), hide: true },
    { field: 'time_zone', title: t('practices.fields.timeZone') },
    { field: 'currency', title: t('practices.fields.currency'), width: 110 },
    { field: 'status', title: t('common.status'), width: 120, cellRenderer: (row) => <StatusBadge status={row.status} /> },
    { field: 'created_at', title: t('common.createdAt'), hide: true },
  ];

  return (
    <RecordListPage<DentalPracticeRow>
      subject="DentalPractice"
      ns="practices"
      title={t('routes.dentalPractices')}
      addTestId="practice-add"
      form={{ modal: DentalPracticeFormModal }}
      name={(row) => row.name}
      lifecycle={{ calls: { deactivate: deactivateDentalPractice, restore: restoreDentalPractice, delete: deleteDentalPracticePermanently }, refresh: ['practices', 'dental-practice'] }}
      table={{ tableId: 'dental-practices', list: dentalPracticeListContract, columns, exportFileName: 'dental-practices', testId: 'practices-table' }}
    />
  );
}
