/**
 * The one error vocabulary. Each code maps to exactly one HTTP status here;
 * the server answers `{ code, message, errors? }` and the client translates by code.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  csrf_mismatch: 419,
  validation_failed: 422,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
