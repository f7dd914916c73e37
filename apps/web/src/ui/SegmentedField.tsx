import { SegmentedControl, Stack, Text, type SegmentedControlProps } from '@mantine/core';
import { useId } from 'react';

/**
 * A few choices side by side with a label above them, as text inputs have: the label names the group for
 * screen readers (the control is a radio group, which has no label of its own).
 */
export function SegmentedField({ label, ...control }: SegmentedControlProps & { label: string; 'data-testid'?: string }) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text component="span" size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} {...control} />
    </Stack>
  );
}
