import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormFooterProps {
  submitLabel: string;
  submitTestId: string;
  /** The submit runs: the submit button spins and refuses a second click. */
  saving: boolean;
  /** Without it the form has no Cancel (a card on a page). */
  onCancel?: () => void;
  /** The submit stays off for another reason (a read-only record). */
  disabled?: boolean;
  /** Cancel waits for the submit too. */
  lockCancel?: boolean;
  /** Red for what takes something away. */
  color?: string;
  /** The submit's spinner, when it is not simply `saving` (a second submit button shares the run). */
  loading?: boolean;
  onSubmitClick?: () => void;
  /** Buttons between Cancel and the submit. */
  children?: ReactNode;
}

/** Cancel (when there is somewhere to go back to) and submit at the end of a form, on the right. */
export function FormFooter({ submitLabel, submitTestId, saving, onCancel, disabled = false, lockCancel = false, color, loading = saving, onSubmitClick, children }: FormFooterProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      {onCancel ? (
        <Button variant="default" onClick={onCancel} disabled={lockCancel ? saving : undefined}>
          {t('actions.cancel')}
        </Button>
      ) : null}
      {children}
      <Button type="submit" color={color} loading={loading} disabled={saving || disabled} onClick={onSubmitClick} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </Group>
  );
}
