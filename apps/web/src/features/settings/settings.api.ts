import { LIST_PATHS, type configurationUpdateBodySchema, type ConfigurationRow, type InputOf, type Organisation } from '@enamel/contracts';
import { api, getData, postData } from '../../core/api.ts';

export const FORECAST_RUNS_LIST_URL = LIST_PATHS.forecastRun;
export const configurationKey = (practiceId: number) => ['configuration', practiceId] as const;

/** GET /api/configuration/{practice id}: the practice's settings (the defaults until first saved). */
export async function fetchConfiguration(practiceId: number): Promise<ConfigurationRow> {
  return getData<ConfigurationRow>(`/api/configuration/${practiceId}`);
}

/** The configuration calls (docs/client-contract.md#paths): create for a practice still on the defaults, update afterwards. */
export async function saveConfiguration(row: ConfigurationRow, fields: InputOf<typeof configurationUpdateBodySchema>): Promise<ConfigurationRow> {
  const answer = row.configured
    ? await api.post<{ data: ConfigurationRow }>(`/api/configuration/update/${row.dental_practice_id}`, fields)
    : await api.post<{ data: ConfigurationRow }>('/api/configuration/create', { dental_practice_id: row.dental_practice_id, ...fields });
  return answer.data.data;
}

/** POST /api/organisation/update: `confirm` acknowledges that existing prices are re-read, not converted. */
export async function updateOrganisationCurrency(currency: string, confirm: boolean): Promise<Organisation> {
  return postData<Organisation>('/api/organisation/update', { currency, confirm });
}
