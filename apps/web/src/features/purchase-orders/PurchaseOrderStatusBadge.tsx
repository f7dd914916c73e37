import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PurchaseOrderStatus } from '@enamel/contracts';

const COLORS: Record<PurchaseOrderStatus, string> = {
  draft: 'gray', awaiting_approval: 'orange', approved: 'teal', sent: 'blue', partially_received: 'violet', received: 'green', cancelled: 'red',
};

/** A PO's status as a coloured, translated badge. */
export function PurchaseOrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="po-status-badge" data-status={status}>
      {t(`purchaseOrders.status.${status}`)}
    </Badge>
  );
}
