import { Stack, Text, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card's or a part's heading (a card is labelled by `id`) and the dimmed line under it. */
export function SectionTitle({ id, title, text, gap = 0, fz = 'lg' }: { id?: string; title: ReactNode; text: ReactNode; gap?: MantineSpacing; fz?: 'lg' | 'md' }) {
  return (
    <Stack gap={gap}>
      <Title order={2} fz={fz} id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Stack>
  );
}
