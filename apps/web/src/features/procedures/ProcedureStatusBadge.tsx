import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** planned / completed as a coloured, translated badge. */
export function ProcedureStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'completed' ? 'green' : 'blue'} variant="light" data-testid="procedure-status-badge" data-status={status}>
      {t(`procedures.status.${status === 'completed' ? 'completed' : 'planned'}`)}
    </Badge>
  );
}
