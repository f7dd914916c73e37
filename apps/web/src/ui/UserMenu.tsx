import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthStore, type AuthUser } from '../core/auth.store.ts';
import { menuItemColor } from './RowActionsMenu.tsx';

export function initialsOf(user: AuthUser): string {
  const fromParts = `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.trim();
  if (fromParts) return fromParts.toUpperCase();
  const words = user.name.trim().split(/\s+/).filter(Boolean);
  return words.slice(0, 2).map((w) => w.charAt(0).toUpperCase()).join('') || '?';
}

/** Header account menu: who is signed in, Profile and Logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const logout = useAuthStore((s) => s.logout);
  const displayName = user.name || user.email;

  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('shell.userMenu')} data-testid="user-menu" px={6} py={4} style={{ borderRadius: 8 }}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="green" radius="xl" size={32}>
              {initialsOf(user)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="md" maw={160} truncate>
              {displayName}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark" truncate>
            {displayName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/admin/profile" leftSection={<IconUserCircle size={16} />} data-testid="user-menu-profile">
          {t('shell.profile')}
        </Menu.Item>
        <Menu.Item color={menuItemColor('red')} leftSection={<IconLogout size={16} />} onClick={() => void logout()} data-testid="user-menu-logout">
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
