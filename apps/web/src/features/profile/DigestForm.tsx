import { Button, Group, Paper, SegmentedControl, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../core/notify.ts';
import { SectionTitle } from '../../ui/SectionTitle.tsx';
import { digestSettingSchema } from '@enamel/contracts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { fetchDigest, saveDigest, type Digest } from './profile.api.ts';

interface Values extends Record<string, unknown> {
  /** The user's choice; null until they make one. */
  digest: Digest | null;
}

/** The e-mail digest of unread notifications: off, daily or weekly. */
export function DigestForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: ['profile', 'digest'], queryFn: fetchDigest });
  const form = useForm<Values>({ initialValues: { digest: null } });
  const choice = form.getValues().digest;
  const value = choice ?? current.data ?? 'off';

  const { saving, onSubmit } = useFormSubmit(
    form,
    contractCall(digestSettingSchema, () => ({ digest: value }), (body) => saveDigest(body.digest)),
    (saved) => {
      queryClient.setQueryData(['profile', 'digest'], saved);
      form.setFieldValue('digest', null);
      notifySuccess(t('profile.digest.saved'));
    },
    notifyError,
  );

  return (
    <Paper withBorder p="xl" component="section" aria-labelledby="profile-digest-title">
      <Stack gap="md">
        <SectionTitle id="profile-digest-title" title={t('profile.digest.title')} text={t('profile.digest.subtitle')} />
        <SegmentedControl
          aria-labelledby="profile-digest-title"
          value={value}
          onChange={(v) => form.setFieldValue('digest', v)}
          disabled={current.isPending}
          data={[
            { value: 'off', label: t('profile.digest.off') },
            { value: 'daily', label: t('profile.digest.daily') },
            { value: 'weekly', label: t('profile.digest.weekly') },
          ]}
          data-testid="profile-digest"
        />
        <Group justify="flex-end">
          <Button onClick={() => onSubmit()} loading={saving} disabled={current.isPending || choice === null || choice === current.data} data-testid="profile-digest-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
