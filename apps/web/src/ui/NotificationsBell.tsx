import { ActionIcon, Divider, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../core/api.ts';
import { useFormat } from '../core/format.ts';

export interface AppNotification {
  id: number | string;
  title: string;
  body: string | null;
  created_at: string;
  read_at: string | null;
}
interface NotificationsResponse {
  data: AppNotification[];
  meta?: { unread?: number };
}

export function useNotifications() {
  return useQuery({
    queryKey: ['notifications'],
    queryFn: async () => (await api.get<NotificationsResponse>('/api/notifications')).data,
    refetchInterval: 60_000,
  });
}

/** Header bell: unread count and the latest notifications. */
export function NotificationsBell() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data } = useNotifications();
  const items = data?.data ?? [];
  const unread = data?.meta?.unread ?? items.filter((n) => n.read_at === null).length;
  const label = unread > 0 ? t('shell.notificationsUnread', { count: unread }) : t('shell.notifications');

  return (
    <Popover position="bottom-end" width={340} shadow="md" withinPortal>
      <Popover.Target>
        {/* The button is the popover's target (it gets aria-haspopup / aria-expanded); the count sits on its icon. */}
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} data-testid="notifications-bell">
          <Indicator label={format.number(unread)} size={18} offset={2} disabled={unread === 0} color="red" inline data-testid="notifications-count" data-count={unread}>
            <IconBell size={20} stroke={1.7} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} data-testid="notifications-panel">
        <Text fw={600} px="md" py="sm">
          {t('shell.notifications')}
        </Text>
        <Divider />
        {items.length === 0 ? (
          <Stack align="center" gap={6} py="lg" px="md">
            <IconBellCheck size={28} stroke={1.5} color="var(--mantine-color-green-6)" aria-hidden />
            <Text size="sm" c="dimmed" ta="center">
              {t('shell.noNotifications')}
            </Text>
          </Stack>
        ) : (
          <ScrollArea.Autosize mah={360}>
            {items.map((n) => (
              <UnstyledButton key={n.id} display="block" w="100%" px="md" py="sm" bg={n.read_at ? undefined : 'green.0'}>
                <Text size="sm" fw={n.read_at ? 400 : 600}>
                  {n.title}
                </Text>
                {n.body ? (
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {n.body}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed" mt={2}>
                  {format.relative(n.created_at)}
                </Text>
              </UnstyledButton>
            ))}
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
