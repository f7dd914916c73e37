import { Stack } from '@mantine/core';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../core/abilities.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PracticeRequired } from '../../ui/PracticeRequired.tsx';
import { ForecastRunsTable } from './ForecastRunsTable.tsx';
import { OrganisationCurrency } from './OrganisationCurrency.tsx';
import { PracticeSettingsForm } from './PracticeSettingsForm.tsx';

/**
 * /admin/setting: the selected practice's forecasting and stock settings, its forecast runs (with Run now),
 * and the organisation's catalog currency.
 */
export function SettingPage() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  return (
    <>
      <PageHeader title={t('routes.setting')} description={t('settings.subtitle')} />
      <PracticeRequired>
        {(practice) => (
          <Stack gap="lg" key={practice.id}>
            <PracticeSettingsForm practiceId={practice.id} practiceName={practice.name} />
            {ability.can('read', 'Dashboard') ? <ForecastRunsTable practiceId={practice.id} /> : null}
            <OrganisationCurrency canChange={ability.can('update', 'Configuration')} />
          </Stack>
        )}
      </PracticeRequired>
    </>
  );
}
