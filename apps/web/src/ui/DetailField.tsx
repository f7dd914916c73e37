import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of a detail card (a procedure, a supplier, a purchase order): "—" when there is none. */
export function DetailField({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" mt={2} data-testid={testId} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {children ?? '—'}
      </Text>
    </div>
  );
}

/** One figure behind a computed answer (the reorder levels, a suggestion's reasoning): its label and value. */
export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}
