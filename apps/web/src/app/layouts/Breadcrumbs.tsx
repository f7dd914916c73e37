import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { crumbOf } from '../routes.ts';
import { useRouteHandle } from '../../ui/routeHandle.ts';

/** Dashboard › [parent] › current screen, from the matched route's label. */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const trail: { label: string; to?: string }[] = [];
  if (handle?.crumb !== 'routes.dashboard') trail.push({ label: t('routes.dashboard'), to: '/admin/dashboard' });
  const parentCrumb = handle?.parent ? crumbOf(handle.parent) : undefined;
  if (handle?.parent && parentCrumb) trail.push({ label: t(parentCrumb), to: `/admin/${handle.parent}` });
  trail.push({ label: handle ? t(handle.crumb) : t('notFound.title') });

  return (
    <nav aria-label={t('shell.breadcrumbs')} data-testid="breadcrumbs">
      <MantineBreadcrumbs separator={<IconChevronRight size={14} aria-hidden />} separatorMargin={6} mb="xs">
        {trail.map((crumb, index) =>
          crumb.to ? (
            <Anchor key={index} component={Link} to={crumb.to} size="sm" c="dimmed" data-testid="breadcrumb-link">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={index} size="sm" fw={500} aria-current="page" data-testid="breadcrumb-current">
              {crumb.label}
            </Text>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}
