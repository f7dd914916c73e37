import { type CreateUserBody, type Role, type UpdateUserBody, type User, userListContract, type ListRow } from '@enamel/contracts';
import { api } from '../../core/api.ts';

export const USERS_LIST_URL = userListContract.path;

export type UserRow = ListRow<typeof userListContract>;

interface One {
  success: true;
  data: User;
}

export async function fetchUser(id: number): Promise<User> {
  return (await api.get<One>(`/api/user/${id}`)).data.data;
}

export async function createUser(body: CreateUserBody): Promise<User> {
  return (await api.post<One>('/api/user/create', body)).data.data;
}

export async function updateUser(id: number, body: UpdateUserBody): Promise<User> {
  return (await api.post<One>(`/api/user/update/${id}`, body)).data.data;
}

/** The notes' user delete: deactivates and signs the user out everywhere (restorable by editing the status). */
export async function deactivateUser(id: number): Promise<void> {
  await api.post('/api/user/delete', { id });
}

export async function fetchRoles(): Promise<Role[]> {
  return (await api.get<{ data: Role[] }>('/api/roles')).data.data;
}

export async function fetchPracticeOptions(): Promise<{ id: number; name: string; status: string }[]> {
  return (await api.get<{ data: { id: number; name: string; status: string }[] }>('/api/admin/list/dental-practices', { params: { pagesize: 100 } })).data.data;
}
