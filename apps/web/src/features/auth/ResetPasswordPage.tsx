import { Anchor, Button, Center, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconLock, IconMail } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PASSWORD_MIN } from '@enamel/contracts';
import { notifySuccess } from '../../core/notify.ts';
import { FieldErrors, inputError } from '../../ui/FieldErrors.tsx';
import { resetPassword } from './auth.api.ts';
import { useAuthSubmit } from './useAuthSubmit.ts';

/** Set a new password from the emailed link `/reset-password/{token}?email=…`. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const { processing, submit, fieldErrors, message } = useAuthSubmit();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const ok = await submit(async () => {
      await resetPassword({ email: email.trim(), token, password, password_confirmation: confirmation });
    });
    if (!ok) return;
    notifySuccess(t('auth.reset.success'));
    void navigate('/login', { replace: true });
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="reset-title" data-testid="reset-password-form">
      <Stack gap="md">
        <div>
          <Title order={1} fz={24} id="reset-title">
            {t('auth.reset.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('auth.reset.subtitle', { count: PASSWORD_MIN })}
          </Text>
        </div>
        <FieldErrors errors={fieldErrors} shownInline={['email', 'password', 'password_confirmation']} message={message} testId="reset-password-error" />
        <TextInput
          label={t('auth.fields.email')}
          type="email"
          name="email"
          autoComplete="username"
          leftSection={<IconMail size={18} stroke={1.6} />}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={inputError(fieldErrors, 'email')}
          data-testid="reset-password-email"
        />
        <PasswordInput
          label={t('auth.fields.newPassword')}
          name="password"
          autoComplete="new-password"
          leftSection={<IconLock size={18} stroke={1.6} />}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={inputError(fieldErrors, 'password')}
          data-testid="reset-password-password"
          autoFocus
        />
        <PasswordInput
          label={t('auth.fields.passwordConfirmation')}
          name="password_confirmation"
          autoComplete="new-password"
          leftSection={<IconLock size={18} stroke={1.6} />}
          value={confirmation}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
          error={inputError(fieldErrors, 'password_confirmation')}
          data-testid="reset-password-confirmation"
        />
        <Button type="submit" size="md" fullWidth loading={processing} disabled={processing} data-testid="reset-password-submit">
          {t('auth.reset.submit')}
        </Button>
        <Center>
          <Anchor component={Link} to="/login" size="sm" data-testid="back-to-login">
            <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} aria-hidden />
            {t('auth.backToLogin')}
          </Anchor>
        </Center>
      </Stack>
    </form>
  );
}
