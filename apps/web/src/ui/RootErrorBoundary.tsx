import { Button, Center, EmptyState, Paper } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './NotFound.tsx';

/** Last line of defence for a screen that failed to load or render (e.g. a stale chunk after a deploy). */
export function RootErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage standalone />;
  console.error(error);
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder radius="lg" p="xl" maw={520} w="100%" data-testid="app-error">
        <EmptyState
          icon={<IconAlertTriangle size={30} stroke={1.6} />}
          variant="light"
          color="red"
          title={t('appError.title')}
          description={t('appError.text')}
        >
          <EmptyState.Actions>
            <Button onClick={() => window.location.reload()}>{t('appError.reload')}</Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </Center>
  );
}
