import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { procedureCodes, procedureTemplates } from './catalog.ts';
import { timestamps } from './common.ts';
import { dentalPractices } from './dental-practices.ts';
import { users } from './users.ts';

/**
 * Integrations (migration 0031, docs/open-dental.md). Per practice and source (`open-dental`…): the mapping of the
 * source's procedure codes to Enamel's, the last change synced, the rows waiting for an unknown code, the reports.
 */
export const integrationCodeMaps = pgTable(
  'integration_code_maps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dentalPracticeId: bigint('dental_practice_id', { mode: 'number' })
      .notNull()
      .references(() => dentalPractices.id, { onDelete: 'cascade' }),
    source: varchar('source', { length: 32 }).notNull(),
    sourceCode: varchar('source_code', { length: 32 }).notNull(),
    procedureCodeId: bigint('procedure_code_id', { mode: 'number' })
      .notNull()
      .references(() => procedureCodes.id, { onDelete: 'restrict' }),
    procedureTemplateId: bigint('procedure_template_id', { mode: 'number' }).references(() => procedureTemplates.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('integration_code_maps_key_idx').on(t.dentalPracticeId, t.source, sql`upper(${t.sourceCode})`)],
);

/** The last change synced: Open Dental's `procedurelog.DateTStamp` with `ProcNum` as tie-break. */
export const integrationCursors = pgTable(
  'integration_cursors',
  {
    dentalPracticeId: bigint('dental_practice_id', { mode: 'number' })
      .notNull()
      .references(() => dentalPractices.id, { onDelete: 'cascade' }),
    source: varchar('source', { length: 32 }).notNull(),
    changedAt: varchar('changed_at', { length: 32 }).notNull(),
    changeId: varchar('change_id', { length: 64 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'integration_cursors_pk', columns: [t.dentalPracticeId, t.source] })],
);

/** A synced row whose code is not mapped yet: applied when its code gets mapped, replaced when the source changes it. */
export const integrationPendingRows = pgTable(
  'integration_pending_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dentalPracticeId: bigint('dental_practice_id', { mode: 'number' })
      .notNull()
      .references(() => dentalPractices.id, { onDelete: 'cascade' }),
    source: varchar('source', { length: 32 }).notNull(),
    externalId: varchar('external_id', { length: 64 }).notNull(),
    sourceCode: varchar('source_code', { length: 32 }).notNull(),
    sourceDescription: varchar('source_description', { length: 255 }),
    row: jsonb('row').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integration_pending_rows_key_idx').on(t.dentalPracticeId, t.source, t.externalId),
    index('integration_pending_rows_code_idx').on(t.dentalPracticeId, t.source, sql`upper(${t.sourceCode})`),
  ],
);

export const integrationSyncRuns = pgTable(
  'integration_sync_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dentalPracticeId: bigint('dental_practice_id', { mode: 'number' })
      .notNull()
      .references(() => dentalPractices.id, { onDelete: 'cascade' }),
    source: varchar('source', { length: 32 }).notNull(),
    via: varchar('via', { length: 16 }).notNull(),
    applied: integer('applied').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    unknown: integer('unknown').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('integration_sync_runs_practice_idx').on(t.dentalPracticeId, t.createdAt), check('integration_sync_runs_via', sql`${t.via} in ('sync', 'import')`)],
);
