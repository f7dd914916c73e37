import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** A screen's "Add …" button (shown only to a user who may create). */
export function AddButton({ label, onClick, testId }: { label: string; onClick: () => void; testId: string }) {
  return (
    <Button leftSection={<IconPlus size={16} />} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}
