import { Loader, Paper, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAfterSave } from '../../core/actions.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RecordNotFound } from '../../ui/RecordNotFound.tsx';
import { useRouteId } from '../../ui/useRouteId.ts';
import { categoryBodySchema } from '@enamel/contracts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { categoryLifecycle, fetchAllCategories, fetchCategory, parentOptions, saveCategory } from './category.api.ts';
import { useFormFill } from '../../ui/useFormFill.ts';
import { FormError } from '../../ui/FormError.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';

interface Values extends Record<string, unknown> {
  name: string;
  parent_id: string | null;
}

const LIST = '/admin/list/categories';

/** /admin/categories/create and /admin/categories/edit/{id}: a name and a parent (never the category itself or one below it). */
export function CategoryFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const afterSave = useAfterSave();
  const { id, editing } = useRouteId();
  const form = useForm<Values>({ initialValues: { name: '', parent_id: null } });
  const category = useQuery({ queryKey: ['category', id], queryFn: () => fetchCategory(id!), enabled: editing && Number.isInteger(id) });
  const all = useQuery({ queryKey: ['categories', 'all'], queryFn: fetchAllCategories });

  useFormFill(form, () => (category.data ? { name: category.data.name, parent_id: category.data.parent_id === null ? null : String(category.data.parent_id) } : undefined), [category.data]);

  const parents = useMemo(() => parentOptions(all.data ?? [], id, t('status.inactive')), [all.data, id, t]);

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    contractCall(categoryBodySchema, (v: Values) => ({ name: v.name, parent_id: v.parent_id ? Number(v.parent_id) : null }), (body) => saveCategory(body, id)),
    afterSave(t(editing ? 'categories.saved' : 'categories.created'), categoryLifecycle.refresh, () => void navigate(LIST)),
  );

  if (editing && category.isError) return <RecordNotFound message={t('categories.notFound')} testId="category-load-error" />;
  if (editing && category.isPending) return <Loader size="sm" />;

  return (
    <>
      <PageHeader title={t(editing ? 'routes.categoryEdit' : 'routes.categoryCreate')} description={editing ? category.data?.path : t('categories.createSubtitle')} />
      <Paper withBorder p="xl" maw={720}>
        <form onSubmit={onSubmit} noValidate data-testid="category-form">
          <Stack gap="lg">
            <FormError message={message} testId="category-form-error" />
            <TextInput label={t('categories.fields.name')} required autoComplete="off" data-testid="category-name" {...form.getInputProps('name')} />
            <Select
              label={t('categories.fields.parent')}
              description={t('categories.fields.parentHint')}
              placeholder={t('categories.noParent')}
              data={parents}
              searchable
              clearable
              disabled={all.isPending}
              nothingFoundMessage={t('table.noOptions')}
              data-testid="category-parent"
              {...form.getInputProps('parent_id')}
            />
            <FormFooter submitLabel={t(editing ? 'common.save' : 'categories.create')} submitTestId="category-submit" saving={saving} onCancel={() => void navigate(LIST)} />
          </Stack>
        </form>
      </Paper>
    </>
  );
}
