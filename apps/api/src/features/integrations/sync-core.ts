import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SyncCursor, SyncReport, SyncRow } from '@enamel/contracts';
import { dentalPractices, integrationCodeMaps, integrationCursors, integrationPendingRows, integrationSyncRuns, procedureCodes, procedures, procedureTemplates, type Database } from '@enamel/db';
import { zonedTime } from '@enamel/contracts';
import type { Actor } from '../../core/activity-log.ts';
import { AppError } from '../../core/errors.ts';
import { ImportFileError } from '../../core/import/pipeline.ts';
import type { Tx } from '../stock/index.ts';
import { deleteExternalProcedure, insertProcedures, templateItems, upsertExternalProcedure, type Caller, type ItemInput } from '../procedures/index.ts';

/**
 * The connector's core, the same for every source (docs/open-dental.md): normalised rows in, one report out.
 * Per row: the practice checked (a practice the caller may not write procedures in is skipped and reported), the
 * source's code mapped to an Enamel procedure code (the practice's mapping, else an Enamel code spelt the same),
 * then the procedure upserted or deleted by its external id through the procedures' own commands, so stock moves
 * exactly as an amendment or a deletion moves it. A row whose code is not mapped waits in `integration_pending_rows`
 * (listed on the Integrations screen) and is applied once its code is mapped: never dropped, never guessed.
 *
 * On the fast path (a sync batch without savepoints) the rows that record a new procedure — most of a first sync — are
 * recorded together (`insertProcedures`: one insert of the procedures, one take of the ledger for all their items…),
 * in runs of consecutive rows: a row that changes or deletes a procedure first records the run before it, so stock
 * moves in the order of the rows, exactly as one row after the other. Their external ids are locked and looked up once
 * for the batch. A refused run (a shortfall…) sends the batch to the savepoint path, row by row.
 */
export interface SyncCaller {
  actor: Actor;
  /** May the caller create, change and delete procedures in this practice? */
  may(practiceId: number): boolean;
}

export interface ApplyOptions {
  source: string;
  via: 'sync' | 'import';
  /** The practice whose cursor moves and under which the report is kept. */
  practiceId: number;
  cursor?: SyncCursor | null;
  /** `skip` (the sync): a row a command refuses (a shortfall…) is skipped and reported; `throw` (an import): the whole file stops. */
  onRowError: 'skip' | 'throw';
  /**
   * A savepoint per row, so a row a command refuses is skipped while the others stay. Without (the fast path), a
   * refused row throws `RowRefused` and the caller runs the batch again with savepoints (`applyBatch`).
   */
  savepoints?: boolean;
}

/** A row refused on the fast path: the batch is rolled back and applied again, a savepoint per row. */
export class RowRefused extends Error {}

interface Target {
  codeId: number;
  templateId: number | null;
}

/** The practice's mapping of a source's codes, then Enamel's codes by spelling; the template is the map's, else the code's first active one. */
async function loadTargets(tx: Tx, practiceIds: number[], source: string) {
  const maps = practiceIds.length
    ? await tx.select().from(integrationCodeMaps).where(and(inArray(integrationCodeMaps.dentalPracticeId, practiceIds), eq(integrationCodeMaps.source, source)))
    : [];
  const codes = await tx.select({ id: procedureCodes.id, code: procedureCodes.code }).from(procedureCodes).where(eq(procedureCodes.status, 'active'));
  const templates = await tx.select({ id: procedureTemplates.id, codeId: procedureTemplates.procedureCodeId }).from(procedureTemplates).where(eq(procedureTemplates.status, 'active')).orderBy(asc(procedureTemplates.id));
  const firstTemplate = new Map<number, number>();
  for (const t of templates) if (!firstTemplate.has(t.codeId)) firstTemplate.set(t.codeId, t.id);
  const byCode = new Map(codes.map((c) => [c.code.toUpperCase(), c.id]));
  const mapped = new Map(maps.map((m) => [`${m.dentalPracticeId}|${m.sourceCode.toUpperCase()}`, m]));
  return (practiceId: number, code: string): Target | undefined => {
    const map = mapped.get(`${practiceId}|${code.toUpperCase()}`);
    if (map) return { codeId: map.procedureCodeId, templateId: map.procedureTemplateId ?? firstTemplate.get(map.procedureCodeId) ?? null };
    const codeId = byCode.get(code.toUpperCase());
    return codeId === undefined ? undefined : { codeId, templateId: firstTemplate.get(codeId) ?? null };
  };
}

/**
 * New procedures recorded together hold at most this many items: the items' insert (4 parameters an item) and their costs'
 * update (2) stay well below the 65,535 parameters of one statement (the movements are one JSON parameter).
 */
const RUN_ITEMS = 2000;

/**
 * The targets a new procedure can be recorded with together with others: its code exists, its template (if any) exists,
 * performs that code and names each product once (what `resolveItems` checks; a target that fails them goes row by
 * row, where the refusal is reported as always).
 */
async function recordableTargets(tx: Tx, targets: readonly Target[], itemsOf: (templateId: number | null) => Promise<ItemInput[]>): Promise<Set<string>> {
  const codeIds = [...new Set(targets.map((t) => t.codeId))];
  const templateIds = [...new Set(targets.flatMap((t) => (t.templateId === null ? [] : [t.templateId])))];
  const codes = new Set(codeIds.length ? (await tx.select({ id: procedureCodes.id }).from(procedureCodes).where(inArray(procedureCodes.id, codeIds))).map((c) => c.id) : []);
  const templates = new Map(
    templateIds.length ? (await tx.select({ id: procedureTemplates.id, codeId: procedureTemplates.procedureCodeId }).from(procedureTemplates).where(inArray(procedureTemplates.id, templateIds))).map((t) => [t.id, t.codeId]) : [],
  );
  const ok = new Set<string>();
  for (const t of targets) {
    if (!codes.has(t.codeId) || (t.templateId !== null && templates.get(t.templateId) !== t.codeId)) continue;
    const products = (await itemsOf(t.templateId)).map((i) => i.product_id);
    if (new Set(products).size === products.length) ok.add(targetKey(t));
  }
  return ok;
}
const targetKey = (t: Target) => `${t.codeId}|${t.templateId ?? ''}`;

/** A wall-clock time of the source in the practice's time zone, as an instant. */
function instantOf(local: string, timeZone: string): string {
  const [day, time = '12:00'] = local.replace('T', ' ').split(' ') as [string, string?];
  const [h = '0', m = '0', s = '0'] = time.split(':');
  return new Date(zonedTime(day, Number(h) * 60 + Number(m), timeZone) + Number(s) * 1000).toISOString();
}

/** Serialises the syncs of one practice and source (a transaction-scoped advisory lock): cursors never move backwards. */
export async function lockSync(tx: Tx, practiceId: number, source: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`integration-sync|${practiceId}|${source}`}))`);
}

export async function readCursor(db: Pick<Database, 'select'>, practiceId: number, source: string): Promise<SyncCursor | null> {
  const [row] = await db.select().from(integrationCursors).where(and(eq(integrationCursors.dentalPracticeId, practiceId), eq(integrationCursors.source, source)));
  return row ? { changed_at: row.changedAt, change_id: row.changeId } : null;
}

/**
 * A batch in one transaction: first without savepoints (the usual case, fast); when a row is refused, rolled back and
 * applied again with a savepoint per row, that row skipped and reported.
 */
export async function applyBatch(db: Database, caller: SyncCaller, rows: (tx: Tx) => Promise<readonly SyncRow[]>, options: Omit<ApplyOptions, 'savepoints'>): Promise<SyncReport> {
  const attempt = (savepoints: boolean) =>
    db.transaction(async (tx) => {
      await lockSync(tx, options.practiceId, options.source);
      return applyRows(tx, caller, await rows(tx), { ...options, savepoints });
    });
  try {
    return await attempt(false);
  } catch (err) {
    if (err instanceof RowRefused) return attempt(true);
    throw err;
  }
}

/** Applies a batch inside the caller's transaction (after `lockSync`), moves the cursor and keeps the report. */
export async function applyRows(tx: Tx, caller: SyncCaller, rows: readonly SyncRow[], options: ApplyOptions): Promise<SyncReport> {
  const { source } = options;
  const practiceIds = [...new Set(rows.map((r) => r.dental_practice_id))].filter((id) => caller.may(id));
  const zones = new Map(
    practiceIds.length ? (await tx.select({ id: dentalPractices.id, timeZone: dentalPractices.timeZone }).from(dentalPractices).where(inArray(dentalPractices.id, practiceIds))).map((p) => [p.id, p.timeZone]) : [],
  );
  const targetOf = await loadTargets(tx, practiceIds, source);
  const commands: Caller = { actor: caller.actor, guard: () => undefined };
  const report = { applied: 0, unchanged: 0, unknown: 0, skipped: 0 };
  const unknownCodes = new Map<string, { code: string; description: string | null; count: number }>();
  const skippedRows: Array<{ external_id: string; reason: string }> = [];
  const skip = (row: SyncRow, reason: string) => {
    report.skipped++;
    skippedRows.push({ external_id: row.external_id, reason });
  };
  const templateCache = new Map<number, Awaited<ReturnType<typeof templateItems>>>();
  const itemsOf = async (templateId: number | null) => {
    if (templateId === null) return [];
    if (!templateCache.has(templateId)) templateCache.set(templateId, await templateItems(tx, templateId));
    return templateCache.get(templateId)!;
  };
  const grouped = !options.savepoints && options.onRowError === 'skip';
  const idKey = (practiceId: number, externalId: string) => `${practiceId}|${externalId}`;
  /** External ids (practice|id) that hold a procedure: looked up once for the batch, after locking them all. */
  const held = new Set<string>();
  let recordable = new Set<string>();
  if (grouped) {
    const allowed = rows.filter((r) => caller.may(r.dental_practice_id) && zones.has(r.dental_practice_id));
    const keys = [...new Set(allowed.map((r) => `procedure-external|${r.dental_practice_id}|${source}|${r.external_id}`))].sort();
    // The locks `upsertExternalProcedure` takes row by row, taken at once (in one order: two batches never deadlock).
    if (keys.length) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(k)) from (select unnest(array[${sql.join(keys.map((k) => sql`${k}`), sql`, `)}]::text[]) as k order by 1) l`);
    for (const practiceId of new Set(allowed.map((r) => r.dental_practice_id))) {
      const ids = [...new Set(allowed.filter((r) => r.dental_practice_id === practiceId).map((r) => r.external_id))];
      for (let i = 0; i < ids.length; i += 1000) {
        const found = await tx
          .select({ externalId: procedures.externalId })
          .from(procedures)
          .where(and(eq(procedures.dentalPracticeId, practiceId), eq(procedures.externalSource, source), inArray(procedures.externalId, ids.slice(i, i + 1000))));
        for (const f of found) held.add(idKey(practiceId, f.externalId!));
      }
    }
    const targets = allowed.flatMap((r) => (r.source_code ? [targetOf(r.dental_practice_id, r.source_code)] : [])).filter((t): t is Target => t !== undefined);
    recordable = await recordableTargets(tx, [...new Map(targets.map((t) => [targetKey(t), t])).values()], itemsOf);
  }
  /** New procedures waiting to be recorded together (consecutive rows), their items, and their ids (practice|id). */
  const waiting = new Set<string>();
  let newRows: Array<{ row: SyncRow; body: Parameters<typeof insertProcedures>[3][number]['body']; items: ItemInput[] }> = [];
  let runItems = 0;
  const flush = async () => {
    if (newRows.length === 0) return;
    const recording = newRows;
    newRows = [];
    waiting.clear();
    runItems = 0;
    try {
      for (const practiceId of [...new Set(recording.map((r) => r.row.dental_practice_id))].sort((a, b) => a - b)) {
        const here = recording.filter((r) => r.row.dental_practice_id === practiceId);
        await tx
          .delete(integrationPendingRows)
          .where(and(eq(integrationPendingRows.dentalPracticeId, practiceId), eq(integrationPendingRows.source, source), inArray(integrationPendingRows.externalId, here.map((r) => r.row.external_id))));
        await insertProcedures(tx, caller.actor, practiceId, here.map(({ body, items }) => ({ body, items })));
        for (const r of here) held.add(idKey(practiceId, r.row.external_id));
      }
    } catch (err) {
      if (err instanceof AppError) throw new RowRefused(err.message);
      throw err;
    }
    report.applied += recording.length;
  };
  const dropPending = (row: SyncRow) =>
    tx
      .delete(integrationPendingRows)
      .where(and(eq(integrationPendingRows.dentalPracticeId, row.dental_practice_id), eq(integrationPendingRows.source, source), eq(integrationPendingRows.externalId, row.external_id)))
      .returning({ id: integrationPendingRows.id });

  for (const row of rows) {
    const practiceId = row.dental_practice_id;
    const timeZone = zones.get(practiceId);
    if (!caller.may(practiceId) || timeZone === undefined) {
      skip(row, 'practice_not_allowed');
      continue;
    }
    const key = idKey(practiceId, row.external_id);
    const known = !grouped || held.has(key) || waiting.has(key);
    try {
      if (row.action === 'deleted' || row.action === 'skip') {
        if (known) await flush();
        const pending = await dropPending(row);
        // Nothing is held under an unknown id: nothing to delete (and no stock moves, so the run need not be recorded first).
        const deleted = known && (await deleteExternalProcedure(tx, commands, practiceId, source, row.external_id, !options.savepoints));
        if (deleted || pending.length) report.applied++;
        else if (row.action === 'skip') skip(row, row.reason ?? 'not_a_procedure');
        else report.unchanged++;
        continue;
      }
      if (!row.source_code) {
        skip(row, 'missing_code');
        continue;
      }
      if (!row.performed_at) {
        skip(row, 'missing_date');
        continue;
      }
      const target = targetOf(practiceId, row.source_code);
      if (!target) {
        report.unknown++;
        const key = row.source_code.toUpperCase();
        const entry = unknownCodes.get(key) ?? { code: row.source_code, description: row.source_description, count: 0 };
        entry.count++;
        unknownCodes.set(key, entry);
        await tx
          .insert(integrationPendingRows)
          .values({ dentalPracticeId: practiceId, source, externalId: row.external_id, sourceCode: row.source_code, sourceDescription: row.source_description, row })
          .onConflictDoUpdate({
            target: [integrationPendingRows.dentalPracticeId, integrationPendingRows.source, integrationPendingRows.externalId],
            set: { sourceCode: row.source_code, sourceDescription: row.source_description, row, lastSeenAt: sql`now()` },
          });
        continue;
      }
      const items = await itemsOf(target.templateId);
      const body = {
        dental_practice_id: practiceId, procedure_code_id: target.codeId, procedure_template_id: target.templateId, performed_at: instantOf(row.performed_at, timeZone),
        provider: row.provider, status: row.action, notes: null, items, location_id: null, external_source: source, external_id: row.external_id,
      };
      if (!known && recordable.has(targetKey(target))) {
        newRows.push({ row, body, items });
        waiting.add(key);
        runItems += items.length;
        if (runItems >= RUN_ITEMS) await flush();
        continue;
      }
      await flush();
      await dropPending(row);
      const { outcome } = await upsertExternalProcedure(tx, commands, body, !options.savepoints);
      if (outcome === 'unchanged') report.unchanged++;
      else report.applied++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (options.onRowError === 'throw') throw new ImportFileError(err.messageKey ?? 'validation.invalid', { ...(err.params as Record<string, string | number>), row: row.external_id });
      if (!options.savepoints) throw new RowRefused(err.message);
      skip(row, err.messageKey ?? err.code);
    }
  }
  await flush();

  if (options.cursor) {
    await tx
      .insert(integrationCursors)
      .values({ dentalPracticeId: options.practiceId, source, changedAt: options.cursor.changed_at, changeId: options.cursor.change_id })
      .onConflictDoUpdate({ target: [integrationCursors.dentalPracticeId, integrationCursors.source], set: { changedAt: options.cursor.changed_at, changeId: options.cursor.change_id, updatedAt: sql`now()` } });
  }
  const details = { unknown_codes: [...unknownCodes.values()], skipped_rows: skippedRows.slice(0, 500) };
  const [run] = await tx
    .insert(integrationSyncRuns)
    .values({ dentalPracticeId: options.practiceId, source, via: options.via, ...report, details, createdBy: caller.actor.userId })
    .returning();
  return presentRun(run!);
}

type RunRow = typeof integrationSyncRuns.$inferSelect;
export function presentRun(run: RunRow): SyncReport {
  const details = (typeof run.details === 'string' ? JSON.parse(run.details) : run.details) as Partial<Pick<SyncReport, 'unknown_codes' | 'skipped_rows'>>;
  return {
    id: run.id, dental_practice_id: run.dentalPracticeId, source: run.source, via: run.via as SyncReport['via'], applied: run.applied, unchanged: run.unchanged, unknown: run.unknown, skipped: run.skipped,
    unknown_codes: details.unknown_codes ?? [], skipped_rows: details.skipped_rows ?? [], created_at: new Date(run.createdAt).toISOString(),
  };
}

export async function lastRuns(db: Pick<Database, 'select'>, practiceId: number, source: string, limit = 10): Promise<SyncReport[]> {
  const runs = await db.select().from(integrationSyncRuns).where(and(eq(integrationSyncRuns.dentalPracticeId, practiceId), eq(integrationSyncRuns.source, source))).orderBy(desc(integrationSyncRuns.id)).limit(limit);
  return runs.map(presentRun);
}

/** The codes rows wait for, one line each: the latest description, how many rows, first and last seen. */
export async function unknownCodes(db: Pick<Database, 'select'>, practiceId: number, source: string) {
  const rows = await db
    .select({
      source_code: sql<string>`upper(${integrationPendingRows.sourceCode})`,
      description: sql<string | null>`(array_agg(${integrationPendingRows.sourceDescription} order by ${integrationPendingRows.lastSeenAt} desc))[1]`,
      count: sql<number>`count(*)::int`,
      first_seen_at: sql<string>`min(${integrationPendingRows.firstSeenAt})`,
      last_seen_at: sql<string>`max(${integrationPendingRows.lastSeenAt})`,
    })
    .from(integrationPendingRows)
    .where(and(eq(integrationPendingRows.dentalPracticeId, practiceId), eq(integrationPendingRows.source, source)))
    .groupBy(sql`upper(${integrationPendingRows.sourceCode})`)
    .orderBy(sql`count(*) desc`, sql`upper(${integrationPendingRows.sourceCode})`);
  return rows.map((r) => ({ ...r, count: Number(r.count), first_seen_at: new Date(r.first_seen_at).toISOString(), last_seen_at: new Date(r.last_seen_at).toISOString() }));
}

/** The rows waiting for one code (after it is mapped, they are applied). */
export async function pendingRowsOf(tx: Tx, practiceId: number, source: string, code: string): Promise<SyncRow[]> {
  const rows = await tx
    .select({ row: integrationPendingRows.row })
    .from(integrationPendingRows)
    .where(and(eq(integrationPendingRows.dentalPracticeId, practiceId), eq(integrationPendingRows.source, source), sql`upper(${integrationPendingRows.sourceCode}) = ${code.toUpperCase()}`))
    .orderBy(asc(integrationPendingRows.id))
    .for('update');
  return rows.map((r) => (typeof r.row === 'string' ? JSON.parse(r.row) : r.row) as SyncRow);
}
