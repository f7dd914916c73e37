import { Button } from '@mantine/core';
import { IconArchive, IconPencil, IconRestore, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RowAction } from './RowActionsMenu.tsx';
import { useConfirmedActions, type ConfirmedAction } from './useConfirmedActions.tsx';

type Lifecycle = 'deactivate' | 'restore' | 'delete';

const LABELS: Record<Lifecycle, string> = { deactivate: 'actions.deactivate', restore: 'actions.restore', delete: 'actions.deletePermanently' };
const DONE: Record<Lifecycle, string> = { deactivate: 'deactivated', restore: 'restored', delete: 'deleted' };

/** The calls a list offers: deactivate, restore and, for some, delete for good. */
export type LifecycleCalls = Partial<Record<Lifecycle, (id: number) => Promise<unknown>>>;

interface LifecycleRow {
  id: number;
  status: string;
}

/**
 * Deactivate, restore and (when `calls.delete` is given) delete for good, each confirmed first, on
 * a list of records that are active or inactive. The texts are the list's own, under `ns`:
 * `{ns}.deactivateTitle`, `{ns}.deactivateMessage` (with the row's `name`), `{ns}.deactivated`,
 * and the same for restore and delete. `menu(row, allowed)` gives the row menu's items.
 */
export function useLifecycleActions<Row extends LifecycleRow>(ns: string, name: (row: Row) => string, calls: LifecycleCalls, refresh: string[]) {
  const { t } = useTranslation();
  const actions: Partial<Record<Lifecycle, ConfirmedAction<Row>>> = {};
  for (const kind of Object.keys(calls) as Lifecycle[]) {
    const call = calls[kind]!;
    actions[kind] = {
      title: t(`${ns}.${kind}Title`),
      message: (row) => t(`${ns}.${kind}Message`, { name: name(row) }),
      label: t(LABELS[kind]),
      danger: kind !== 'restore',
      call: (row) => call(row.id),
      done: t(`${ns}.${DONE[kind]}`),
    };
  }
  const confirm = useConfirmedActions(actions as Record<Lifecycle, ConfirmedAction<Row>>, refresh);

  /** Deactivate while active, restore while inactive, delete while `deletable` (by default: inactive). */
  function menu(row: Row, allowed: boolean, deletable = row.status !== 'active'): RowAction[] {
    const items: RowAction[] = [
      { key: 'deactivate', label: t('actions.deactivate'), icon: <IconArchive size={16} />, onClick: () => confirm.ask('deactivate', row), hidden: row.status !== 'active' || !allowed },
      { key: 'restore', label: t('actions.restore'), icon: <IconRestore size={16} />, onClick: () => confirm.ask('restore', row), hidden: row.status === 'active' || !allowed },
    ];
    if (calls.delete) items.push({ key: 'delete', label: t('actions.deletePermanently'), icon: <IconTrash size={16} />, color: 'red', onClick: () => confirm.ask('delete', row), hidden: !deletable || !allowed });
    return items;
  }

  /** A detail page's buttons: deactivate while active, restore while inactive (`{testId}-deactivate`, `{testId}-restore`). */
  function buttons(row: Row, allowed: boolean, testId: string) {
    if (!allowed) return null;
    return row.status === 'active' ? (
      <Button variant="light" color="red" leftSection={<IconArchive size={16} />} onClick={() => confirm.ask('deactivate', row)} data-testid={`${testId}-deactivate`}>
        {t('actions.deactivate')}
      </Button>
    ) : (
      <Button variant="light" leftSection={<IconRestore size={16} />} onClick={() => confirm.ask('restore', row)} data-testid={`${testId}-restore`}>
        {t('actions.restore')}
      </Button>
    );
  }

  return { ...confirm, menu, buttons };
}

/** The row menu's "Edit". */
export function useEditAction() {
  const { t } = useTranslation();
  return (onClick: () => void, allowed: boolean): RowAction => ({ key: 'edit', label: t('actions.edit'), icon: <IconPencil size={16} />, onClick, hidden: !allowed });
}
