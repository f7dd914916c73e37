import type { AxiosError } from 'axios';
import type { TFunction } from 'i18next';
import { ERROR_CODES, ERROR_STATUS, type ErrorBody, type ErrorCode } from '@enamel/contracts';

export type FieldErrors = Record<string, string[]>;
export type ClientErrorCode = ErrorCode | 'network';

export interface AppError {
  status: number | null;
  code: ClientErrorCode;
  /** The server's localised message, or the translation of the code when there is none. */
  message: string;
  /** Per-field messages from a 422 body's `errors`. */
  fieldErrors: FieldErrors;
  requestId?: string;
}

const STATUS_CODE = new Map<number, ErrorCode>(
  (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).map(([code, status]) => [status, code]),
);

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as string[]).includes(value);
}

function readFieldErrors(value: unknown): FieldErrors {
  if (typeof value !== 'object' || value === null) return {};
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(value as Record<string, unknown>)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === 'string');
    if (list.length > 0) out[field] = list;
  }
  return out;
}

/**
 * An error from the api client (what axios' own `isAxiosError` checks), told apart without importing axios:
 * the login screen shows errors before the HTTP client has loaded.
 */
export function isHttpError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/** Turns anything a call threw into what a screen shows. */
export function toAppError(error: unknown, t: TFunction): AppError {
  if (!isHttpError(error) || !error.response) {
    return { status: null, code: 'network', message: t('errors.network'), fieldErrors: {} };
  }
  const { status } = error.response;
  const body = (error.response.data ?? {}) as Partial<ErrorBody>;
  const code: ErrorCode = isErrorCode(body.code) ? body.code : (STATUS_CODE.get(status) ?? (status >= 500 ? 'internal' : 'bad_request'));
  const message = typeof body.message === 'string' && body.message.trim() !== '' ? body.message : t(`errors.${code}`);
  const result: AppError = { status, code, message, fieldErrors: status === 422 ? readFieldErrors(body.errors) : {} };
  if (typeof body.request_id === 'string') result.requestId = body.request_id;
  return result;
}
