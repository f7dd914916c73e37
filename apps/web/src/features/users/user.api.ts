import { type createUserBodySchema, type InputOf, type Role, type updateUserBodySchema, type User, userListContract, type ListRow, LIST_PATHS } from '@enamel/contracts';
import { api, getData, recordApi } from '../../core/api.ts';

export const USERS_LIST_URL = LIST_PATHS.user;

export type UserRow = ListRow<typeof userListContract>;

/** Bodies as sent (the schemas' inputs: fields with a default may be left out). */
type CreateUserBody = InputOf<typeof createUserBodySchema>;
type UpdateUserBody = InputOf<typeof updateUserBodySchema>;

const users = recordApi<User, CreateUserBody | UpdateUserBody>('user');

export const fetchUser = users.fetch;
export const createUser = (body: CreateUserBody) => users.save(body);
export const updateUser = (id: number, body: UpdateUserBody) => users.save(body, id);

/** The user delete (docs/product-rules.md#deactivate): deactivates and signs the user out everywhere (restorable by editing the status). */
export async function deactivateUser(id: number): Promise<void> {
  await api.post('/api/user/delete', { id });
}

export async function fetchRoles(): Promise<Role[]> {
  return getData<Role[]>('/api/roles');
}

export async function fetchPracticeOptions(): Promise<{ id: number; name: string; status: string }[]> {
  return getData<{ id: number; name: string; status: string }[]>(LIST_PATHS.dentalPractice, { params: { pagesize: 100 } });
}
