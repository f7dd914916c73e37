import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, importAwaitsChoice, importJobSchema, runStatusSchema, type ImportJob as ImportJobView, type Locale } from '@enamel/contracts';
import { actorOf } from '../../core/activity-log.ts';
import { AppError } from '../../core/errors.ts';
import { abilityFor, authenticated, requireUser } from '../../core/guards.ts';
import { requestLocale, translate, type MessageKey } from '../../core/i18n.ts';
import type { RowError } from '../../core/import/pipeline.ts';
import { sniffFormat } from '../../core/import/readers.ts';
import { acceptImport, chooseImport, findJob, importDir, newJobId, storedErrors, sweepOldJobs, viewImport, type ImportJob } from './import-jobs.ts';
import { IMPORT_KINDS, importKind } from './kinds/index.ts';

/** 20 MB per file (docs/product-rules.md#imports): beyond, 413. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

const one = z.object({ success: z.literal(true), data: importJobSchema });
/** Why a file the sniffer recognised is still refused (415). */
const REFUSED_FORMAT = { xls: 'import.xls', xlsx_misnamed: 'import.xlsx_misnamed', csv_misnamed: 'import.csv_misnamed' } as const;

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema, 419: errorBodySchema, 422: errorBodySchema };
const idParams = z.object({ id: z.uuid() });

function present(job: ImportJob, locale: Locale): ImportJobView {
  const tr = (key: string, params?: Record<string, string | number> | null) => translate(locale, key as MessageKey, params ?? {});
  return {
    id: job.id,
    kind: job.kind,
    status: runStatusSchema.parse(job.status),
    stage: importJobSchema.shape.stage.parse(job.stage),
    file_name: job.fileName,
    format: job.format,
    file_size: job.fileSize,
    rows_read: job.rowsRead,
    valid_rows: job.validRows,
    invalid_rows: job.invalidRows,
    error_count: job.errorCount,
    progress: job.progress,
    created: job.created,
    updated: job.updated,
    unknown_columns: job.unknownColumns,
    missing_columns: job.missingColumns,
    errors: job.errors.map((e) => ({ row: e.row, column: e.column, message: tr(e.key, e.params) })),
    failure: job.failure ? tr(job.failure, { jobId: job.id, ...job.failureParams }) : null,
    created_at: job.createdAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
}

/** Template cells and error cells that a spreadsheet would run as a formula get a leading quote. */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export default async function importRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = fastify.deps;
  // Encapsulated: multipart bodies are accepted by these routes only.
  await fastify.register(fastifyMultipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 11 } });

  async function visibleJob(request: FastifyRequest, id: string): Promise<ImportJob> {
    const { user } = requireUser(request);
    const job = await findJob(db, id, user.id);
    if (!job) throw new AppError('not_found');
    return viewImport(job);
  }

  const tooLarge = () => new AppError('payload_too_large', 'import.too_large', undefined, { max: MAX_IMPORT_BYTES / 1024 / 1024 });
  /** A multipart body without a boundary, or cut off before its closing boundary: the client's 400, not ours. */
  const malformed = (err: unknown): never => {
    if (err instanceof AppError) throw err;
    throw new AppError('bad_request', 'import.malformed');
  };

  for (const kind of IMPORT_KINDS) {
    app.post(
      `/api/${kind.name}/import`,
      {
        preValidation: async (request) => {
          const ability = await abilityFor(request);
          if (!ability.can('import', kind.subject)) throw new AppError('forbidden');
        },
        schema: {
          tags: ['imports'],
          summary: `Upload a ${kind.name} file (multipart field "file", CSV or XLSX); answers the job, which validates in the background`,
          consumes: ['multipart/form-data'],
          response: { 202: one, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = requireUser(request);
        if (Number(request.headers['content-length'] ?? 0) > MAX_IMPORT_BYTES + 64 * 1024) throw tooLarge();
        if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'import.not_multipart');
        const part = await request.file().catch(malformed);
        if (!part || part.fieldname !== 'file') throw new AppError('validation_failed', undefined, { file: [{ key: 'import.no_file' }] });
        const id = newJobId();
        const dir = importDir(config.dataDir);
        fs.mkdirSync(dir, { recursive: true });
        const temp = path.join(dir, `${id}.upload`);
        try {
          await pipeline(part.file, fs.createWriteStream(temp));
          if (part.file.truncated) throw tooLarge();
        } catch (err) {
          fs.rmSync(temp, { force: true });
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          malformed(err);
        }
        const size = fs.statSync(temp).size;
        // Control characters (NUL among them) have no place in a file name and cannot be stored.
        const fileName = path.basename([...part.filename].filter((c) => c > '\u001f' && c !== '\u007f').join('') || 'upload').slice(0, 255);
        const format = size === 0 ? null : await sniffFormat(temp, fileName);
        if (format !== 'csv' && format !== 'xlsx') {
          fs.rmSync(temp, { force: true });
          throw new AppError('unsupported_media_type', format ? REFUSED_FORMAT[format] : 'import.unsupported_type');
        }
        let job: ImportJob;
        try {
          job = await acceptImport(fastify.deps, { id, kind: kind.name, userId: user.id, apiTokenId: request.apiToken?.id ?? null, format, fileName, fileSize: size, heartbeatAt: new Date() }, fs.readFileSync(temp));
        } finally {
          fs.rmSync(temp, { force: true });
        }
        sweepOldJobs(db, config.dataDir).catch((err: unknown) => request.log.warn({ err }, 'import sweep failed'));
        return reply.status(202).send({ success: true as const, data: present(viewImport(job), requestLocale(request)) });
      },
    );
  }

  app.get(
    '/api/import/:id',
    { preValidation: authenticated(), schema: { tags: ['imports'], summary: 'An import job: status, counts, progress, first errors', params: idParams, response: { 200: one, ...errors } } },
    async (request) => ({ success: true as const, data: present(await visibleJob(request, request.params.id), requestLocale(request)) }),
  );

  app.get(
    '/api/import/:id/errors.csv',
    { preValidation: authenticated(), schema: { tags: ['imports'], summary: 'Every row error of an import job, as CSV', params: idParams } },
    async (request, reply) => {
      const job = await visibleJob(request, request.params.id);
      const locale = requestLocale(request);
      const tr = (key: string, params?: Record<string, string | number>) => translate(locale, key as MessageKey, params ?? {});
      const csv = stringify({ bom: true, escape_formulas: true });
      csv.write([tr('import.csv_row'), tr('import.csv_column'), tr('import.csv_message')]);
      for (const column of job.unknownColumns) csv.write(['1', neutralise(column), tr('import.unknown_column')]);
      if (job.failure) csv.write(['', tr('import.file'), tr(job.failure, { jobId: job.id, ...job.failureParams })]);
      const stored = await storedErrors(db, job.id);
      const lines = readline.createInterface({ input: Readable.from([stored]), crlfDelay: Infinity });
      const toRecord = new Transform({
        objectMode: true,
        transform(line: string, _enc, done) {
          if (!line) return done();
          const e = JSON.parse(line) as RowError;
          done(null, [String(e.row), e.column, tr(e.key, e.params)]);
        },
      });
      void pipeline(Readable.from(lines), toRecord, csv).catch((err: unknown) => request.log.warn({ err }, 'errors.csv stream failed'));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${job.kind}-import-errors.csv"`)
        .send(csv);
    },
  );

  app.post(
    '/api/import/:id/commit',
    {
      preValidation: authenticated(),
      schema: { tags: ['imports'], summary: 'Import the valid rows (mode "valid") or nothing (mode "none")', params: idParams, body: z.strictObject({ mode: z.enum(['valid', 'none']) }), response: { 200: one, 202: one, ...errors } },
    },
    async (request, reply) => {
      const job = await visibleJob(request, request.params.id);
      const kind = importKind(job.kind);
      if (!kind || !(await abilityFor(request)).can('import', kind.subject)) throw new AppError('forbidden');
      if (!importAwaitsChoice(job)) throw new AppError('conflict', 'import.not_waiting');
      const chosen = await chooseImport(fastify.deps, job, request.body.mode, actorOf(request));
      if (!chosen) throw new AppError('conflict', 'import.not_waiting');
      return reply.status(chosen.stage === 'cancelled' ? 200 : 202).send({ success: true as const, data: present(viewImport(chosen), requestLocale(request)) });
    },
  );

  /** A kind's template: its header and one example row, CSV or XLSX. */
  async function sendTemplate(request: FastifyRequest, reply: FastifyReply, kindName: string, format: 'csv' | 'xlsx') {
    const kind = importKind(kindName);
    if (!kind) throw new AppError('not_found', 'import.unknown_kind');
    if (!(await abilityFor(request)).can('import', kind.subject)) throw new AppError('forbidden');
    const header = kind.columns.map((c) => c.name);
    const example = kind.columns.map((c) => neutralise(c.example));
    const name = `${kind.name}-import-template.${format}`;
    reply.header('content-disposition', `attachment; filename="${name}"`);
    if (format === 'csv') {
      const csv = stringify({ bom: true, escape_formulas: true });
      csv.write(header);
      csv.write(example);
      csv.end();
      return reply.type('text/csv; charset=utf-8').send(csv);
    }
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(kind.name);
    sheet.addRow(header).font = { bold: true };
    // Text cells, so a spreadsheet keeps leading zeros of GTINs and does not read SKUs as numbers.
    sheet.addRow(example).eachCell((cell) => {
      cell.numFmt = '@';
    });
    sheet.columns.forEach((column, i) => {
      column.width = Math.max(12, header[i]!.length + 2, (example[i] ?? '').length + 2);
      column.numFmt = '@';
    });
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(buffer);
  }

  const formatQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
  app.get(
    '/api/import/template/:kind',
    { preValidation: authenticated(), schema: { tags: ['imports'], summary: 'The template of an import kind, CSV or XLSX', params: z.object({ kind: z.string() }), querystring: formatQuery } },
    (request, reply) => sendTemplate(request, reply, request.params.kind, request.query.format),
  );
  app.get(
    '/api/inventory/download',
    { preValidation: authenticated(), schema: { tags: ['imports', 'inventory'], summary: 'The opening-stock import template (the inventory download)', querystring: formatQuery } },
    (request, reply) => sendTemplate(request, reply, 'inventory', request.query.format),
  );
}
