import { Anchor, Checkbox, Group, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAuthStore } from '../../core/auth.store.ts';
import { notifySuccess } from '../../core/notify.ts';
import { FieldErrors, inputError } from '../../ui/FieldErrors.tsx';
import { useAuthSubmit } from './useAuthSubmit.ts';
import { AuthFormTitle, AuthSubmit, useTextInput } from './AuthFormParts.tsx';
import { EmailField, PasswordField } from '../../ui/CredentialFields.tsx';

/** Sign in; then the user, then the rules, then the dashboard (docs/client-contract.md#auth-forms). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useAuthStore((s) => s.login);
  const { processing, submit, fieldErrors, message, setMessage } = useAuthSubmit();
  const email = useTextInput();
  const password = useTextInput();
  const [remember, setRemember] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let signedIn = false;
    const ok = await submit(async () => {
      await login({ email: email.value.trim(), password: password.value, remember });
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
        <AuthFormTitle id="login-title" title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} />
        <FieldErrors errors={fieldErrors} shownInline={['email', 'password', 'remember']} message={message} testId="login-error" />
        <EmailField autoComplete="username" {...email.props} error={inputError(fieldErrors, 'email')} data-testid="login-email" autoFocus />
        <PasswordField label={t('auth.fields.password')} name="password" autoComplete="current-password" {...password.props} error={inputError(fieldErrors, 'password')} data-testid="login-password" />
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
        <AuthSubmit processing={processing} testId="login-submit">
          {t('auth.login.submit')}
        </AuthSubmit>
      </Stack>
    </form>
  );
}
