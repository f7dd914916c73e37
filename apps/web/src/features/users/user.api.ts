import type { CreateUserBody, Role, UpdateUserBody, User } from '@enamel/contracts';
import { api } from '../../core/api.ts';

export const USERS_LIST_URL = '/api/admin/list/users';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  status: 'active' | 'inactive';
  locale: string;
  roles: string;
  dental_practices: string;
  last_login_at: string | null;
  created_at: string;
  /** Whether the signed-in user may change / deactivate this user (JSON pages only). */
  can_update?: boolean;
  can_delete?: boolean;
}

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
