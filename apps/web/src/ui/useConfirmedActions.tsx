import { useState, type ReactNode } from 'react';
import { useRunAction } from '../core/actions.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

export interface ConfirmedAction<Row> {
  title: string;
  message: (row: Row) => ReactNode;
  /** The confirm button's label. */
  label: string;
  /** Red for what takes something away or cannot be undone. */
  danger?: boolean;
  call: (row: Row) => Promise<unknown>;
  /** The success notice. */
  done: string;
}

/**
 * Row actions that ask before they act (deactivate, restore, delete…): `ask(kind, row)` opens the
 * confirmation, `dialog` renders it. A confirmed call shows its notice and refreshes every list and
 * the queries named in `alsoRefresh`; a refused one shows the server's message.
 */
export function useConfirmedActions<Row, Kind extends string>(actions: Record<Kind, ConfirmedAction<Row>>, alsoRefresh: string[] = []) {
  const run = useRunAction();
  const [pending, setPending] = useState<{ kind: Kind; row: Row } | null>(null);
  const action = pending ? actions[pending.kind] : null;
  const dialog: ReactNode =
    action && pending ? (
      <ConfirmDialog
        opened
        title={action.title}
        message={action.message(pending.row)}
        confirmLabel={action.label}
        danger={action.danger ?? false}
        onConfirm={() => run(() => action.call(pending.row), action.done, alsoRefresh)}
        onClose={() => setPending(null)}
      />
    ) : null;
  return { ask: (kind: Kind, row: Row) => setPending({ kind, row }), dialog };
}
