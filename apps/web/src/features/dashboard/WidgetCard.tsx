import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface WidgetCardProps {
  /** data-testid of the card: `widget-<name>`. */
  name: string;
  title: string;
  /** One line under the title: what the numbers are (the period, the level). */
  subtitle?: ReactNode;
  /** The list behind the widget. */
  link?: { to: string; label: string };
  /** Controls in the header (a product selector). */
  controls?: ReactNode;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** Why there is nothing to show, when there is nothing (null when there is). */
  empty: string | null;
  /** The loading placeholder's shape: a chart (the default) or a tall table (the first row's lists). */
  skeleton?: 'chart' | 'table';
  children: ReactNode;
}

/**
 * A dashboard widget's frame: title, what it measures and a link to the list behind it, with a loading skeleton,
 * an empty state and an error state of its own (one failing widget never blanks the page).
 */
export function WidgetCard({ name, title, subtitle, link, controls, query, empty, skeleton = 'chart', children }: WidgetCardProps) {
  const { t } = useTranslation();
  const titleId = `widget-${name}-title`;
  let body: ReactNode;
  if (query.isPending)
    body =
      skeleton === 'table' ? (
        // As tall as a full list (the first row's lists usually are): the widgets below it stay out of view while
        // it loads instead of being pushed down when it arrives (no layout shift on the first screen).
        <Stack gap={10} data-testid="widget-loading">
          {Array.from({ length: 14 }, (_, i) => (
            <Skeleton key={i} height={32} />
          ))}
        </Stack>
      ) : (
        <Stack gap="xs" data-testid="widget-loading">
          <Skeleton height={14} width="60%" />
          <Skeleton height={120} />
        </Stack>
      );
  else if (query.isError)
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="widget-error">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('dashboard.widgetError')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('dashboard.retry')}
          </Button>
        </Group>
      </Alert>
    );
  else if (empty !== null)
    body = (
      <Text size="sm" c="dimmed" py="md" data-testid="widget-empty">
        {empty}
      </Text>
    );
  else body = children;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId} data-testid={`widget-${name}`}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} fz="md" fw={650} id={titleId}>
            {title}
          </Title>
          {subtitle ? (
            <Text size="xs" c="dimmed">
              {subtitle}
            </Text>
          ) : null}
        </Stack>
        {controls}
      </Group>
      {body}
      {link ? (
        <Group justify="flex-end" mt="sm">
          <Anchor component={Link} to={link.to} size="sm" data-testid="widget-link">
            <Group gap={4} wrap="nowrap">
              {link.label}
              <IconArrowRight size={14} aria-hidden />
            </Group>
          </Anchor>
        </Group>
      ) : null}
    </Card>
  );
}
