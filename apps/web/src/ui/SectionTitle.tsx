import { Stack, Text, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card's heading (the card is labelled by `id`) and the dimmed line under it. */
export function SectionTitle({ id, title, text, gap = 0 }: { id: string; title: ReactNode; text: ReactNode; gap?: MantineSpacing }) {
  return (
    <Stack gap={gap}>
      <Title order={2} fz="lg" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Stack>
  );
}
