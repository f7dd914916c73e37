import { Select } from '@mantine/core';
import { IconBuildingHospital } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '@casl/react';
import { LIST_PATHS } from '@enamel/contracts';
import { api } from '../core/api.ts';
import type { AppAbility } from '../core/abilities.ts';
import { clearSelectedPractice, setSelectedPractice, useSelectedPractice } from '../core/practice.ts';

export interface PracticeOption {
  id: number;
  name: string;
  code: string | null;
  status: string;
}
interface PracticeListResponse {
  data: PracticeOption[];
}

export const PRACTICES_QUERY_KEY = ['practices', 'selector'] as const;

/** The practices the user may see (at most 100: the selector is not a list screen). */
export function usePracticeOptions(enabled: boolean) {
  return useQuery({
    queryKey: PRACTICES_QUERY_KEY,
    queryFn: async () => (await api.get<PracticeListResponse>(LIST_PATHS.dentalPractice, { params: { pagesize: 100 } })).data.data,
    enabled,
  });
}

/**
 * Header practice selector. Keeps the localStorage keys and raises `dental-practice-changed`
 * (docs/client-contract.md#selected-practice).
 * When nothing valid is selected it picks the first practice, so every screen has a context.
 */
export function PracticeSelector({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const canRead = ability.can('read', 'DentalPractice');
  const selected = useSelectedPractice();
  const { data: practices = [], isLoading, isError } = usePracticeOptions(canRead);

  useEffect(() => {
    if (!canRead || isLoading || isError) return;
    const match = practices.find((p) => p.id === selected?.id);
    if (match) {
      if (match.name !== selected?.name) setSelectedPractice({ id: match.id, name: match.name });
      return;
    }
    const first = practices[0];
    if (first) setSelectedPractice({ id: first.id, name: first.name });
    else if (selected) clearSelectedPractice();
  }, [canRead, isLoading, isError, practices, selected]);

  const empty = !isLoading && practices.length === 0;
  const placeholder = isLoading ? t('common.loading') : isError ? t('shell.practicesError') : empty ? t('shell.noPractices') : t('shell.selectPractice');

  const label = (p: { name: string; code?: string | null }) => (p.code ? `${p.name} (${p.code})` : p.name);
  const current = practices.find((p) => p.id === selected?.id);

  return (
    <Select
      aria-label={t('shell.practice')}
      data-testid="practice-selector"
      // Wide enough for a practice's full name and code; a longer one still shows whole on hover.
      w={fullWidth ? '100%' : { base: 200, md: 340 }}
      title={current ? label(current) : undefined}
      leftSection={<IconBuildingHospital size={18} stroke={1.6} />}
      placeholder={placeholder}
      data={practices.map((p) => ({ value: String(p.id), label: label(p) }))}
      value={selected ? String(selected.id) : null}
      onChange={(value) => {
        const practice = practices.find((p) => String(p.id) === value);
        if (practice) setSelectedPractice({ id: practice.id, name: practice.name });
      }}
      disabled={!canRead || isLoading || practices.length === 0}
      searchable={practices.length > 8}
      nothingFoundMessage={t('shell.noMatch')}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true, shadow: 'md' }}
    />
  );
}
