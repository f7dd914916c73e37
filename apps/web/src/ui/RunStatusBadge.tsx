import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { queued: 'gray', running: 'blue', succeeded: 'green', failed: 'red', expired: 'gray' };

/** A background run's status (the one run vocabulary) as a coloured, translated badge. */
export function RunStatusBadge({ status, title }: { status: string; title?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" tt="none" data-testid="run-status" {...(title ? { title } : {})}>
      {t(`runs.status.${status}`)}
    </Badge>
  );
}
