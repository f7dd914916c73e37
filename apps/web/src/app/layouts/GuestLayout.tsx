import { Box, Center, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { useAuthStore } from '../../core/auth.store.ts';
import { LanguageSwitch } from '../../ui/LanguageSwitch.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { useRouteHandle } from '../../ui/routeHandle.ts';

/** Login, forgot and reset password; a signed-in user goes to /admin (docs/client-contract.md#auth-forms). */
export function GuestLayout() {
  const authenticated = useAuthStore((s) => s.authenticated);
  // While a login is completing (user, then abilities) the login page navigates itself.
  const processing = useAuthStore((s) => s.processing);
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const label = handle ? t(handle.crumb) : '';

  useEffect(() => {
    document.title = label ? `${label} · Enamel` : 'Enamel';
  }, [label]);

  if (authenticated && !processing) return <Navigate to="/admin" replace />;

  return (
    <Box mih="100vh" className="guest-background" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="flex-end" p="md">
        <LanguageSwitch />
      </Group>
      <Center component="main" style={{ flex: 1 }} px="md" pb="xl">
        <Stack w="100%" maw={440} gap="lg">
          <Center>
            <Logo size="lg" />
          </Center>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 36 }}>
            <Outlet />
          </Paper>
          <Text size="xs" c="dimmed" ta="center">
            {t('app.tagline')}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
