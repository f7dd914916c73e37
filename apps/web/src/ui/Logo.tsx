import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconDental } from '@tabler/icons-react';

/** The product mark: a tooth and the name. */
export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const large = size === 'lg';
  return (
    <Group gap={large ? 'sm' : 8} wrap="nowrap" data-testid="app-logo">
      <ThemeIcon size={large ? 44 : 34} radius="md" variant="gradient" gradient={{ from: 'green.7', to: 'teal.5', deg: 135 }} aria-hidden>
        <IconDental size={large ? 26 : 20} stroke={1.8} />
      </ThemeIcon>
      <Text component="span" fw={700} fz={large ? 26 : 20} lh={1} c="dark.7" style={{ letterSpacing: '-0.02em' }}>
        Enamel
      </Text>
    </Group>
  );
}
