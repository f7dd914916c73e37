import { syncRowSchema, type SyncRow } from '@enamel/contracts';
import { definePracticeKind } from '../../core/import/kind.ts';
import type { Tx } from '../stock/index.ts';
import { procStatusOf, toSyncRow, type OpenDentalRow } from './open-dental/mapping.ts';
import { applyRows, lockSync } from './sync-core.ts';

/**
 * Open Dental's procedure log as a CSV (or XLSX) export, through the import pipeline (mapping preview, per-row
 * errors, all-or-nothing): each row is mapped by the same file as the `npm run sync -- open-dental` command and
 * applied by the same core, so an unknown code waits to be mapped and a row sent twice changes nothing. The columns
 * are Open Dental's own names (ProcNum, ProcDate…), matched case-insensitively.
 */
export const openDentalKind = definePracticeKind<SyncRow, object>({
  name: 'open-dental-procedure',
  subject: 'Procedure',
  keyColumn: 'procnum',
  batchSize: 500,
  columns: [
    { name: 'procnum', required: true, example: '48213' },
    { name: 'procdate', required: true, example: '2026-03-14' },
    { name: 'procstatus', required: true, example: 'C' },
    { name: 'proccode', example: 'D2391' },
    { name: 'descript', example: 'Resin-based composite - one surface, posterior' },
    { name: 'provider', example: 'Dr Okafor' },
    { name: 'aptdatetime', example: '2026-03-14 09:30:00' },
    { name: 'aptstatus', example: '2' },
  ],
  loadRefs: async () => ({}),
  parseRow(cells, _refs, practiceId, errors) {
    if (!/^\d{1,18}$/.test(cells.procnum ?? '')) errors.push({ column: 'procnum', key: cells.procnum ? 'import.whole_number' : 'validation.required' });
    const status = procStatusOf(cells.procstatus);
    if (status === undefined) errors.push({ column: 'procstatus', key: cells.procstatus ? 'import.one_of' : 'validation.required', params: { values: '1-8, TP, C, EC, EO, R, D, Cn, TPi' } });
    if (cells.procdate && !/^\d{4}-\d{2}-\d{2}/.test(cells.procdate)) errors.push({ column: 'procdate', key: 'import.date_time' });
    if (cells.aptdatetime && !/^\d{4}-\d{2}-\d{2}/.test(cells.aptdatetime)) errors.push({ column: 'aptdatetime', key: 'import.date_time' });
    if (cells.aptstatus && !/^\d$/.test(cells.aptstatus)) errors.push({ column: 'aptstatus', key: 'import.whole_number' });
    if ((cells.proccode ?? '').length > 32) errors.push({ column: 'proccode', key: 'validation.too_long', params: { max: 32 } });
    if (errors.length || practiceId === undefined) return { ok: false, errors };
    const raw: OpenDentalRow = {
      ProcNum: cells.procnum!, ProcDate: cells.procdate || null, ProcStatus: status!, ProcCode: cells.proccode || null, Descript: cells.descript || null,
      Provider: cells.provider || null, AptDateTime: cells.aptdatetime || null, AptStatus: cells.aptstatus || null, DateTStamp: null,
    };
    const row = syncRowSchema.parse(toSyncRow(raw, practiceId));
    if ((row.action === 'completed' || row.action === 'planned') && !row.source_code) return { ok: false, errors: [{ column: 'proccode', key: 'validation.required' }] };
    if ((row.action === 'completed' || row.action === 'planned') && !row.performed_at) return { ok: false, errors: [{ column: 'procdate', key: 'validation.required' }] };
    return { ok: true, value: row };
  },
  naturalKey: (row) => `${row.dental_practice_id}|${row.external_id}`,
  async upsert(db, rows, refs) {
    const tx = db as unknown as Tx;
    const allowed = refs.context.practiceIds;
    const caller = { actor: { userId: refs.context.userId, email: null, ip: 'import', userAgent: 'open dental import' }, may: (id: number) => allowed === 'all' || allowed.includes(id) };
    let applied = 0;
    for (const practiceId of [...new Set(rows.map((r) => r.dental_practice_id))].sort((a, b) => a - b)) {
      await lockSync(tx, practiceId, 'open-dental');
      const report = await applyRows(tx, caller, rows.filter((r) => r.dental_practice_id === practiceId), { source: 'open-dental', via: 'import', practiceId, onRowError: 'throw' });
      applied += report.applied;
    }
    return { created: applied, updated: 0 };
  },
});
