import { Anchor, Button, Center, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A guest form's heading (the form is labelled by `id`) and the line under it. */
export function AuthFormTitle({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <div>
      <Title order={1} fz={24} id={id}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" mt={4}>
        {subtitle}
      </Text>
    </div>
  );
}

/** A guest form's full-width submit, spinning while an auth request runs. */
export function AuthSubmit({ processing, testId, children }: { processing: boolean; testId: string; children: ReactNode }) {
  return (
    <Button type="submit" size="md" fullWidth loading={processing} disabled={processing} data-testid={testId}>
      {children}
    </Button>
  );
}

/** The way back to the sign-in form. */
export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Center>
      <Anchor component={Link} to="/login" size="sm" data-testid="back-to-login">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} aria-hidden />
        {t('auth.backToLogin')}
      </Anchor>
    </Center>
  );
}

/** A guest form's text: its value, its setter, and the input props that edit it. */
export function useTextInput(initial = '') {
  const [value, setValue] = useState(initial);
  return { value, set: setValue, props: { value, onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.currentTarget.value) } };
}
