import { availableParallelism } from 'node:os';
import { PassThrough } from 'node:stream';
import { Piscina } from 'piscina';
import { PAGE_MARK, PAGES_MARK, type PdfLayout } from './pdf-layout.ts';

/** A table as a PDF: what the report writer gives (every text already in the reader's language and formats). */
export interface PdfTableSpec extends Omit<PdfLayout, 'rows' | 'totals' | 'pageLabel'> {
  /** The rows' cells as text; at most a few thousand (the caller enforces its limit). */
  rows: AsyncIterable<string[]>;
  /** The totals rows (one per currency), asked for once the rows have gone by; none for none. */
  totals: () => string[][];
  /** The footer's "page x of y", given the numbers already written in the PDF's language. */
  page: (page: string, pages: string) => string;
}

/**
 * The threads PDFs are laid out on. Measuring and wrapping a few thousand rows of text takes seconds of CPU
 * (1–6 s for 4,000 rows), which on the main thread would hold every other request for that long. Started on
 * the first PDF, at most one thread per spare core, each stopping after ten minutes without work (it holds the
 * parsed fonts, tens of MB). The entry is a small JavaScript file that loads the TypeScript layout through tsx,
 * as the server itself is run.
 */
let pool: Piscina | undefined;
function layoutPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./pdf-layout.worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
    idleTimeout: 10 * 60_000,
  });
  return pool;
}

/**
 * Writes an A4 table (core/pdf-layout.ts: the title and its lines, a header row repeated on every page, the
 * totals last, a footer with the date and page x of y). The rows are read here, then laid out on a worker thread.
 */
export function pdfTable(spec: PdfTableSpec): NodeJS.ReadableStream {
  const out = new PassThrough();
  write(spec)
    .then((bytes) => out.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)))
    .catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

async function write({ rows: source, totals, page, ...texts }: PdfTableSpec): Promise<Uint8Array> {
  const rows: string[][] = [];
  for await (const row of source) rows.push(row);
  const layout: PdfLayout = { ...texts, rows, totals: totals(), pageLabel: page(PAGE_MARK, PAGES_MARK) };
  return (await layoutPool().run(layout)) as Uint8Array;
}
