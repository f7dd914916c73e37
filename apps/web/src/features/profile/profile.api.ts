import type { ChangePasswordBody, CurrentUser, UpdateProfileBody } from '@enamel/contracts';
import { api, postData } from '../../core/api.ts';

export async function updateProfile(body: UpdateProfileBody): Promise<CurrentUser> {
  return postData<CurrentUser>('/api/profile', body);
}

export async function changePassword(body: ChangePasswordBody): Promise<{ success: boolean; message: string }> {
  return (await api.post<{ success: boolean; message: string }>('/api/profile/password', body)).data;
}

export type Digest = 'off' | 'daily' | 'weekly';

export async function fetchDigest(): Promise<Digest> {
  return (await api.get<{ data: { digest: Digest } }>('/api/profile/digest')).data.data.digest;
}

export async function saveDigest(digest: Digest): Promise<Digest> {
  return (await api.post<{ data: { digest: Digest } }>('/api/profile/digest', { digest })).data.data.digest;
}
