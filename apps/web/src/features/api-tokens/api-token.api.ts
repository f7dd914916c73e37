import type { ApiToken, createApiTokenBodySchema, InputOf, Role } from '@enamel/contracts';
import { LIST_PATHS } from '@enamel/contracts';
import { api, getData } from '../../core/api.ts';

export const fetchApiTokens = () => getData<ApiToken[]>('/api/api-tokens');

/** Creates a token: the answer holds its secret, this once. */
export async function createApiToken(body: InputOf<typeof createApiTokenBodySchema>): Promise<{ data: ApiToken; secret: string }> {
  const { data } = await api.post<{ data: ApiToken; secret: string }>('/api/api-token/create', body);
  return data;
}

export async function revokeApiToken(id: number): Promise<void> {
  await api.post(`/api/api-token/revoke/${id}`);
}

export const fetchRoles = () => getData<Role[]>('/api/roles');
export const fetchPracticeOptions = () => getData<{ id: number; name: string; status: string }[]>(LIST_PATHS.dentalPractice, { params: { pagesize: 100 } });
