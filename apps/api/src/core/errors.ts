import { ERROR_STATUS, type ErrorCode } from '@enamel/contracts';
import type { MessageKey } from './i18n.ts';

/** Field errors as message keys (translated when the response is written). */
export type FieldErrors = Record<string, Array<{ key: MessageKey; params?: Record<string, string | number> }>>;

/** A message parameter: plain text or a number, or a list of messages translated and joined when the answer is written. */
export type MessageParam = string | number | Array<{ key: MessageKey; params?: Record<string, string | number> }>;

/** The one error type services throw; its code decides the HTTP status (see ERROR_STATUS). */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly messageKey?: MessageKey,
    readonly fieldErrors?: FieldErrors,
    readonly params: Record<string, MessageParam> = {},
  ) {
    super(messageKey ?? code);
    this.status = ERROR_STATUS[code];
  }
}

/** A 422 for one field: `invalid('email', 'auth.email_taken')`. */
export function invalid(field: string, key: MessageKey, params?: Record<string, string | number>): AppError {
  return new AppError('validation_failed', undefined, { [field]: [{ key, ...(params ? { params } : {}) }] });
}

export const notFound = () => new AppError('not_found');
export const forbidden = () => new AppError('forbidden');
export const unauthenticated = () => new AppError('unauthenticated');
