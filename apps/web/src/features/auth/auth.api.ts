import type { ForgotPasswordBody, ResetPasswordBody } from '@enamel/contracts';
import { api } from '../../core/api.ts';

export interface MessageResponse {
  success: boolean;
  message: string;
}

/** POST /api/forget-password (spelt so on purpose: docs/client-contract.md#paths); answers the same whether the email exists or not. */
export async function requestPasswordReset(body: ForgotPasswordBody): Promise<MessageResponse> {
  return (await api.post<MessageResponse>('/api/forget-password', body)).data;
}

/** POST /api/reset-password with the token from the emailed link. */
export async function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return (await api.post<MessageResponse>('/api/reset-password', body)).data;
}
