import { Stack } from '@mantine/core';
import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PASSWORD_MIN } from '@enamel/contracts';
import { notifySuccess } from '../../core/notify.ts';
import { FieldErrors, inputError } from '../../ui/FieldErrors.tsx';
import { resetPassword } from './auth.api.ts';
import { useAuthSubmit } from './useAuthSubmit.ts';
import { AuthFormTitle, AuthSubmit, BackToLogin, useTextInput } from './AuthFormParts.tsx';
import { EmailField, PasswordField } from '../../ui/CredentialFields.tsx';

/** Set a new password from the emailed link `/reset-password/{token}?email=…`. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const { processing, submit, fieldErrors, message } = useAuthSubmit();
  const email = useTextInput(params.get('email') ?? '');
  const password = useTextInput();
  const confirmation = useTextInput();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const ok = await submit(async () => {
      await resetPassword({ email: email.value.trim(), token, password: password.value, password_confirmation: confirmation.value });
    });
    if (!ok) return;
    notifySuccess(t('auth.reset.success'));
    void navigate('/login', { replace: true });
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="reset-title" data-testid="reset-password-form">
      <Stack gap="md">
        <AuthFormTitle id="reset-title" title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle', { count: PASSWORD_MIN })} />
        <FieldErrors errors={fieldErrors} shownInline={['email', 'password', 'password_confirmation']} message={message} testId="reset-password-error" />
        <EmailField autoComplete="username" {...email.props} error={inputError(fieldErrors, 'email')} data-testid="reset-password-email" />
        <PasswordField label={t('auth.fields.newPassword')} name="password" autoComplete="new-password" {...password.props} error={inputError(fieldErrors, 'password')} data-testid="reset-password-password" autoFocus />
        <PasswordField label={t('auth.fields.passwordConfirmation')} name="password_confirmation" autoComplete="new-password" {...confirmation.props} error={inputError(fieldErrors, 'password_confirmation')} data-testid="reset-password-confirmation" />
        <AuthSubmit processing={processing} testId="reset-password-submit">
          {t('auth.reset.submit')}
        </AuthSubmit>
        <BackToLogin />
      </Stack>
    </form>
  );
}
