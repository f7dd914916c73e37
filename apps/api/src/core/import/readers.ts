import fs from 'node:fs';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';

export type FileFormat = 'csv' | 'xlsx';

/** One record of the file: its row number as a spreadsheet shows it (the header is row 1) and its cells. */
export interface SheetRow {
  row: number;
  cells: string[];
  /** Indexes of cells that held a formula: never evaluated, the cached result is not trusted. */
  formulas?: number[];
}

/**
 * What the file is, from its first bytes and its name, which must agree: XLSX (a zip) named
 * .xlsx, or text named .csv/.txt/.tsv. `xlsx_misnamed` is a workbook under another name (a
 * .csv that is really an XLSX), `csv_misnamed` text named .xlsx, `xls` the old binary Excel
 * format, null anything else: all refused.
 */
export async function sniffFormat(file: string, fileName: string): Promise<FileFormat | 'xls' | 'xlsx_misnamed' | 'csv_misnamed' | null> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(8192);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const bytes = head.subarray(0, bytesRead);
    const namedXlsx = /\.xlsx$/i.test(fileName);
    if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) return namedXlsx ? 'xlsx' : 'xlsx_misnamed';
    if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return 'xls';
    if (bytes.includes(0)) return null;
    if (namedXlsx) return 'csv_misnamed';
    if (!/\.(csv|txt|tsv)$/i.test(fileName)) return null;
    return 'csv';
  } finally {
    await handle.close();
  }
}

/** The delimiter the header line uses most (comma, semicolon as Excel writes in many locales, or tab). */
async function sniffDelimiter(file: string): Promise<string> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(65536);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const text = head.toString('utf8', 0, bytesRead);
    const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
    let quoted = false;
    for (const ch of text) {
      if (ch === '"') quoted = !quoted;
      else if (!quoted && (ch === '\n' || ch === '\r')) break;
      else if (!quoted && ch in counts) counts[ch]!++;
    }
    const [best, count] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0]!;
    return count > 0 ? best : ',';
  } finally {
    await handle.close();
  }
}

/** Streams a CSV file record by record (csv-parse); blank lines keep their row numbers but yield nothing. */
export async function* readCsv(file: string, source: fs.ReadStream): AsyncGenerator<SheetRow> {
  const delimiter = await sniffDelimiter(file);
  const parser = source.pipe(
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: 1024 * 1024,
    }),
  );
  let row = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    row++;
    yield { row, cells: record };
  }
}

function cellText(value: ExcelJS.CellValue): { text: string; formula: boolean } {
  if (value === null || value === undefined) return { text: '', formula: false };
  if (typeof value === 'string') return { text: value, formula: false };
  if (typeof value === 'number') return { text: String(value), formula: false };
  if (typeof value === 'boolean') return { text: value ? 'true' : 'false', formula: false };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10), formula: false };
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) return { text: '', formula: true };
    if ('richText' in value && Array.isArray(value.richText)) return { text: value.richText.map((r) => r.text).join(''), formula: false };
    if ('text' in value && typeof value.text === 'string') return { text: value.text, formula: false };
    if ('error' in value) return { text: String(value.error), formula: false };
  }
  return { text: typeof value === 'object' ? JSON.stringify(value) : String(value), formula: false };
}

/** Streams the first worksheet of an XLSX (exceljs WorkbookReader): rows are never all in memory. */
export async function* readXlsx(source: fs.ReadStream): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    entries: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  for await (const sheet of reader) {
    for await (const r of sheet) {
      const row = r;
      // Rows missing from the sheet XML are blank: row.number keeps the numbering.
      const values = Array.isArray(row.values) ? (row.values) : [];
      const cells: string[] = [];
      const formulas: number[] = [];
      for (let i = 1; i < values.length; i++) {
        const { text, formula } = cellText(values[i]);
        cells.push(text);
        if (formula) formulas.push(i - 1);
      }
      yield { row: row.number, cells, ...(formulas.length ? { formulas } : {}) };
    }
    break; // only the first worksheet is read
  }
}

export interface RowSource {
  rows: AsyncGenerator<SheetRow>;
  /** Bytes of the file read so far (progress). */
  bytesRead(): number;
  close(): void;
}

export function readRows(format: FileFormat, file: string): RowSource {
  const source = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  return {
    rows: format === 'csv' ? readCsv(file, source) : readXlsx(source),
    bytesRead: () => source.bytesRead,
    close: () => source.destroy(),
  };
}
