import { Alert, Fieldset, Grid, Loader, MultiSelect, Paper, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createUserBodySchema, LOCALE_NAMES, LOCALES, PASSWORD_MIN, updateUserBodySchema, type Locale } from '@enamel/contracts';
import { useAfterSave } from '../../core/actions.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RecordNotFound } from '../../ui/RecordNotFound.tsx';
import { SectionTitle } from '../../ui/SectionTitle.tsx';
import { useRouteId } from '../../ui/useRouteId.ts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { createUser, fetchPracticeOptions, fetchRoles, fetchUser, updateUser } from './user.api.ts';
import { useFormFill } from '../../ui/useFormFill.ts';
import { FormError } from '../../ui/FormError.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';

interface Values extends Record<string, unknown> {
  firstname: string;
  lastname: string;
  email: string;
  locale: Locale;
  status: 'active' | 'inactive';
  role_ids: string[];
  dental_practice_ids: string[];
  password: string;
  password_confirmation: string;
}

const toBody = (v: Values) => ({ ...v, role_ids: v.role_ids.map(Number), dental_practice_ids: v.dental_practice_ids.map(Number) });

const EMPTY: Values = { firstname: '', lastname: '', email: '', locale: 'en', status: 'active', role_ids: [], dental_practice_ids: [], password: '', password_confirmation: '' };

/** /admin/users/create and /admin/users/edit/{id}: details, roles, practices, and a password (optional when editing). */
export function UserFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const afterSave = useAfterSave();
  const { id, editing } = useRouteId();
  const form = useForm<Values>({ initialValues: EMPTY });

  const user = useQuery({ queryKey: ['user', id], queryFn: () => fetchUser(id!), enabled: editing && Number.isInteger(id) });
  const roles = useQuery({ queryKey: ['roles'], queryFn: fetchRoles });
  const practices = useQuery({ queryKey: ['practices', 'options'], queryFn: fetchPracticeOptions });

  useFormFill(
    form,
    () => {
      const u = user.data;
      return u
        ? {
            firstname: u.firstname, lastname: u.lastname, email: u.email, locale: u.locale as Locale, status: u.status,
            role_ids: u.roles.map((r) => String(r.id)), dental_practice_ids: u.dental_practices.map((p) => String(p.id)), password: '', password_confirmation: '',
          }
        : undefined;
    },
    [user.data],
  );

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    id === undefined
      ? contractCall(createUserBodySchema, toBody, createUser)
      : contractCall(
          updateUserBodySchema,
          (v: Values) => {
            const { password, password_confirmation, ...rest } = toBody(v);
            return password ? { ...rest, password, password_confirmation } : rest;
          },
          (body) => updateUser(id, body),
        ),
    afterSave(t(editing ? 'users.saved' : 'users.created'), ['user'], () => void navigate('/admin/list/users')),
  );

  if (editing && user.isError) return <RecordNotFound message={t('users.notFound')} testId="user-load-error" />;
  if (editing && user.isPending) return <Loader size="sm" />;

  // A user beyond the editor (other practices, more rights) is shown read-only; the server refuses changes.
  const readOnly = editing && user.data?.can_update === false;
  // The record names only the practices this editor may see (the server keeps the others); one
  // that the practice options lack is shown by name.
  const practiceData = [
    ...(practices.data ?? []).map((p) => ({ value: String(p.id), label: p.status === 'active' ? p.name : `${p.name} (${t('status.inactive')})` })),
    ...(user.data?.dental_practices ?? []).filter((p) => !(practices.data ?? []).some((o) => o.id === p.id)).map((p) => ({ value: String(p.id), label: p.name })),
  ];

  return (
    <>
      <PageHeader title={t(editing ? 'routes.userEdit' : 'routes.userCreate')} description={editing ? user.data?.email : t('users.createSubtitle')} />
      <Paper withBorder p="xl" maw={820}>
        <form onSubmit={onSubmit} noValidate data-testid="user-form">
          <Stack gap="lg">
            {readOnly ? (
              <Alert color="yellow" variant="light" data-testid="user-read-only">
                {t('users.beyondYou')}
              </Alert>
            ) : null}
            <FormError message={message} testId="user-form-error" />
            <Fieldset variant="unstyled" disabled={readOnly}>
              <Stack gap="lg">
                <Grid>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput label={t('users.fields.firstname')} required autoComplete="off" data-testid="user-firstname" {...form.getInputProps('firstname')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput label={t('users.fields.lastname')} autoComplete="off" data-testid="user-lastname" {...form.getInputProps('lastname')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput label={t('users.fields.email')} type="email" required autoComplete="off" data-testid="user-email" {...form.getInputProps('email')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 3 }}>
                    <Select label={t('users.fields.language')} data={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))} allowDeselect={false} data-testid="user-locale" {...form.getInputProps('locale')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 3 }}>
                    <Select label={t('common.status')} data={[{ value: 'active', label: t('status.active') }, { value: 'inactive', label: t('status.inactive') }]} allowDeselect={false} data-testid="user-status" {...form.getInputProps('status')} />
                  </Grid.Col>
                </Grid>
                <SectionTitle title={t('users.access')} text={t('users.accessHint')} fz="md" />
                <MultiSelect
                  label={t('users.fields.roles')}
                  data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
                  searchable
                  nothingFoundMessage={t('table.noOptions')}
                  data-testid="user-roles"
                  {...form.getInputProps('role_ids')}
                />
                <MultiSelect
                  label={t('users.fields.practices')}
                  data={practiceData}
                  searchable
                  nothingFoundMessage={t('table.noOptions')}
                  data-testid="user-practices"
                  {...form.getInputProps('dental_practice_ids')}
                />
                <SectionTitle title={t('users.password')} text={editing ? t('users.passwordKeepHint') : t('users.passwordHint', { min: PASSWORD_MIN })} fz="md" />
                <Grid>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <PasswordInput label={t('auth.fields.newPassword')} required={!editing} autoComplete="new-password" data-testid="user-password" {...form.getInputProps('password')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <PasswordInput label={t('auth.fields.passwordConfirmation')} required={!editing} autoComplete="new-password" data-testid="user-password-confirmation" {...form.getInputProps('password_confirmation')} />
                  </Grid.Col>
                </Grid>
              </Stack>
            </Fieldset>
            <FormFooter submitLabel={t(editing ? 'common.save' : 'users.create')} submitTestId="user-submit" saving={saving} onCancel={() => void navigate('/admin/list/users')} disabled={readOnly} />
          </Stack>
        </form>
      </Paper>
    </>
  );
}
