import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconArchive, IconBox, IconBuildingHospital, IconCalendarTime, IconCategory, IconChartBar, IconClipboardList,
  IconFileAnalytics, IconFileImport, IconHeadset, IconHistory, IconKey, IconLayoutDashboard, IconListDetails,
  IconPackages, IconScan, IconSettings, IconShieldLock, IconStethoscope, IconTag, IconUserCircle, IconUsers, type Icon,
} from '@tabler/icons-react';
import { Can, useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { AppAbility } from '../../core/abilities.ts';
import { useRouteHandle } from '../../ui/routeHandle.ts';
import { IMPORT_SUBJECTS, NAV_GROUPS, type NavItem } from './nav-groups.ts';

const ICONS: Record<string, Icon> = {
  dashboard: IconLayoutDashboard,
  procedures: IconStethoscope,
  inventories: IconPackages,
  useSupplies: IconScan,
  dentalPractices: IconBuildingHospital,
  products: IconBox,
  brands: IconTag,
  categories: IconCategory,
  procedureCodes: IconListDetails,
  procedureTemplates: IconClipboardList,
  import: IconFileImport,
  reports: IconChartBar,
  generateReport: IconFileAnalytics,
  users: IconUsers,
  roles: IconShieldLock,
  permissions: IconKey,
  logs: IconHistory,
  archiveLogs: IconArchive,
  scheduler: IconCalendarTime,
  setting: IconSettings,
  profile: IconUserCircle,
  support: IconHeadset,
};

function allowed(ability: AppAbility, item: NavItem): boolean {
  if (item.requires === 'always') return true;
  if (item.requires === 'import') return IMPORT_SUBJECTS.some((subject) => ability.can('import', subject));
  return ability.can('read', item.requires.read);
}

function NavEntry({ item, onNavigate, parent }: { item: NavItem; onNavigate: () => void; parent: string | undefined }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const to = `/admin/${item.path}`;
  const Icon = ICONS[item.key] ?? IconLayoutDashboard;
  // A create/edit screen lights up the list it belongs to.
  const active = pathname === to || pathname.startsWith(`${to}/`) || parent === item.path;
  return (
    <NavLink
      component={Link}
      to={to}
      label={t(item.label)}
      leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      variant="light"
      style={{ borderRadius: 8 }}
      data-testid={`nav-${item.key}`}
    />
  );
}

/** Sidebar grouped by area; entries the user may not read are hidden (the server still enforces). */
export function SidebarNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const parent = useRouteHandle()?.parent;
  return (
    <ScrollArea type="scroll" style={{ flex: 1 }}>
      <nav aria-label={t('shell.mainNav')} data-testid="sidebar-nav">
        <Stack gap="md" p="sm">
          {NAV_GROUPS.map((group) => {
            const visible = group.items.filter((item) => allowed(ability, item));
            if (visible.length === 0) return null;
            return (
              <div key={group.key} role="group" aria-labelledby={`nav-group-${group.key}`}>
                <Text id={`nav-group-${group.key}`} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4} style={{ letterSpacing: '0.05em' }}>
                  {t(group.label)}
                </Text>
                {visible.map((item) =>
                  typeof item.requires === 'object' ? (
                    <Can key={item.key} I="read" a={item.requires.read}>
                      <NavEntry item={item} onNavigate={onNavigate} parent={parent} />
                    </Can>
                  ) : (
                    <NavEntry key={item.key} item={item} onNavigate={onNavigate} parent={parent} />
                  ),
                )}
              </div>
            );
          })}
        </Stack>
      </nav>
    </ScrollArea>
  );
}
