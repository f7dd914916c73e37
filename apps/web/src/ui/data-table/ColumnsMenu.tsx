import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ColumnsMenuProps {
  columns: { field: string; title: string; isUnique?: boolean }[];
  isVisible: (field: string) => boolean;
  onToggle: (field: string, visible: boolean) => void;
}

/** Show/hide columns; the choice is persisted by the table. A unique column cannot be hidden. */
export function ColumnsMenu({ columns, isVisible, onToggle }: ColumnsMenuProps) {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-end" shadow="md" withinPortal hideDetached={false}>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />} data-testid="data-table-columns">
          {t('table.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={t('table.chooseColumns')}>
          {columns.map((column) => (
            <Checkbox
              key={column.field}
              label={column.title}
              checked={isVisible(column.field)}
              disabled={column.isUnique}
              onChange={(event) => onToggle(column.field, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
