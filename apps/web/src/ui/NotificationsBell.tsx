import { ActionIcon, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Notification } from '@enamel/contracts';
import { api } from '../core/api.ts';
import { useFormat } from '../core/format.ts';

export type AppNotification = Notification;
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

/** Marks one notification read (or all of them), then refreshes the bell. */
function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number | 'all') => api.post(id === 'all' ? '/api/notifications/read-all' : `/api/notifications/read/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

/** Header bell: unread count and the latest notifications; one opens what it is about and counts as read. */
export function NotificationsBell() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const markRead = useMarkRead();
  const { data } = useNotifications();
  const items = data?.data ?? [];
  const unread = data?.meta?.unread ?? items.filter((n) => n.read_at === null).length;
  const label = unread > 0 ? t('shell.notificationsUnread', { count: unread }) : t('shell.notifications');

  return (
    <Popover position="bottom-end" width={340} shadow="md" withinPortal opened={opened} onChange={setOpened}>
      <Popover.Target>
        {/* The button is the popover's target (it gets aria-haspopup / aria-expanded); the count sits on its icon. */}
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} data-testid="notifications-bell" onClick={() => setOpened((o) => !o)}>
          <Indicator label={format.number(unread)} size={18} offset={2} disabled={unread === 0} color="red" inline data-testid="notifications-count" data-count={unread}>
            <IconBell size={20} stroke={1.7} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} data-testid="notifications-panel">
        <Group justify="space-between" px="md" py="xs" wrap="nowrap">
          <Text fw={600}>{t('shell.notifications')}</Text>
          {unread > 0 ? (
            <Button variant="subtle" size="compact-sm" onClick={() => markRead.mutate('all')} data-testid="notifications-read-all">
              {t('shell.markAllRead')}
            </Button>
          ) : null}
        </Group>
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
              <UnstyledButton
                key={n.id}
                display="block"
                w="100%"
                px="md"
                py="sm"
                bg={n.read_at ? undefined : 'green.0'}
                data-testid="notification-item"
                onClick={() => {
                  if (!n.read_at) markRead.mutate(n.id);
                  setOpened(false);
                  if (n.link) void navigate(n.link);
                }}
              >
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
