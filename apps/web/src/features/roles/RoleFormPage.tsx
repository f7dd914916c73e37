import { Alert, Checkbox, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAfterSave } from '../../core/actions.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SectionTitle } from '../../ui/SectionTitle.tsx';
import { useRouteId } from '../../ui/useRouteId.ts';
import { roleBodySchema } from '@enamel/contracts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { fetchAllPermissions, fetchRole, saveRole, type PermissionRow } from './role.api.ts';
import { useFormFill } from '../../ui/useFormFill.ts';
import { FormError } from '../../ui/FormError.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';

interface Values extends Record<string, unknown> {
  name: string;
  description: string;
  permission_ids: string[];
}

/** /admin/roles/create and /admin/roles/edit/{id}: a name and the permissions it grants, grouped by subject. */
export function RoleFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const afterSave = useAfterSave();
  const { id, editing } = useRouteId();
  const form = useForm<Values>({ initialValues: { name: '', description: '', permission_ids: [] } });
  const role = useQuery({ queryKey: ['role', id], queryFn: () => fetchRole(id!), enabled: editing });
  const permissions = useQuery({ queryKey: ['permissions', 'all'], queryFn: fetchAllPermissions });

  useFormFill(form, () => (role.data ? { name: role.data.name, description: role.data.description ?? '', permission_ids: role.data.permission_ids.map(String) } : undefined), [role.data]);

  const bySubject = useMemo(() => {
    const groups = new Map<string, PermissionRow[]>();
    for (const p of permissions.data ?? []) groups.set(p.subject, [...(groups.get(p.subject) ?? []), p]);
    return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [permissions.data]);

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    contractCall(roleBodySchema, (v: Values) => ({ name: v.name, description: v.description || null, permission_ids: v.permission_ids.map(Number) }), (body) => saveRole(body, id)),
    afterSave(t(editing ? 'roles.saved' : 'roles.created'), ['roles', 'role'], () => void navigate('/admin/roles')),
  );

  if (editing && role.isError) return <Alert color="red">{t('roles.notFound')}</Alert>;
  if ((editing && role.isPending) || permissions.isPending) return <Loader size="sm" />;

  return (
    <>
      <PageHeader title={t(editing ? 'routes.roleEdit' : 'routes.roleCreate')} description={editing && role.data ? t('roles.usersCount', { count: role.data.users_count }) : t('roles.createSubtitle')} />
      <Paper withBorder p="xl" maw={980}>
        <form onSubmit={onSubmit} noValidate data-testid="role-form">
          <Stack gap="lg">
            <FormError message={message} />
            <TextInput label={t('roles.fields.name')} required data-testid="role-name" {...form.getInputProps('name')} />
            <Textarea label={t('roles.fields.description')} autosize minRows={2} data-testid="role-description" {...form.getInputProps('description')} />
            <SectionTitle title={t('roles.fields.permissions')} text={t('roles.permissionsHint')} fz="md" />
            <Checkbox.Group {...form.getInputProps('permission_ids')}>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
                {bySubject.map(([subject, list]) => (
                  <Stack key={subject} gap={6}>
                    <Text fw={600} size="sm">
                      {t(`subjects.${subject}`, { defaultValue: subject })}
                    </Text>
                    {list.map((p) => (
                      <Checkbox key={p.id} value={String(p.id)} label={p.name} data-testid={`role-permission-${p.id}`} />
                    ))}
                  </Stack>
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <FormFooter submitLabel={t(editing ? 'common.save' : 'roles.create')} submitTestId="role-submit" saving={saving} onCancel={() => void navigate('/admin/roles')} />
          </Stack>
        </form>
      </Paper>
    </>
  );
}
