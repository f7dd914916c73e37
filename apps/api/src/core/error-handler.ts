import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody, ErrorCode } from '@enamel/contracts';
import { ERROR_STATUS } from '@enamel/contracts';
import { AppError, type FieldErrors, type MessageParam } from './errors.ts';
import { requestLocale, translate, type MessageKey } from './i18n.ts';
import { issuesToFieldErrors } from './validation.ts';
import { RequestValidationError, valueAt } from './zod-validator.ts';

/** Fastify's own error codes that are the client's fault, mapped to ours. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_INVALID_TYPE: 'bad_request',
  FST_ERR_VALIDATION: 'validation_failed',
  FST_ERR_BAD_URL: 'bad_request',
  FST_ERR_ASYNC_CONSTRAINT: 'bad_request',
  FST_REQ_FILE_TOO_LARGE: 'payload_too_large',
};

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  options: { messageKey?: MessageKey; params?: Record<string, MessageParam>; fieldErrors?: FieldErrors } = {},
) {
  const locale = requestLocale(request);
  const params: Record<string, string | number> = { requestId: request.id };
  for (const [k, v] of Object.entries(options.params ?? {})) params[k] = Array.isArray(v) ? v.map((m) => translate(locale, m.key, m.params)).join('; ') : v;
  const body: ErrorBody = {
    code,
    message: translate(locale, options.messageKey ?? (`errors.${code}` as MessageKey), params),
  };
  if (options.fieldErrors) {
    body.errors = Object.fromEntries(
      Object.entries(options.fieldErrors).map(([field, list]) => [field, list.map((e) => translate(locale, e.key, e.params))]),
    );
  }
  if (code === 'internal') body.request_id = request.id;
  // How long a throttled client waits, in the header clients and proxies read.
  const seconds = options.params?.seconds;
  if (code === 'too_many_requests' && typeof seconds === 'number') reply.header('retry-after', String(seconds));
  return reply.status(ERROR_STATUS[code]).type('application/json; charset=utf-8').send(body);
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | RequestValidationError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(request, reply, error.code, {
        ...(error.messageKey ? { messageKey: error.messageKey } : {}),
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
        params: error.params,
      });
    }
    if (error instanceof RequestValidationError) {
      const fieldErrors = issuesToFieldErrors(error.issues, (path) => valueAt(error.data, path) === undefined);
      return sendError(request, reply, 'validation_failed', { fieldErrors });
    }
    const mapped = 'code' in error && typeof error.code === 'string' ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) {
      const messageKey: MessageKey | undefined = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'errors.malformed_json' : undefined;
      return sendError(request, reply, mapped, messageKey ? { messageKey } : {});
    }
    const database = databaseError(error);
    if (database) return sendError(request, reply, database.code, database.options);
    const status = 'statusCode' in error ? error.statusCode : undefined;
    if (status === 429) {
      const seconds = Math.ceil(Number(reply.getHeader('retry-after') ?? 60));
      return sendError(request, reply, 'too_many_requests', { params: { seconds } });
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code = (Object.entries(ERROR_STATUS).find(([, s]) => s === status)?.[0] ?? 'bad_request') as ErrorCode;
      return sendError(request, reply, code);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 'internal');
  });
}

/** What PostgreSQL (pg or PGlite, both expose the same fields) says about an error it raised. */
interface PgError {
  code: string;
  column?: string;
}

/** The PostgreSQL error inside an error, looking through drizzle's wrapping. */
function pgError(error: unknown): PgError | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgError;
  }
  return undefined;
}

type Mapped = { code: ErrorCode; options: Parameters<typeof sendError>[3] };

/**
 * The safety net under validation: a database refusal the edge did not foresee is the client's
 * 4xx, never a 500. Integrity (class 23): a duplicate or a reference in use is a conflict (409), a
 * missing value or a failed check is invalid data (422, naming the column when PostgreSQL does).
 * Data exceptions (class 22: bad text, out-of-range numbers and dates, NUL) and program limits
 * (class 54: a value too large to index) are invalid data (422). A concurrent transaction that won
 * (serialization failure, deadlock, lock not available) is a conflict to try again (409).
 */
export function databaseError(error: unknown): Mapped | undefined {
  const pg = pgError(error);
  if (!pg) return undefined;
  const { code } = pg;
  if (code === '23505') return { code: 'conflict', options: { messageKey: 'errors.duplicate' } };
  if (code === '23503' || code === '23001') return { code: 'conflict', options: { messageKey: 'errors.foreign_key' } };
  if (code === '23502' && pg.column) return { code: 'validation_failed', options: { fieldErrors: { [pg.column]: [{ key: 'validation.required' }] } } };
  if (code.startsWith('23') || code.startsWith('22') || code.startsWith('54')) return { code: 'validation_failed', options: { messageKey: 'errors.invalid_data' } };
  if (code === '40001' || code === '40P01' || code === '55P03') return { code: 'conflict', options: { messageKey: 'errors.concurrent' } };
  return undefined;
}
