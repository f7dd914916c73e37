import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A name with what qualifies it under it, smaller and dimmed: a procedure code over its name, a product over
 * its brand or SKU. The second line is left out when there is nothing to say.
 */
export function TwoLines({ primary, secondary, weight = 500, testId, clampSecondary }: { primary: ReactNode; secondary?: ReactNode; weight?: 500 | 600; testId?: string; clampSecondary?: number }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={weight} data-testid={testId}>
        {primary}
      </Text>
      {secondary === null || secondary === undefined || secondary === '' ? null : (
        <Text size="xs" c="dimmed" lineClamp={clampSecondary}>
          {secondary}
        </Text>
      )}
    </Stack>
  );
}
