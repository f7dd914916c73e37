import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAuthStore } from '../../core/auth.store.ts';
import { notifySuccess } from '../../core/notify.ts';
import { FieldErrors, inputError } from '../../ui/FieldErrors.tsx';
import { useAuthSubmit } from './useAuthSubmit.ts';

/** Sign in; then the user, then the rules, then the dashboard (notes §4). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useAuthStore((s) => s.login);
  const { processing, submit, fieldErrors, message, setMessage } = useAuthSubmit();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let signedIn = false;
    const ok = await submit(async () => {
      await login({ email: email.trim(), password, remember });
      signedIn = useAuthStore.getState().authenticated;
    });
    if (!ok) return;
    if (!signedIn) {
      setMessage(t('auth.login.sessionFailed'));
      return;
    }
    void navigate('/admin/dashboard', { replace: true });
    notifySuccess(t('auth.login.success'));
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="login-title" data-testid="login-form">
      <Stack gap="md">
        <div>
          <Title order={1} fz={24} id="login-title">
            {t('auth.login.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('auth.login.subtitle')}
          </Text>
        </div>
        <FieldErrors errors={fieldErrors} shownInline={['email', 'password', 'remember']} message={message} testId="login-error" />
        <TextInput
          label={t('auth.fields.email')}
          type="email"
          name="email"
          autoComplete="username"
          leftSection={<IconMail size={18} stroke={1.6} />}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={inputError(fieldErrors, 'email')}
          data-testid="login-email"
          autoFocus
        />
        <PasswordInput
          label={t('auth.fields.password')}
          name="password"
          autoComplete="current-password"
          leftSection={<IconLock size={18} stroke={1.6} />}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={inputError(fieldErrors, 'password')}
          data-testid="login-password"
        />
        <Group justify="space-between">
          <Checkbox
            label={t('auth.login.remember')}
            name="remember"
            checked={remember}
            onChange={(e) => setRemember(e.currentTarget.checked)}
            data-testid="login-remember"
          />
          <Anchor component={Link} to="/forgot-password" size="sm" data-testid="login-forgot-link">
            {t('auth.login.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={processing} disabled={processing} data-testid="login-submit">
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
