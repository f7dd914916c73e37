import { Button, Card, Loader, SimpleGrid, Stack } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Supplier } from '@enamel/contracts';
import type { AppAbility } from '../../core/abilities.ts';
import { formatMoney } from '../../core/format.ts';
import { DetailSection } from '../../ui/DetailSection.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RecordNotFound } from '../../ui/RecordNotFound.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useLifecycleActions } from '../../ui/useLifecycleActions.tsx';
import { useRouteRecord } from '../../ui/useRouteRecord.ts';
import { OffersTable } from './OffersTable.tsx';
import { fetchSupplier, supplierLifecycle } from './supplier.api.ts';
import { SupplierFormModal } from './SupplierFormModal.tsx';
import { DetailField as Field } from '../../ui/DetailField.tsx';


/** /admin/suppliers/{id}: a supplier's details and what it sells; edit, deactivate, restore. */
export function SupplierDetailPage() {
  const { t } = useTranslation();
  const { query, missing } = useRouteRecord('supplier', fetchSupplier);
  if (missing) return <RecordNotFound title={t('routes.supplierDetail')} message={t('suppliers.notFound')} testId="supplier-load-error" />;
  const supplier = query.data;
  if (!supplier) return <Loader size="sm" />;
  return <SupplierView supplier={supplier} />;
}

function SupplierView({ supplier: s }: { supplier: Supplier }) {
  const { t, i18n } = useTranslation();
  const ability = useAbility<AppAbility>();
  const [editing, setEditing] = useState(false);
  const confirm = useLifecycleActions<Supplier>('suppliers', (row) => row.name, supplierLifecycle.calls, supplierLifecycle.refresh);
  const canDelete = ability.can('delete', 'Supplier');

  return (
    <>
      <PageHeader
        title={s.name}
        description={t('suppliers.detailSubtitle')}
        actions={
          <>
            {ability.can('update', 'Supplier') ? (
              <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)} data-testid="supplier-edit">
                {t('actions.edit')}
              </Button>
            ) : null}
            {confirm.buttons(s, canDelete, 'supplier')}
          </>
        }
      />
      <Stack gap="xl">
        <Card withBorder padding="lg">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
            <Field label={t('common.status')}>
              <StatusBadge status={s.status} />
            </Field>
            <Field label={t('suppliers.fields.currency')} testId="supplier-detail-currency">
              {s.currency}
            </Field>
            <Field label={t('suppliers.fields.leadTimeDays')}>{t('suppliers.days', { count: s.lead_time_days })}</Field>
            <Field label={t('suppliers.fields.minimumOrderValue')}>{formatMoney(i18n.language, s.minimum_order_value, s.currency)}</Field>
            <Field label={t('suppliers.fields.accountNumber')}>{s.account_number}</Field>
            <Field label={t('suppliers.fields.contactPerson')}>{s.contact_person}</Field>
            <Field label={t('suppliers.fields.email')}>{s.email}</Field>
            <Field label={t('suppliers.fields.phone')}>{s.phone}</Field>
            <Field label={t('suppliers.fields.address')}>{s.address}</Field>
          </SimpleGrid>
        </Card>
        <DetailSection title={t('suppliers.offers.title')} note={t('suppliers.offers.note', { currency: s.currency })}>
          <OffersTable supplierId={s.id} />
        </DetailSection>
      </Stack>
      <SupplierFormModal opened={editing} id={s.id} onClose={() => setEditing(false)} />
      {confirm.dialog}
    </>
  );
}
