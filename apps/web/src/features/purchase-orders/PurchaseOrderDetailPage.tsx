import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconArrowBackUp, IconCheck, IconFileTypePdf, IconPackageImport, IconSend, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../core/abilities.ts';
import { useRefreshLists, useRunAction } from '../../core/actions.ts';
import { useAuthStore } from '../../core/auth.store.ts';
import { useFormat } from '../../core/format.ts';
import { notifySuccess } from '../../core/notify.ts';
import { DetailSection } from '../../ui/DetailSection.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PracticeRequired, useLeaveOnPracticeChange } from '../../ui/PracticeRequired.tsx';
import { RecordNotFound } from '../../ui/RecordNotFound.tsx';
import { TableHead } from '../../ui/TableHead.tsx';
import { useMoneyIn } from '../../ui/money.ts';
import { usePackaging, useQuantityWithUnit } from '../../ui/units.ts';
import { useRouteRecord } from '../../ui/useRouteRecord.ts';
import { useQuery } from '@tanstack/react-query';
import { useDay } from '../inventory/index.ts';
import {
  cancelPurchaseOrder, fetchPurchaseOrder, fetchSupplierOptions, PURCHASE_ORDER_REFRESH, purchaseOrderPdfUrl, purchaseOrderStep, rejectPurchaseOrder, updatePurchaseOrder,
  type PurchaseOrderDetail,
} from './purchase-orders.api.ts';
import { linesBody, PurchaseOrderLinesEditor, type EditLine } from './PurchaseOrderLinesEditor.tsx';
import { PurchaseOrderStatusBadge } from './PurchaseOrderStatusBadge.tsx';
import { ReasonModal } from './ReasonModal.tsx';
import { ReceivePurchaseOrderModal } from './ReceivePurchaseOrderModal.tsx';
import { ReturnToSupplierModal } from './ReturnToSupplierModal.tsx';
import { DetailField as Field } from '../../ui/DetailField.tsx';

const LIST = '/admin/purchase-orders';
const trim = (value: string) => value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');


/** /admin/purchase-orders/{id}: the PO, its lines (editable while a draft) and the actions its status and the reader's rights allow. */
export function PurchaseOrderDetailPage() {
  useLeaveOnPracticeChange(LIST);
  return <PracticeRequired>{() => <PurchaseOrderView />}</PracticeRequired>;
}

type Dialog = 'receive' | 'return' | 'reject' | 'cancel' | null;

function PurchaseOrderView() {
  const { t } = useTranslation();
  const { query, missing } = useRouteRecord('purchase-order', fetchPurchaseOrder);
  if (missing) return <RecordNotFound title={t('routes.purchaseOrderDetail')} message={t('purchaseOrders.notFound')} testId="po-load-error" />;
  const po = query.data;
  if (!po) return <Loader size="sm" />;
  return <PurchaseOrderBody po={po} />;
}

function PurchaseOrderBody({ po }: { po: PurchaseOrderDetail }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const me = useAuthStore((s) => s.user.id);
  const queryClient = useQueryClient();
  const run = useRunAction();
  const refresh = useRefreshLists();
  const money = useMoneyIn(po.currency);
  const practiceMoney = useMoneyIn(po.practice_currency);
  const format = useFormat();
  const day = useDay();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [returnLine, setReturnLine] = useState<number | null>(null);
  const show = (detail: PurchaseOrderDetail) => queryClient.setQueryData(['purchase-order', po.id], detail);
  const done = (notice: string) => async (detail: PurchaseOrderDetail) => {
    show(detail);
    setDialog(null);
    notifySuccess(notice);
    await refresh(PURCHASE_ORDER_REFRESH.filter((k) => k !== 'purchase-order'));
  };
  const step = (name: 'submit' | 'approve' | 'send', notice: string) => () => void run(async () => show(await purchaseOrderStep(po.id, name)), notice, ['inventory']);

  const can = (action: Parameters<AppAbility['can']>[0]) => ability.can(action, 'PurchaseOrder');
  const own = me !== null && (me === po.created_by || me === po.submitted_by);
  const nothingReceived = po.lines.every((l) => Number(l.received_quantity) === 0);
  const status = po.status;
  const actions: ReactNode[] = [];
  if (status === 'draft' && can('update') && po.needs_approval) actions.push(<Button key="submit" leftSection={<IconCheck size={16} />} onClick={step('submit', t('purchaseOrders.submitted'))} data-testid="po-submit">{t('purchaseOrders.actions.submit')}</Button>);
  if (status === 'awaiting_approval' && can('approve') && !own) {
    actions.push(<Button key="approve" leftSection={<IconCheck size={16} />} onClick={step('approve', t('purchaseOrders.approved'))} data-testid="po-approve">{t('purchaseOrders.actions.approve')}</Button>);
    actions.push(<Button key="reject" variant="light" color="red" onClick={() => setDialog('reject')} data-testid="po-reject">{t('purchaseOrders.actions.reject')}</Button>);
  }
  if (((status === 'draft' && !po.needs_approval) || status === 'approved') && can('send')) actions.push(<Button key="send" leftSection={<IconSend size={16} />} onClick={step('send', t('purchaseOrders.sentNotice', { email: po.supplier_email ?? '' }))} data-testid="po-send">{t('purchaseOrders.actions.send')}</Button>);
  if ((status === 'sent' || status === 'partially_received') && can('receive')) actions.push(<Button key="receive" leftSection={<IconPackageImport size={16} />} onClick={() => setDialog('receive')} data-testid="po-receive">{t('purchaseOrders.actions.receive')}</Button>);
  if ((status === 'partially_received' || status === 'received') && can('return')) actions.push(<Button key="return" variant="light" leftSection={<IconArrowBackUp size={16} />} onClick={() => { setReturnLine(null); setDialog('return'); }} data-testid="po-return">{t('purchaseOrders.actions.return')}</Button>);
  if (['draft', 'awaiting_approval', 'approved', 'sent'].includes(status) && nothingReceived && can('cancel')) actions.push(<Button key="cancel" variant="light" color="red" leftSection={<IconX size={16} />} onClick={() => setDialog('cancel')} data-testid="po-cancel">{t('purchaseOrders.actions.cancel')}</Button>);
  if (can('export')) actions.push(<Button key="pdf" component="a" href={purchaseOrderPdfUrl(po.id)} variant="default" leftSection={<IconFileTypePdf size={16} />} data-testid="po-pdf">{t('purchaseOrders.actions.pdf')}</Button>);

  return (
    <>
      <PageHeader title={`${po.number} · ${po.supplier_name}`} description={po.dental_practice_name} actions={<Group gap="xs">{actions}</Group>} />
      <Stack gap="xl">
        {po.rejected_reason && status === 'draft' ? (
          <Alert color="orange" title={t('purchaseOrders.rejectedTitle')} data-testid="po-rejected-reason">
            {po.rejected_reason}
          </Alert>
        ) : null}
        {po.budget && po.budget.budget !== null ? (
          <Alert color={po.budget.over ? 'orange' : 'gray'} title={t(po.budget.over ? 'purchaseOrders.budget.overTitle' : 'purchaseOrders.budget.withinTitle')} data-testid="po-budget" data-over={po.budget.over}>
            {t('purchaseOrders.budget.text', { spent: practiceMoney(po.budget.spent), committed: practiceMoney(po.budget.committed), after: practiceMoney(po.budget.after), budget: practiceMoney(po.budget.budget) })}
            {po.budget.comparable ? null : ` ${t('purchaseOrders.budget.otherCurrency', { currency: po.currency })}`}
          </Alert>
        ) : null}
        {status === 'awaiting_approval' && own ? (
          <Alert color="blue" data-testid="po-own-approval">
            {t('purchaseOrders.ownApproval')}
          </Alert>
        ) : null}
        {status === 'cancelled' ? (
          <Alert color="red" title={t('purchaseOrders.cancelledTitle')} data-testid="po-cancel-reason">
            {po.cancel_reason}
          </Alert>
        ) : null}
        <Card withBorder padding="lg">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
            <Field label={t('common.status')}>
              <PurchaseOrderStatusBadge status={status} />
            </Field>
            <Field label={t('purchaseOrders.fields.total')} testId="po-detail-total">
              <Text fw={700} span>
                {money(po.total)}
              </Text>
            </Field>
            <Field label={t('purchaseOrders.fields.created')}>{format.dateTime(po.created_at)}</Field>
            <Field label={t('purchaseOrders.fields.approval')}>
              {po.approval_threshold === null ? t('purchaseOrders.noApproval') : po.needs_approval ? t('purchaseOrders.aboveThreshold', { threshold: money(po.approval_threshold) }) : t('purchaseOrders.underThreshold', { threshold: money(po.approval_threshold) })}
            </Field>
            <Field label={t('purchaseOrders.fields.sent')} testId="po-detail-sent">{po.sent_at ? t('purchaseOrders.sentTo', { date: format.dateTime(po.sent_at), email: po.sent_to ?? '' }) : '—'}</Field>
            <Field label={t('purchaseOrders.fields.expected')} testId="po-detail-expected">{po.expected_at ? day(po.expected_at) : '—'}</Field>
            <Field label={t('purchaseOrders.fields.received')}>{po.received_at ? format.dateTime(po.received_at) : '—'}</Field>
            <Field label={t('purchaseOrders.fields.credit')} testId="po-detail-credit">{money(po.credit_expected)}</Field>
          </SimpleGrid>
          {po.notes ? (
            <Text size="sm" mt="md" style={{ whiteSpace: 'pre-wrap' }}>
              {po.notes}
            </Text>
          ) : null}
        </Card>
        <DetailSection title={t('purchaseOrders.lines')}>
          {status === 'draft' && can('update') ? <DraftLines po={po} onSaved={done(t('purchaseOrders.saved'))} /> : <LinesTable po={po} onReturn={status === 'partially_received' || status === 'received' ? (id) => { setReturnLine(id); setDialog('return'); } : null} canReturn={can('return')} />}
        </DetailSection>
      </Stack>
      <ReceivePurchaseOrderModal opened={dialog === 'receive'} order={po} onClose={() => setDialog(null)} onReceived={done(t('purchaseOrders.receivedNotice'))} />
      <ReturnToSupplierModal opened={dialog === 'return'} order={po} lineId={returnLine} onClose={() => setDialog(null)} onReturned={done(t('purchaseOrders.returnedNotice'))} />
      <ReasonModal
        opened={dialog === 'reject' || dialog === 'cancel'}
        title={t(dialog === 'reject' ? 'purchaseOrders.rejectTitle' : 'purchaseOrders.cancelTitle', { number: po.number })}
        label={t('purchaseOrders.reason')}
        submitLabel={t(dialog === 'reject' ? 'purchaseOrders.actions.reject' : 'purchaseOrders.actions.cancel')}
        testId={dialog === 'reject' ? 'po-reject-modal' : 'po-cancel-modal'}
        onClose={() => setDialog(null)}
        send={async (reason) => show(dialog === 'reject' ? await rejectPurchaseOrder(po.id, reason) : await cancelPurchaseOrder(po.id, reason))}
        onDone={async () => {
          const notice = dialog === 'reject' ? t('purchaseOrders.rejected') : t('purchaseOrders.cancelled');
          setDialog(null);
          notifySuccess(notice);
          await refresh([]);
        }}
      />
    </>
  );
}

function DraftLines({ po, onSaved }: { po: PurchaseOrderDetail; onSaved: (detail: PurchaseOrderDetail) => Promise<void> }) {
  const { t } = useTranslation();
  const options = useQuery({ queryKey: ['purchase-order-suppliers'], queryFn: fetchSupplierOptions });
  const fromOrder = (): EditLine[] => po.lines.map((l) => ({ id: l.id, product_id: l.product_id, supplier_offer_id: l.supplier_offer_id, product_name: l.product_name, purchase_unit: l.purchase_unit, quantity: Number(l.quantity), unit_price: Number(l.unit_price) }));
  const [lines, setLines] = useState<EditLine[]>(fromOrder);
  const [saving, setSaving] = useState(false);
  const run = useRunAction();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setLines(fromOrder()), [po]);
  const offers = options.data?.find((s) => s.id === po.supplier_id)?.offers ?? [];
  return (
    <Stack gap="sm">
      <PurchaseOrderLinesEditor lines={lines} offers={offers} currency={po.currency} onChange={setLines} />
      <Group justify="flex-end">
        <Button
          variant="light"
          loading={saving}
          onClick={() => {
            setSaving(true);
            void run(async () => onSaved(await updatePurchaseOrder(po.id, { notes: po.notes, lines: linesBody(lines) })), t('purchaseOrders.saved')).finally(() => setSaving(false));
          }}
          data-testid="po-save-lines"
        >
          {t('purchaseOrders.saveLines')}
        </Button>
      </Group>
    </Stack>
  );
}

function LinesTable({ po, onReturn, canReturn }: { po: PurchaseOrderDetail; onReturn: ((lineId: number) => void) | null; canReturn: boolean }) {
  const { t } = useTranslation();
  const packaging = usePackaging();
  const quantity = useQuantityWithUnit();
  const money = useMoneyIn(po.currency);
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table withTableBorder verticalSpacing="xs" data-testid="po-lines">
        <TableHead
          cells={[
            t('inventory.fields.product'),
            { label: t('purchaseOrders.fields.quantity'), numeric: true },
            { label: t('purchaseOrders.fields.unitPrice'), numeric: true },
            { label: t('purchaseOrders.fields.lineTotal'), numeric: true },
            { label: t('purchaseOrders.fields.receivedQuantity'), numeric: true },
            { label: t('purchaseOrders.fields.invoiced'), numeric: true },
            { label: t('purchaseOrders.fields.returned'), numeric: true },
            onReturn && canReturn ? '' : false,
          ]}
        />
        <Table.Tbody>
          {po.lines.map((line) => (
            <Table.Tr key={line.id} data-testid="po-line">
              <Table.Td>
                <Text size="sm" fw={600}>
                  {line.product_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {[line.sku, line.supplier_sku, packaging(line.purchase_unit, Number(line.units_per_purchase_unit), line.usage_unit)].filter(Boolean).join(' · ')}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{quantity(line.quantity, line.purchase_unit)}</Table.Td>
              <Table.Td ta="right">{money(line.unit_price, { perUnit: true })}</Table.Td>
              <Table.Td ta="right">{money(line.line_total)}</Table.Td>
              <Table.Td ta="right" data-testid="po-line-received">{trim(line.received_quantity)}</Table.Td>
              <Table.Td ta="right">
                {line.invoiced_unit_price === null ? '—' : money(line.invoiced_unit_price, { perUnit: true })}
                {line.price_variance !== null && Number(line.price_variance) !== 0 ? (
                  <Text size="xs" c="orange.9">
                    {t('purchaseOrders.variance', { difference: money(line.price_variance, { perUnit: true }) })}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right" data-testid="po-line-returned">{quantity(line.returned_units, line.usage_unit)}</Table.Td>
              {onReturn && canReturn ? (
                <Table.Td>
                  {Number(line.returnable_units) > 0 ? (
                    <Anchor component="button" type="button" size="sm" onClick={() => onReturn(line.id)} data-testid="po-line-return">
                      {t('purchaseOrders.actions.return')}
                    </Anchor>
                  ) : null}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
