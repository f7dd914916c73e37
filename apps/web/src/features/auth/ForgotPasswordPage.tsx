import { Alert, Stack } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../core/notify.ts';
import { FieldErrors, inputError } from '../../ui/FieldErrors.tsx';
import { requestPasswordReset } from './auth.api.ts';
import { useAuthSubmit } from './useAuthSubmit.ts';
import { AuthFormTitle, AuthSubmit, BackToLogin, useTextInput } from './AuthFormParts.tsx';
import { EmailField } from '../../ui/CredentialFields.tsx';

/** Ask for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { processing, submit, fieldErrors, message } = useAuthSubmit();
  const email = useTextInput();
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent(false);
    const ok = await submit(async () => {
      await requestPasswordReset({ email: email.value.trim() });
    });
    if (!ok) return;
    setSent(true);
    notifySuccess(t('auth.forgot.success'));
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="forgot-title" data-testid="forgot-password-form">
      <Stack gap="md">
        <AuthFormTitle id="forgot-title" title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
        {sent ? (
          <Alert color="green" variant="light" icon={<IconMailCheck size={18} />} role="status" data-testid="forgot-password-sent">
            {t('auth.forgot.success')}
          </Alert>
        ) : null}
        <FieldErrors errors={fieldErrors} shownInline={['email']} message={message} testId="forgot-password-error" />
        <EmailField autoComplete="email" {...email.props} error={inputError(fieldErrors, 'email')} data-testid="forgot-password-email" autoFocus />
        <AuthSubmit processing={processing} testId="forgot-password-submit">
          {t('auth.forgot.submit')}
        </AuthSubmit>
        <BackToLogin />
      </Stack>
    </form>
  );
}
