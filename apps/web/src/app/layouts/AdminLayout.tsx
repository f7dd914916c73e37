import { AppShell, Box, Burger, Group, Loader, Center, Anchor } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { useAuthStore } from '../../core/auth.store.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { LanguageSwitch } from '../../ui/LanguageSwitch.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { NotificationsBell } from '../../ui/NotificationsBell.tsx';
import { PracticeSelector } from '../../ui/PracticeSelector.tsx';
import { UserMenu } from '../../ui/UserMenu.tsx';
import { useRouteHandle } from '../../ui/routeHandle.ts';
import { AdminProviders } from '../providers.admin.tsx';
import { SidebarNav } from './SidebarNav.tsx';

function useDocumentTitle() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const label = handle ? t(handle.crumb) : t('notFound.title');
  useEffect(() => {
    document.title = `${label} · Enamel`;
  }, [label]);
}

/** The authenticated shell (requires the authenticated state, otherwise /login: docs/client-contract.md#admin-routes), in the admin providers. */
export function AdminLayout() {
  return (
    <AdminProviders>
      <AdminShell />
    </AdminProviders>
  );
}

function AdminShell() {
  const authenticated = useAuthStore((s) => s.authenticated);
  const [opened, { toggle, close }] = useDisclosure(false);
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useDocumentTitle();

  useEffect(() => {
    close();
  }, [pathname, close]);

  if (!authenticated) return <Navigate to="/login" replace />;

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', md: 'xl' }}
      bg="var(--mantine-color-gray-0)"
    >
      <Anchor href="#main-content" className="skip-link">
        {t('shell.skipToContent')}
      </Anchor>
      <AppShell.Header px="md" data-testid="app-header">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('shell.toggleNav')} data-testid="nav-burger" />
            <Anchor component={Link} to="/admin/dashboard" underline="never" aria-label={t('shell.home')}>
              <Logo />
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Box visibleFrom="xs">
              <PracticeSelector />
            </Box>
            <LanguageSwitch compact />
            <NotificationsBell />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar data-testid="app-navbar">
        <Box hiddenFrom="xs" p="sm">
          <PracticeSelector fullWidth />
        </Box>
        <SidebarNav onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        <Box maw={1280} mx="auto">
          <Breadcrumbs />
          {navigation.state === 'loading' ? (
            <Center py="xl" aria-busy>
              <Loader size="sm" />
            </Center>
          ) : (
            <Suspense fallback={<Loader size="sm" />}>
              <Outlet />
            </Suspense>
          )}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
