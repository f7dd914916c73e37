import type { SyncRowInput } from '@enamel/contracts';
import type { SourceMapping } from '../source.ts';

/**
 * Open Dental's side of the connector (docs/open-dental.md), the only file that knows its tables: what is read
 * from `procedurelog`, `procedurecode`, `provider` and `appointment` (Open Dental's own column names and types),
 * and how one procedure-log row becomes a normalised sync row. Everything else (cursor, code mapping, upsert,
 * report) is the generic core's. A second system is a second file like this one.
 */

/** procedurelog.ProcStatus (Open Dental's `ProcStat` enum). */
export const PROC_STATUS = { TP: 1, C: 2, EC: 3, EO: 4, R: 5, D: 6, Cn: 7, TPi: 8 } as const;
/** appointment.AptStatus (Open Dental's `ApptStatus` enum), the values used here. */
export const APT_STATUS = { Scheduled: 1, Complete: 2, UnschedList: 3, Broken: 5, Planned: 6 } as const;

/** One procedure-log row with what it joins, as read from MySQL (`dateStrings`) or a CSV export. */
export interface OpenDentalRow {
  ProcNum: string | number;
  ProcDate: string | null;
  ProcStatus: string | number;
  ProcCode: string | null;
  Descript: string | null;
  Provider: string | null;
  AptDateTime: string | null;
  AptStatus: string | number | null;
  /** The later of procedurelog.DateTStamp and its appointment's (a moved appointment is a change too). */
  DateTStamp: string | null;
}

/** The subset of Open Dental's published layout the connector reads (tests create these tables as Open Dental does). */
export const OPEN_DENTAL_TABLES = [
  `CREATE TABLE procedurecode (CodeNum bigint(20) NOT NULL AUTO_INCREMENT, ProcCode varchar(15) NOT NULL DEFAULT '', Descript varchar(255) NOT NULL DEFAULT '', AbbrDesc varchar(50) NOT NULL DEFAULT '', DateTStamp timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP, PRIMARY KEY (CodeNum), KEY ProcCode (ProcCode))`,
  `CREATE TABLE provider (ProvNum bigint(20) NOT NULL AUTO_INCREMENT, Abbr varchar(255) NOT NULL DEFAULT '', LName varchar(100) NOT NULL DEFAULT '', FName varchar(100) NOT NULL DEFAULT '', IsHidden tinyint(4) NOT NULL DEFAULT 0, DateTStamp timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP, PRIMARY KEY (ProvNum))`,
  `CREATE TABLE appointment (AptNum bigint(20) NOT NULL AUTO_INCREMENT, PatNum bigint(20) NOT NULL DEFAULT 0, AptStatus tinyint(4) NOT NULL DEFAULT 0, AptDateTime datetime NOT NULL DEFAULT '0001-01-01 00:00:00', ProvNum bigint(20) NOT NULL DEFAULT 0, DateTStamp timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP, PRIMARY KEY (AptNum), KEY AptDateTime (AptDateTime))`,
  `CREATE TABLE procedurelog (ProcNum bigint(20) NOT NULL AUTO_INCREMENT, PatNum bigint(20) NOT NULL DEFAULT 0, AptNum bigint(20) NOT NULL DEFAULT 0, ProcDate date NOT NULL DEFAULT '0001-01-01', ProcFee double NOT NULL DEFAULT 0, ProcStatus tinyint(4) NOT NULL DEFAULT 0, CodeNum bigint(20) NOT NULL DEFAULT 0, ProvNum bigint(20) NOT NULL DEFAULT 0, DateTStamp timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP, PRIMARY KEY (ProcNum), KEY PatNum (PatNum), KEY AptNum (AptNum), KEY DateTStamp (DateTStamp))`,
] as const;

const CHANGED = `GREATEST(pl.DateTStamp, COALESCE(a.DateTStamp, pl.DateTStamp))`;

/**
 * The rows changed after the cursor (change time, then ProcNum as tie-break), oldest first, leaving out the last
 * `lag` seconds (a second still being written could gain rows below the cursor's ProcNum). Parameters: changed_at,
 * changed_at, ProcNum, lag seconds, limit.
 */
export const CHANGES_SINCE_SQL = `SELECT pl.ProcNum, DATE_FORMAT(pl.ProcDate, '%Y-%m-%d') AS ProcDate, pl.ProcStatus, pc.ProcCode, pc.Descript,
    NULLIF(TRIM(CONCAT(COALESCE(pr.FName, ''), ' ', COALESCE(pr.LName, ''))), '') AS ProvName, pr.Abbr AS ProvAbbr,
    DATE_FORMAT(a.AptDateTime, '%Y-%m-%d %H:%i:%s') AS AptDateTime, a.AptStatus, DATE_FORMAT(${CHANGED}, '%Y-%m-%d %H:%i:%s') AS DateTStamp
  FROM procedurelog pl
  LEFT JOIN procedurecode pc ON pc.CodeNum = pl.CodeNum
  LEFT JOIN provider pr ON pr.ProvNum = pl.ProvNum
  LEFT JOIN appointment a ON a.AptNum = pl.AptNum AND pl.AptNum <> 0
  WHERE (${CHANGED} > ? OR (${CHANGED} = ? AND pl.ProcNum > ?)) AND ${CHANGED} < NOW() - INTERVAL ? SECOND
  ORDER BY ${CHANGED}, pl.ProcNum
  LIMIT ?`;

/** A date Open Dental uses for "none" (0001-01-01) or anything before 1900 is no date. */
function realDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?/.exec(value.trim());
  if (!m || Number(m[1]) < 1900) return null;
  return `${m[1]}-${m[2]}-${m[3]} ${m[4] ?? '12:00'}`;
}

/** "1", "C", "TP"… to the ProcStatus number; undefined when it is neither. */
export function procStatusOf(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return Object.values(PROC_STATUS).includes(Number(text) as never) ? Number(text) : undefined;
  const found = Object.entries(PROC_STATUS).find(([name]) => name.toLowerCase() === text.toLowerCase());
  return found?.[1];
}

/**
 * One row to what Enamel does with it: complete (C) → a completed procedure on ProcDate (at its appointment's time
 * when that is the same day); treatment-planned (TP, TPi) → a planned procedure at its scheduled appointment's time,
 * else on ProcDate (else the day it was entered); deleted (D) → deleted here; existing (EC, EO), referred out (R)
 * and conditions (Cn) use no stock here → `skip` with the reason.
 */
export function toSyncRow(raw: OpenDentalRow, practiceId: number): SyncRowInput {
  const status = procStatusOf(raw.ProcStatus);
  const base = { dental_practice_id: practiceId, external_id: String(raw.ProcNum), source_code: raw.ProcCode?.trim() || null, source_description: raw.Descript?.trim().slice(0, 255) || null, provider: raw.Provider?.trim().slice(0, 120) || null };
  const apt = realDate(raw.AptDateTime);
  const aptStatus = raw.AptStatus === null || raw.AptStatus === undefined || raw.AptStatus === '' ? undefined : Number(raw.AptStatus);
  const day = realDate(raw.ProcDate);
  switch (status) {
    case PROC_STATUS.C:
      return { ...base, action: 'completed', performed_at: apt && day && apt.slice(0, 10) === day.slice(0, 10) ? apt : day };
    case PROC_STATUS.TP:
    case PROC_STATUS.TPi:
      return { ...base, action: 'planned', performed_at: apt && aptStatus === APT_STATUS.Scheduled ? apt : (day ?? realDate(raw.DateTStamp)) };
    case PROC_STATUS.D:
      return { ...base, action: 'deleted', performed_at: day };
    case PROC_STATUS.EC:
    case PROC_STATUS.EO:
      return { ...base, action: 'skip', performed_at: day, reason: 'existing' };
    case PROC_STATUS.R:
      return { ...base, action: 'skip', performed_at: day, reason: 'referred_out' };
    case PROC_STATUS.Cn:
      return { ...base, action: 'skip', performed_at: day, reason: 'condition' };
    default:
      return { ...base, action: 'skip', performed_at: day, reason: 'unknown_status' };
  }
}

/** A row read by CHANGES_SINCE_SQL: the provider is "First Last", else its abbreviation. */
export function fromDatabase(row: Record<string, unknown>): OpenDentalRow {
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : null);
  return {
    ProcNum: text(row.ProcNum) ?? '', ProcDate: text(row.ProcDate), ProcStatus: Number(row.ProcStatus), ProcCode: text(row.ProcCode), Descript: text(row.Descript),
    Provider: text(row.ProvName) ?? text(row.ProvAbbr), AptDateTime: text(row.AptDateTime), AptStatus: row.AptStatus === null ? null : Number(row.AptStatus), DateTStamp: text(row.DateTStamp),
  };
}

export const openDental: SourceMapping = {
  name: 'open-dental',
  label: 'Open Dental',
  changesSince: CHANGES_SINCE_SQL,
  fromDatabase,
  toSyncRow: (raw, practiceId) => toSyncRow(raw as OpenDentalRow, practiceId),
  cursorOf: (raw) => ({ changed_at: String((raw as OpenDentalRow).DateTStamp), change_id: String((raw as OpenDentalRow).ProcNum) }),
  startCursor: { changed_at: '0001-01-01 00:00:00', change_id: '0' },
};
