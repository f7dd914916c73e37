import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toAppError } from '../../core/errors.ts';
import { notifyError, notifySuccess } from '../../core/notify.ts';
import { fetchDigest, saveDigest, type Digest } from './profile.api.ts';

/** The e-mail digest of unread notifications: off, daily or weekly. */
export function DigestForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: ['profile', 'digest'], queryFn: fetchDigest });
  const [choice, setChoice] = useState<Digest | null>(null);
  const [saving, setSaving] = useState(false);
  const value = choice ?? current.data ?? 'off';

  async function save() {
    if (saving) return;
    setSaving(true);
    try {
      const saved = await saveDigest(value);
      queryClient.setQueryData(['profile', 'digest'], saved);
      setChoice(null);
      notifySuccess(t('profile.digest.saved'));
    } catch (error) {
      notifyError(toAppError(error, t).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper withBorder p="xl" component="section" aria-labelledby="profile-digest-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="profile-digest-title">
            {t('profile.digest.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('profile.digest.subtitle')}
          </Text>
        </div>
        <SegmentedControl
          aria-labelledby="profile-digest-title"
          value={value}
          onChange={(v) => setChoice(v)}
          disabled={current.isPending}
          data={[
            { value: 'off', label: t('profile.digest.off') },
            { value: 'daily', label: t('profile.digest.daily') },
            { value: 'weekly', label: t('profile.digest.weekly') },
          ]}
          data-testid="profile-digest"
        />
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={saving} disabled={current.isPending || choice === null || choice === current.data} data-testid="profile-digest-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
