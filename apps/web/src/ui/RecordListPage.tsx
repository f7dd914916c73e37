import { useAbility } from '@casl/react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Subject } from '@enamel/contracts';
import type { AppAbility } from '../core/abilities.ts';
import { AddButton } from './AddButton.tsx';
import { DataTable, type DataTableColumn, type DataTableProps } from './data-table/index.ts';
import { MountOnFirstOpen } from './MountOnFirstOpen.tsx';
import { PageHeader } from './PageHeader.tsx';
import { useRouteHandle } from './routeHandle.ts';
import { RowActionsMenu, type RowAction } from './RowActionsMenu.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useEditAction, useLifecycleActions, type LifecycleCalls } from './useLifecycleActions.tsx';

interface RecordRow {
  id: number;
  status: string;
  created_at: string;
}

/** Create and edit in a dialog (`id` undefined: a new record), or on pages of their own. */
type RecordForm = { modal: ComponentType<{ opened: boolean; id?: number; onClose: () => void }> } | { add: () => void; edit: (id: number) => void };

export interface RecordListPageProps<Row extends RecordRow> {
  /** The rules' subject: create shows the add button, update opens and edits rows, delete deactivates and restores. */
  subject: Subject;
  /** The screen's texts: `{ns}.subtitle`, `{ns}.add`, and the confirmations' (`{ns}.deactivateTitle`…, see useLifecycleActions). */
  ns: string;
  addTestId: string;
  form: RecordForm;
  /** The row as menus and confirmations name it. */
  name: (row: Row) => string;
  /** Deactivate, restore (and delete) calls and the queries they refresh (see useLifecycleActions). */
  lifecycle: { calls: LifecycleCalls; refresh: string[]; deletable?: (row: Row) => boolean };
  /** The table; its CSV is named after `tableId`, and its columns end with the status and the (hidden) creation date. */
  table: Omit<DataTableProps<Row>, 'onRowOpen' | 'rowActions' | 'exportFileName'>;
  /** Shown between the header and the table (a notice). */
  children?: ReactNode;
  /** The row menu's own actions of this list, after edit (a location's par levels). */
  moreActions?: (row: Row) => RowAction[];
}

/**
 * A catalog-style list screen, titled as its route: the header with its add button, the table whose rows open for editing, and a row
 * menu with edit, deactivate / restore (and delete for good where the list allows it), each confirmed; the
 * form in its dialog or on its own page. What a reader may do follows their rules.
 */
export function RecordListPage<Row extends RecordRow>({ subject, ns, addTestId, form, name, lifecycle, table, children, moreActions }: RecordListPageProps<Row>) {
  const { t } = useTranslation();
  const title = t(useRouteHandle()?.crumb ?? '');
  const columns: DataTableColumn<Row>[] = [
    ...table.columns,
    { field: 'status', title: t('common.status'), width: 120, cellRenderer: (row) => <StatusBadge status={row.status} /> },
    { field: 'created_at', title: t('common.createdAt'), hide: true },
  ];
  const ability = useAbility<AppAbility>();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const canEdit = ability.can('update', subject);
  const canDelete = ability.can('delete', subject);
  const add = 'modal' in form ? () => setEditing({}) : form.add;
  const edit = (row: Row) => ('modal' in form ? setEditing({ id: row.id }) : form.edit(row.id));
  const confirm = useLifecycleActions<Row>(ns, name, lifecycle.calls, lifecycle.refresh);
  const editAction = useEditAction();
  const Modal = 'modal' in form ? form.modal : null;

  return (
    <>
      <PageHeader title={title} description={t(`${ns}.subtitle`)} actions={ability.can('create', subject) ? <AddButton label={t(`${ns}.add`)} onClick={add} testId={addTestId} /> : null} />
      {children}
      <DataTable<Row>
        {...table}
        columns={columns}
        exportFileName={table.tableId}
        onRowOpen={canEdit ? edit : undefined}
        rowActions={(row) => <RowActionsMenu label={name(row)} actions={[editAction(() => edit(row), canEdit), ...(moreActions?.(row) ?? []), ...confirm.menu(row, canDelete, lifecycle.deletable?.(row))]} />}
      />
      {Modal ? <MountOnFirstOpen opened={editing !== null}>{(opened) => <Modal opened={opened} id={editing?.id} onClose={() => setEditing(null)} />}</MountOnFirstOpen> : null}
      {confirm.dialog}
    </>
  );
}
