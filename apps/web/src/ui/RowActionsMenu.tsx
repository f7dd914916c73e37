import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface RowAction {
  key: string;
  label: string;
  icon?: ReactNode;
  color?: string;
  onClick: () => void;
  hidden?: boolean;
}

/** The "…" menu at the end of a table row; renders nothing when no action is allowed. */
export function RowActionsMenu({ actions, label }: { actions: RowAction[]; label: string }) {
  const { t } = useTranslation();
  const shown = actions.filter((a) => !a.hidden);
  if (shown.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('actions.moreFor', { name: label })} data-testid="row-actions" onDoubleClick={(e) => e.stopPropagation()}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {shown.map((a) => (
          <Menu.Item key={a.key} leftSection={a.icon} color={menuItemColor(a.color)} onClick={a.onClick} data-testid={`row-action-${a.key}`}>
            {a.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Mantine colours a menu item with shade 6 of a bare colour name, too light for text (red 6 is 3.3:1);
 * the theme's shade 7 is made for text (see app/theme.ts).
 */
export function menuItemColor(color: string | undefined): string | undefined {
  return color && !color.includes('.') && !color.startsWith('#') && !color.startsWith('var(') ? `${color}.7` : color;
}
