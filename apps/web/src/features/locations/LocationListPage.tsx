import { Badge } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { storageLocationListContract } from '@enamel/contracts';
import { useFormat } from '../../core/format.ts';
import { RecordListPage } from '../../ui/RecordListPage.tsx';
import { PracticeRequired } from '../../ui/PracticeRequired.tsx';
import type { DataTableColumn } from '../../ui/data-table/index.ts';
import { storageLocationLifecycle, type StorageLocationRow } from './location.api.ts';
import { LocationFormModal } from './LocationFormModal.tsx';

/** /admin/list/storage-locations: the selected practice's store room, operatories and other rooms, with what each holds. */
export function LocationListPage() {
  return <PracticeRequired>{(practice) => <LocationList practiceId={practice.id} />}</PracticeRequired>;
}

function LocationList({ practiceId }: { practiceId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const columns: DataTableColumn<StorageLocationRow>[] = [
    {
      field: 'name',
      title: t('locations.fields.name'),
      isUnique: true,
      minWidth: 180,
      cellRenderer: (row) => (
        <>
          {row.name}{' '}
          {row.is_main ? (
            <Badge size="sm" variant="light" color="teal" data-testid="location-main-badge">
              {t('locations.main')}
            </Badge>
          ) : null}
        </>
      ),
    },
    { field: 'kind', title: t('locations.fields.kind'), width: 160, cellRenderer: (row) => t(`locations.kinds.${row.kind}`) },
    { field: 'sort_order', title: t('locations.fields.sortOrder'), width: 110, cellRenderer: (row) => format.number(row.sort_order) },
    { field: 'products_count', title: t('locations.fields.productsCount'), width: 130, cellRenderer: (row) => format.number(row.products_count) },
  ];
  return (
    <RecordListPage<StorageLocationRow>
      subject="Inventory"
      ns="locations"
      addTestId="location-add"
      form={{ modal: LocationFormModal }}
      name={(row) => row.name}
      lifecycle={{ ...storageLocationLifecycle, deletable: () => false }}
      moreActions={(row) => [
        // Par levels (docs/locations.md#par-levels-and-restocking): not for the main store, which restocking takes from.
        { key: 'par-levels', label: t('parLevels.open'), icon: <IconStack2 size={16} />, onClick: () => void navigate(`/admin/storage-locations/${row.id}/par-levels`), hidden: row.is_main || row.status !== 'active' },
      ]}
      table={{ tableId: 'storage-locations', list: storageLocationListContract, params: { dental_practice_id: practiceId }, columns, testId: 'locations-table' }}
    />
  );
}
