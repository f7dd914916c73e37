import { type Permission, type PermissionBody, type Role, type RoleBody, type RoleDetail, permissionListContract, type ListRow } from '@enamel/contracts';
import { api } from '../../core/api.ts';

export const PERMISSIONS_LIST_URL = permissionListContract.path;

export type PermissionRow = ListRow<typeof permissionListContract>;

interface Page<T> {
  data: T[];
  meta: { last_page: number };
}

export async function fetchRoles(): Promise<Role[]> {
  return (await api.get<{ data: Role[] }>('/api/roles')).data.data;
}

export async function fetchRole(id: number): Promise<RoleDetail> {
  return (await api.get<{ data: RoleDetail }>(`/api/role/${id}`)).data.data;
}

export async function saveRole(body: RoleBody, id?: number): Promise<RoleDetail> {
  const url = id === undefined ? '/api/role/create' : `/api/role/update/${id}`;
  return (await api.post<{ data: RoleDetail }>(url, body)).data.data;
}

export async function deleteRole(id: number): Promise<void> {
  await api.post(`/api/role/delete/${id}`);
}

/** Every permission, page by page (a role editor shows them all). */
export async function fetchAllPermissions(): Promise<PermissionRow[]> {
  const all: PermissionRow[] = [];
  for (let page = 1; ; page++) {
    const { data } = await api.get<Page<PermissionRow>>(PERMISSIONS_LIST_URL, { params: { current_page: page, pagesize: 100, sort_column: 'subject', sort_direction: 'asc' } });
    all.push(...data.data);
    if (page >= data.meta.last_page) return all;
  }
}

export async function fetchPermission(id: number): Promise<Permission> {
  return (await api.get<{ data: Permission }>(`/api/permission/${id}`)).data.data;
}

export async function savePermission(body: PermissionBody, id?: number): Promise<Permission> {
  const url = id === undefined ? '/api/permission/create' : `/api/permission/update/${id}`;
  return (await api.post<{ data: Permission }>(url, body)).data.data;
}

export async function deletePermission(id: number): Promise<void> {
  await api.post(`/api/permission/delete/${id}`);
}
