import { Alert, Anchor, Button, Center, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconMail, IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifySuccess } from '../../core/notify.ts';
import { FieldErrors, inputError } from '../../ui/FieldErrors.tsx';
import { requestPasswordReset } from './auth.api.ts';
import { useAuthSubmit } from './useAuthSubmit.ts';

/** Ask for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { processing, submit, fieldErrors, message } = useAuthSubmit();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent(false);
    const ok = await submit(async () => {
      await requestPasswordReset({ email: email.trim() });
    });
    if (!ok) return;
    setSent(true);
    notifySuccess(t('auth.forgot.success'));
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="forgot-title" data-testid="forgot-password-form">
      <Stack gap="md">
        <div>
          <Title order={1} fz={24} id="forgot-title">
            {t('auth.forgot.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('auth.forgot.subtitle')}
          </Text>
        </div>
        {sent ? (
          <Alert color="green" variant="light" icon={<IconMailCheck size={18} />} role="status" data-testid="forgot-password-sent">
            {t('auth.forgot.success')}
          </Alert>
        ) : null}
        <FieldErrors errors={fieldErrors} shownInline={['email']} message={message} testId="forgot-password-error" />
        <TextInput
          label={t('auth.fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          leftSection={<IconMail size={18} stroke={1.6} />}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={inputError(fieldErrors, 'email')}
          data-testid="forgot-password-email"
          autoFocus
        />
        <Button type="submit" size="md" fullWidth loading={processing} disabled={processing} data-testid="forgot-password-submit">
          {t('auth.forgot.submit')}
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
