import { Button, Grid, Group, Paper, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLanguage, IconLock, IconMail, IconUser } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, LOCALES, PASSWORD_MIN, isLocale, type Locale } from '@enamel/contracts';
import { useAuthStore } from '../../core/auth.store.ts';
import { changeLocale, currentLocale } from '../../core/i18n.ts';
import { notifySuccess } from '../../core/notify.ts';
import { FieldErrors, inputError } from '../../ui/FieldErrors.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useServerErrors } from '../../ui/useServerErrors.ts';
import { DigestForm } from './DigestForm.tsx';
import { changePassword, updateProfile } from './profile.api.ts';

function ProfileDetailsForm() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const setUser = useAuthStore((s) => s.setUser);
  const errors = useServerErrors();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [locale, setLocale] = useState<Locale>(user.locale ?? currentLocale());
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    errors.clear();
    setSaving(true);
    try {
      const saved = await updateProfile({ name: name.trim(), email: email.trim(), locale });
      setUser(saved);
      // The profile's language is also the interface's (and the cookie the server reads).
      if (saved.locale !== currentLocale()) await changeLocale(saved.locale);
      notifySuccess(t('profile.details.saved'));
    } catch (error) {
      errors.capture(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper withBorder p="xl" component="section" aria-labelledby="profile-details-title">
      <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="profile-form">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg" id="profile-details-title">
              {t('profile.details.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('profile.details.subtitle')}
            </Text>
          </div>
          <FieldErrors errors={errors.fieldErrors} shownInline={['name', 'email', 'locale']} message={errors.message} testId="profile-error" />
          <TextInput
            label={t('profile.details.name')}
            name="name"
            autoComplete="name"
            leftSection={<IconUser size={18} stroke={1.6} />}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={inputError(errors.fieldErrors, 'name')}
            data-testid="profile-name"
          />
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            name="email"
            autoComplete="email"
            leftSection={<IconMail size={18} stroke={1.6} />}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={inputError(errors.fieldErrors, 'email')}
            data-testid="profile-email"
          />
          <Select
            label={t('profile.details.language')}
            description={t('profile.details.languageHint')}
            leftSection={<IconLanguage size={18} stroke={1.6} />}
            data={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
            value={locale}
            onChange={(value) => {
              if (isLocale(value)) setLocale(value);
            }}
            allowDeselect={false}
            size="md"
            error={inputError(errors.fieldErrors, 'locale')}
            data-testid="profile-locale"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saving} disabled={saving} data-testid="profile-submit">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation();
  const errors = useServerErrors();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    errors.clear();
    setSaving(true);
    try {
      await changePassword({ current_password: current, password, password_confirmation: confirmation });
      setCurrent('');
      setPassword('');
      setConfirmation('');
      notifySuccess(t('auth.reset.success'));
    } catch (error) {
      errors.capture(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper withBorder p="xl" component="section" aria-labelledby="profile-password-title">
      <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="password-form">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg" id="profile-password-title">
              {t('profile.password.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('profile.password.subtitle', { count: PASSWORD_MIN })}
            </Text>
          </div>
          <FieldErrors
            errors={errors.fieldErrors}
            shownInline={['current_password', 'password', 'password_confirmation']}
            message={errors.message}
            testId="password-error"
          />
          <PasswordInput
            label={t('profile.password.current')}
            name="current_password"
            autoComplete="current-password"
            leftSection={<IconLock size={18} stroke={1.6} />}
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={inputError(errors.fieldErrors, 'current_password')}
            data-testid="password-current"
          />
          <PasswordInput
            label={t('auth.fields.newPassword')}
            name="password"
            autoComplete="new-password"
            leftSection={<IconLock size={18} stroke={1.6} />}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={inputError(errors.fieldErrors, 'password')}
            data-testid="password-new"
          />
          <PasswordInput
            label={t('auth.fields.passwordConfirmation')}
            name="password_confirmation"
            autoComplete="new-password"
            leftSection={<IconLock size={18} stroke={1.6} />}
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
            error={inputError(errors.fieldErrors, 'password_confirmation')}
            data-testid="password-confirmation"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saving} disabled={saving} data-testid="password-submit">
              {t('profile.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Name, email and language; password change with the current password; the e-mail digest. */
export function ProfilePage() {
  const { t } = useTranslation();
  const userId = useAuthStore((s) => s.user.id);
  return (
    <>
      <PageHeader title={t('routes.profile')} description={t('profile.description')} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          {/* Remount when another user signs in so the fields start from that user. */}
          <ProfileDetailsForm key={userId ?? 'none'} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ChangePasswordForm />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DigestForm />
        </Grid.Col>
      </Grid>
    </>
  );
}
