import { Button, Card, Group, Select, Stack, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toAppError } from '../../core/errors.ts';
import { useRefreshLists } from '../../core/actions.ts';
import { notifySuccess } from '../../core/notify.ts';
import { FormError } from '../../ui/FormError.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PracticeRequired } from '../../ui/PracticeRequired.tsx';
import { createPurchaseOrder, fetchSupplierOptions, PURCHASE_ORDER_REFRESH } from './purchase-orders.api.ts';
import { linesBody, PurchaseOrderLinesEditor, type EditLine } from './PurchaseOrderLinesEditor.tsx';

/** /admin/purchase-orders/new: a draft by hand for the selected practice — a supplier, then lines from its offers. */
export function PurchaseOrderNewPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.purchaseOrderNew')} description={t('purchaseOrders.newSubtitle')} />
      <PracticeRequired>{(practice) => <NewPurchaseOrder practiceId={practice.id} />}</PracticeRequired>
    </>
  );
}

function NewPurchaseOrder({ practiceId }: { practiceId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshLists();
  const options = useQuery({ queryKey: ['purchase-order-suppliers'], queryFn: fetchSupplierOptions });
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const [lines, setLines] = useState<EditLine[]>([]);
  const [notes, setNotes] = useState('');
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const supplier = options.data?.find((s) => String(s.id) === supplierId);

  const save = async () => {
    if (!supplier || saving) return;
    setSaving(true);
    setMessage(null);
    try {
      const po = await createPurchaseOrder({ dental_practice_id: practiceId, supplier_id: supplier.id, notes: notes.trim() || null, lines: linesBody(lines) });
      notifySuccess(t('purchaseOrders.created', { number: po.number }));
      await refresh(PURCHASE_ORDER_REFRESH);
      void navigate(`/admin/purchase-orders/${po.id}`);
    } catch (error) {
      const appError = toAppError(error, t);
      setMessage([appError.message, ...Object.values(appError.fieldErrors).flat()].join(' '));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <FormError message={message} testId="po-new-error" />
        <Select
          label={t('purchaseOrders.fields.supplier')}
          required
          searchable
          data={(options.data ?? []).map((s) => ({ value: String(s.id), label: `${s.name} (${s.currency})` }))}
          value={supplierId}
          onChange={(value) => {
            setSupplierId(value);
            setLines([]);
          }}
          nothingFoundMessage={t('purchaseOrders.noSuppliers')}
          data-testid="po-new-supplier"
        />
        {supplier ? <PurchaseOrderLinesEditor lines={lines} offers={supplier.offers} currency={supplier.currency} onChange={setLines} /> : null}
        <Textarea label={t('purchaseOrders.fields.notes')} autosize minRows={2} maxRows={6} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} data-testid="po-new-notes" />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate('/admin/purchase-orders')}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={!supplier} data-testid="po-new-submit">
            {t('purchaseOrders.createDraft')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
