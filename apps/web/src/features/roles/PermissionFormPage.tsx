import { Alert, Button, Checkbox, Grid, Group, Loader, Paper, Select, Stack, TagsInput, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ACTIONS, permissionBodySchema, SUBJECTS, type Action, type Subject } from '@enamel/contracts';
import { useAfterSave } from '../../core/actions.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useRouteId } from '../../ui/useRouteId.ts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { fetchPermission, savePermission } from './role.api.ts';
import { useFormFill } from '../../ui/useFormFill.ts';
import { FormError } from '../../ui/FormError.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';

/** The placeholder the server fills with the user's practices (a practice-scoped rule). */
const OWN_PRACTICES = JSON.stringify({ dentalPracticeId: { $in: '${user.practiceIds}' } }, null, 2);

/** The conditions box: empty is none, a JSON object is a CASL query, anything else is undefined (invalid). */
function parseConditions(text: string): Record<string, unknown> | null | undefined {
  if (!text.trim()) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

interface Values extends Record<string, unknown> {
  name: string;
  action: Action;
  subject: Subject;
  conditions: string;
  fields: string[];
  inverted: boolean;
}

/** /admin/permissions/create and /admin/permissions/edit/{id}: one CASL rule. */
export function PermissionFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const afterSave = useAfterSave();
  const { id, editing } = useRouteId();
  const form = useForm<Values>({
    initialValues: { name: '', action: 'read', subject: 'Product', conditions: '', fields: [], inverted: false },
    validate: { conditions: (value) => (parseConditions(value) === undefined ? t('permissions.conditionsJson') : null) },
  });
  const permission = useQuery({ queryKey: ['permission', id], queryFn: () => fetchPermission(id!), enabled: editing });

  useFormFill(
    form,
    () => {
      const p = permission.data;
      return p ? { name: p.name, action: p.action as Action, subject: p.subject as Subject, conditions: p.conditions ? JSON.stringify(p.conditions, null, 2) : '', fields: p.fields ?? [], inverted: p.inverted } : undefined;
    },
    [permission.data],
  );

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    contractCall(
      permissionBodySchema,
      (v: Values) => ({ name: v.name, action: v.action, subject: v.subject, conditions: parseConditions(v.conditions) ?? null, fields: v.fields.length ? v.fields : null, inverted: v.inverted }),
      (body) => savePermission(body, id),
    ),
    afterSave(t(editing ? 'permissions.saved' : 'permissions.created'), ['permissions', 'permission'], () => void navigate('/admin/permissions')),
  );

  if (editing && permission.isError) return <Alert color="red">{t('permissions.notFound')}</Alert>;
  if (editing && permission.isPending) return <Loader size="sm" />;

  return (
    <>
      <PageHeader title={t(editing ? 'routes.permissionEdit' : 'routes.permissionCreate')} description={t('permissions.formSubtitle')} />
      <Paper withBorder p="xl" maw={760}>
        <form onSubmit={onSubmit} noValidate data-testid="permission-form">
          <Stack gap="md">
            <FormError message={message} />
            <TextInput label={t('permissions.fields.name')} required data-testid="permission-name" {...form.getInputProps('name')} />
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select label={t('permissions.fields.action')} data={ACTIONS.map((a) => ({ value: a, label: t(`permissions.actions.${a}`) }))} allowDeselect={false} data-testid="permission-action" {...form.getInputProps('action')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select label={t('permissions.fields.subject')} data={SUBJECTS.map((s) => ({ value: s, label: t(`subjects.${s}`) }))} searchable allowDeselect={false} nothingFoundMessage={t('table.noOptions')} data-testid="permission-subject" {...form.getInputProps('subject')} />
              </Grid.Col>
            </Grid>
            <Textarea
              label={t('permissions.fields.conditions')}
              description={t('permissions.conditionsHint')}
              autosize
              minRows={3}
              ff="monospace"
              data-testid="permission-conditions"
              {...form.getInputProps('conditions')}
            />
            <Group>
              <Button variant="light" size="xs" onClick={() => form.setFieldValue('conditions', OWN_PRACTICES)} data-testid="permission-own-practices">
                {t('permissions.ownPractices')}
              </Button>
              <Button variant="subtle" size="xs" color="gray" onClick={() => form.setFieldValue('conditions', '')}>
                {t('permissions.noConditions')}
              </Button>
            </Group>
            <TagsInput label={t('permissions.fields.fields')} description={t('permissions.fieldsHint')} data-testid="permission-fields" {...form.getInputProps('fields')} />
            <Checkbox label={t('permissions.fields.inverted')} description={t('permissions.invertedHint')} data-testid="permission-inverted" {...form.getInputProps('inverted', { type: 'checkbox' })} />
            <FormFooter submitLabel={t(editing ? 'common.save' : 'permissions.create')} submitTestId="permission-submit" saving={saving} onCancel={() => void navigate('/admin/permissions')} />
          </Stack>
        </form>
      </Paper>
    </>
  );
}
