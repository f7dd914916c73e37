import { Button, EmptyState, Paper } from '@mantine/core';
import { useAbility } from '@casl/react';
import { IconBuildingHospital } from '@tabler/icons-react';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { AppAbility } from '../core/abilities.ts';
import { usePracticeChanged, useSelectedPractice, type SelectedPractice } from '../core/practice.ts';

/**
 * Stock and procedures belong to one practice: without a selected practice the screen explains
 * where to choose one; with one it renders `children(practice)` (re-rendered when the selection changes).
 */
export function PracticeRequired({ children }: { children: (practice: SelectedPractice) => ReactNode }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const practice = useSelectedPractice();
  if (practice) return <>{children(practice)}</>;
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="no-practice">
      <EmptyState icon={<IconBuildingHospital size={28} stroke={1.6} />} variant="light" title={t('inventory.noPracticeTitle')} description={t('inventory.noPracticeText')}>
        {ability.can('read', 'DentalPractice') ? (
          <EmptyState.Actions>
            <Button component={Link} to="/admin/list/dental-practices" variant="light">
              {t('inventory.noPracticeLink')}
            </Button>
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    </Paper>
  );
}

/** A screen showing one record of the selected practice goes back to `list` when another practice is selected. */
export function useLeaveOnPracticeChange(list: string): void {
  const navigate = useNavigate();
  const location = useLocation();
  const onPracticeChanged = useCallback(() => void navigate(list), [navigate, list]);
  usePracticeChanged(onPracticeChanged, location.key);
}
