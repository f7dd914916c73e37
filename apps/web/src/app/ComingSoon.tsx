import { Button, EmptyState, Paper } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../ui/PageHeader.tsx';
import { useRouteHandle } from '../ui/routeHandle.ts';

/** Placeholder for a screen whose feature arrives in a later release: title, breadcrumb, one sentence. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const title = handle ? t(handle.crumb) : t('app.name');
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder radius="lg" p="xl" data-testid="coming-soon">
        <EmptyState
          icon={<IconHourglassEmpty size={28} stroke={1.6} />}
          variant="light"
          title={t('comingSoon.title')}
          description={t('comingSoon.text')}
        >
          <EmptyState.Actions>
            <Button component={Link} to="/admin/dashboard" variant="light">
              {t('comingSoon.back')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </>
  );
}
