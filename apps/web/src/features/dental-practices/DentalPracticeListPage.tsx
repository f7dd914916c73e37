import { useTranslation } from 'react-i18next';
import { RecordListPage } from '../../ui/RecordListPage.tsx';
import type { DataTableColumn } from '../../ui/data-table/index.ts';
import { dentalPracticeLifecycle, type DentalPracticeRow } from './dental-practice.api.ts';
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
  ];

  return (
    <RecordListPage<DentalPracticeRow>
      subject="DentalPractice"
      ns="practices"
      addTestId="practice-add"
      form={{ modal: DentalPracticeFormModal }}
      name={(row) => row.name}
      lifecycle={dentalPracticeLifecycle}
      table={{ tableId: 'dental-practices', list: dentalPracticeListContract, columns, testId: 'practices-table' }}
    />
  );
}
