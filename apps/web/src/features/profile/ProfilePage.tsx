import { Grid, Paper, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLanguage, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changePasswordBodySchema, LOCALE_NAMES, LOCALES, PASSWORD_MIN, updateProfileBodySchema, type Locale } from '@enamel/contracts';
import { useAuthStore } from '../../core/auth.store.ts';
import { changeLocale, currentLocale } from '../../core/i18n.ts';
import { notifySuccess } from '../../core/notify.ts';
import { EmailField, PasswordField } from '../../ui/CredentialFields.tsx';
import { FieldErrors } from '../../ui/FieldErrors.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SectionTitle } from '../../ui/SectionTitle.tsx';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { DigestForm } from './DigestForm.tsx';
import { changePassword, updateProfile } from './profile.api.ts';

interface DetailsValues extends Record<string, unknown> {
  name: string;
  email: string;
  locale: Locale;
}

function ProfileDetailsForm() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const setUser = useAuthStore((s) => s.setUser);
  const form = useForm<DetailsValues>({ initialValues: { name: user.name, email: user.email, locale: user.locale ?? currentLocale() } });
  const { saving, message, onSubmit } = useFormSubmit(
    form,
    contractCall(updateProfileBodySchema, (v: DetailsValues) => ({ name: v.name.trim(), email: v.email.trim(), locale: v.locale }), updateProfile),
    async (saved) => {
      setUser(saved);
      // The profile's language is also the interface's (and the cookie the server reads).
      if (saved.locale !== currentLocale()) await changeLocale(saved.locale);
      notifySuccess(t('profile.details.saved'));
    },
  );

  return (
    <Paper withBorder p="xl" component="section" aria-labelledby="profile-details-title">
      <form onSubmit={onSubmit} noValidate data-testid="profile-form">
        <Stack gap="md">
          <SectionTitle id="profile-details-title" title={t('profile.details.title')} text={t('profile.details.subtitle')} />
          <FieldErrors message={message} testId="profile-error" />
          <TextInput label={t('profile.details.name')} name="name" autoComplete="name" leftSection={<IconUser size={18} stroke={1.6} />} data-testid="profile-name" {...form.getInputProps('name')} />
          <EmailField autoComplete="email" data-testid="profile-email" {...form.getInputProps('email')} />
          <Select
            label={t('profile.details.language')}
            description={t('profile.details.languageHint')}
            leftSection={<IconLanguage size={18} stroke={1.6} />}
            data={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
            allowDeselect={false}
            size="md"
            data-testid="profile-locale"
            {...form.getInputProps('locale')}
          />
          <FormFooter submitLabel={t('common.save')} submitTestId="profile-submit" saving={saving} />
        </Stack>
      </form>
    </Paper>
  );
}

interface PasswordValues extends Record<string, unknown> {
  current_password: string;
  password: string;
  password_confirmation: string;
}

function ChangePasswordForm() {
  const { t } = useTranslation();
  const form = useForm<PasswordValues>({ initialValues: { current_password: '', password: '', password_confirmation: '' } });
  const { saving, message, onSubmit } = useFormSubmit(form, contractCall(changePasswordBodySchema, (v: PasswordValues) => v, changePassword), () => {
    form.reset();
    notifySuccess(t('auth.reset.success'));
  });

  return (
    <Paper withBorder p="xl" component="section" aria-labelledby="profile-password-title">
      <form onSubmit={onSubmit} noValidate data-testid="password-form">
        <Stack gap="md">
          <SectionTitle id="profile-password-title" title={t('profile.password.title')} text={t('profile.password.subtitle', { count: PASSWORD_MIN })} />
          <FieldErrors message={message} testId="password-error" />
          <PasswordField label={t('profile.password.current')} name="current_password" autoComplete="current-password" data-testid="password-current" {...form.getInputProps('current_password')} />
          <PasswordField label={t('auth.fields.newPassword')} name="password" autoComplete="new-password" data-testid="password-new" {...form.getInputProps('password')} />
          <PasswordField label={t('auth.fields.passwordConfirmation')} name="password_confirmation" autoComplete="new-password" data-testid="password-confirmation" {...form.getInputProps('password_confirmation')} />
          <FormFooter submitLabel={t('profile.password.submit')} submitTestId="password-submit" saving={saving} />
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
