import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingHospital, IconChartLine, IconHeadset, IconUserCircle } from '@tabler/icons-react';
import { Can } from '@casl/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthStore } from '../../core/auth.store.ts';
import { useFormat } from '../../core/format.ts';
import { useSelectedPractice } from '../../core/practice.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

function QuickLink({ to, icon, title, text, testId }: { to: string; icon: React.ReactNode; title: string; text: string; testId: string }) {
  return (
    <Card withBorder padding="lg" component={Link} to={to} data-testid={testId} style={{ textDecoration: 'none' }}>
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={40} radius="md">
          {icon}
        </ThemeIcon>
        <div>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

/** For now a welcome: which practice is selected; the stock widgets arrive with stock data. */
export function DashboardPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const user = useAuthStore((s) => s.user);
  const practice = useSelectedPractice();
  const firstName = user.firstname || user.name.split(' ')[0] || '';
  const today = format.dateTime(Date.now(), { dateStyle: 'full' });

  return (
    <>
      <PageHeader title={t('routes.dashboard')} description={today} />
      <Stack gap="lg">
        <Card withBorder padding="xl" data-testid="dashboard-welcome">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
            <Stack gap={6} maw={640}>
              <Title order={2} fz={22}>
                {firstName ? t('dashboard.welcome', { name: firstName }) : t('dashboard.welcomeNoName')}
              </Title>
              <Text data-testid="dashboard-practice">
                {practice ? t('dashboard.practiceSelected', { practice: practice.name }) : t('dashboard.noPractice')}
              </Text>
              <Text c="dimmed" size="sm">
                {t('dashboard.widgetsSoon')}
              </Text>
            </Stack>
            <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
              <IconChartLine size={34} stroke={1.5} />
            </ThemeIcon>
          </Group>
          {practice ? (
            <Badge mt="md" variant="light" size="lg" tt="none" leftSection={<IconBuildingHospital size={14} />}>
              {practice.name}
            </Badge>
          ) : null}
        </Card>
        <div>
          <Title order={2} fz="md" mb="sm" c="dimmed" fw={600}>
            {t('dashboard.quickLinks')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            <Can I="read" a="DentalPractice">
              <QuickLink
                to="/admin/list/dental-practices"
                icon={<IconBuildingHospital size={22} stroke={1.6} />}
                title={t('nav.items.dentalPractices')}
                text={t('dashboard.linkPractices')}
                testId="dashboard-link-practices"
              />
            </Can>
            <QuickLink
              to="/admin/profile"
              icon={<IconUserCircle size={22} stroke={1.6} />}
              title={t('routes.profile')}
              text={t('dashboard.linkProfile')}
              testId="dashboard-link-profile"
            />
            <QuickLink
              to="/admin/support"
              icon={<IconHeadset size={22} stroke={1.6} />}
              title={t('routes.support')}
              text={t('dashboard.linkSupport')}
              testId="dashboard-link-support"
            />
          </SimpleGrid>
        </div>
      </Stack>
    </>
  );
}
