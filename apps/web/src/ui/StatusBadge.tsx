import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** `active` / `inactive` as a coloured, translated badge. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'active' ? 'green' : 'gray'} variant="light" data-testid="status-badge">
      {t(`status.${status === 'active' ? 'active' : 'inactive'}`)}
    </Badge>
  );
}
