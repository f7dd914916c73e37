import type { ChangePasswordBody, CurrentUser, UpdateProfileBody } from '@enamel/contracts';
import { api } from '../../core/api.ts';

export async function updateProfile(body: UpdateProfileBody): Promise<CurrentUser> {
  return (await api.post<{ success: boolean; data: CurrentUser }>('/api/profile', body)).data.data;
}

export async function changePassword(body: ChangePasswordBody): Promise<{ success: boolean; message: string }> {
  return (await api.post<{ success: boolean; message: string }>('/api/profile/password', body)).data;
}
