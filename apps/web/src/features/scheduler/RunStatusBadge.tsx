import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { queued: 'gray', running: 'blue', succeeded: 'green', failed: 'red' };

/** A scheduler run's status as a coloured, translated badge. */
export function RunStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" tt="none" data-testid="run-status">
      {t(`scheduler.statuses.${status}`)}
    </Badge>
  );
}
