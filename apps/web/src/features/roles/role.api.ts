import { type InputOf, type Permission, type permissionBodySchema, type Role, type RoleBody, type RoleDetail, permissionListContract, type ListRow, LIST_PATHS } from '@enamel/contracts';
import { api, getData, recordApi } from '../../core/api.ts';

export const PERMISSIONS_LIST_URL = LIST_PATHS.permission;

export type PermissionRow = ListRow<typeof permissionListContract>;

interface Page<T> {
  data: T[];
  meta: { last_page: number };
}

export async function fetchRoles(): Promise<Role[]> {
  return getData<Role[]>('/api/roles');
}

const roles = recordApi<RoleDetail, RoleBody>('role');
const permissions = recordApi<Permission, InputOf<typeof permissionBodySchema>>('permission');

export const fetchRole = roles.fetch;
export const saveRole = roles.save;
export const deleteRole = (id: number) => roles.act('delete', id);

/** Every permission, page by page (a role editor shows them all). */
export async function fetchAllPermissions(): Promise<PermissionRow[]> {
  const all: PermissionRow[] = [];
  for (let page = 1; ; page++) {
    const { data } = await api.get<Page<PermissionRow>>(PERMISSIONS_LIST_URL, { params: { current_page: page, pagesize: 100, sort_column: 'subject', sort_direction: 'asc' } });
    all.push(...data.data);
    if (page >= data.meta.last_page) return all;
  }
}

export const fetchPermission = permissions.fetch;
export const savePermission = permissions.save;
export const deletePermission = (id: number) => permissions.act('delete', id);
