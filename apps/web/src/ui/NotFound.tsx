import { Box, Button, Center, EmptyState, Paper, Stack } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthStore } from '../core/auth.store.ts';
import { Logo } from './Logo.tsx';

/** Any path the app does not know; `standalone` outside the admin shell (own page frame). */
export function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const authenticated = useAuthStore((s) => s.authenticated);
  const title = t('notFound.title');

  useEffect(() => {
    document.title = `${title} · Enamel`;
  }, [title]);

  const card = (
    <Paper withBorder radius="lg" p="xl" maw={520} w="100%" data-testid="not-found">
      <EmptyState
        icon={<IconMapQuestion size={30} stroke={1.6} />}
        variant="light"
        title={
          <span role="heading" aria-level={1}>
            {title}
          </span>
        }
        description={t('notFound.text')}
      >
        <EmptyState.Actions>
          <Button component={Link} to={authenticated ? '/admin/dashboard' : '/login'} data-testid="not-found-back">
            {authenticated ? t('notFound.backToDashboard') : t('notFound.backToLogin')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );

  if (!standalone) return <Center py={{ base: 'xl', sm: 64 }}>{card}</Center>;
  return (
    <Box component="main" mih="100vh" className="guest-background">
      <Center mih="100vh" p="md">
        <Stack align="center" gap="lg" w="100%">
          <Logo size="lg" />
          {card}
        </Stack>
      </Center>
    </Box>
  );
}
