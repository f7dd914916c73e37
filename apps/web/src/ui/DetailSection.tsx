import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A part of a detail page (lots, movements…): its heading, an optional note on the right, then what it holds. */
export function DetailSection({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <div>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {note ? (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        ) : null}
      </Group>
      {children}
    </div>
  );
}
