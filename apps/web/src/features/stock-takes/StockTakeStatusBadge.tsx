import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StockTakeStatus } from '@enamel/contracts';

const COLORS: Record<StockTakeStatus, string> = { open: 'blue', approved: 'green', cancelled: 'red' };

/** A stock take's status as a coloured, translated badge. */
export function StockTakeStatusBadge({ status }: { status: StockTakeStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="stock-take-status" data-status={status}>
      {t(`stockTakes.status.${status}`)}
    </Badge>
  );
}
