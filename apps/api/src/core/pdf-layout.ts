import PDFDocument from 'pdfkit';
import { fontChain, fontRuns, type FontWeight, type PdfFont } from './pdf-fonts.ts';

/**
 * A table ready to lay out: plain data only (it crosses to a worker thread), every text already in the reader's
 * language. The page footer's "page x of y" is `pageLabel` with PAGE_MARK and PAGES_MARK in place of the numbers,
 * which are written in `lang` once the page count is known.
 */
export interface PdfLayout {
  /** BCP 47 tag of the text (the PDF's language, for screen readers, and the page numbers' digits). */
  lang: string;
  title: string;
  /** Lines under the title: who, which filters. */
  lines: string[];
  columns: Array<{ label: string; align: 'left' | 'right' }>;
  /** The rows' cells as text; at most a few thousand (the caller enforces its limit). */
  rows: string[][];
  /** The totals rows (one per currency), none for none. */
  totals: string[][];
  /** Said instead of the table when there is no row. */
  empty: string;
  /** The footer of every page: when it was generated, and page x of y. */
  generated: string;
  pageLabel: string;
}

export const PAGE_MARK = '\u0001';
export const PAGES_MARK = '\u0002';

const MARGIN = 36;
const FOOTER = 16;
const SIZE = 8;
const LINE = SIZE * 1.3;
const PAD_X = 4;
const PAD_Y = 2.5;
/** A text column never gets wider than this before it wraps. */
const TEXT_MAX = 220;
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#d5dbe0';
const HEAD = '#e3f1ee';

/**
 * Writes an A4 table: the title and its lines, a header row repeated on every page, the rows wrapping within
 * their columns (widths from their content), the totals last, and a footer with the date and page x of y. Each
 * stretch of text is drawn in the font that has its characters (Latin, Bengali, Chinese: core/pdf-fonts.ts).
 * Pages are kept until the end for their "of y"; the row limit the caller enforces bounds that. The whole file is
 * returned at once (a few MB at most): it is written on a worker thread (pdf-table.ts), and its bytes move back.
 */
export function layoutPdf(spec: PdfLayout): Promise<Uint8Array> {
  const { rows, totals } = spec;
  const doc = new PDFDocument({
    size: 'A4',
    layout: spec.columns.length >= 8 ? 'landscape' : 'portrait',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER },
    bufferPages: true,
    lang: spec.lang,
    displayTitle: true,
    info: { Title: spec.title, Creator: 'Enamel' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const chains = { regular: fontChain('regular'), bold: fontChain('bold') };
  const registered = new Set<string>();
  /** Selects a font, registering it with this document the first time (only the fonts used are embedded). */
  const use = (font: PdfFont, size: number) => {
    // pdfkit accepts a parsed fontkit font (its types say only files and buffers): tables parsed once serve every PDF.
    if (!registered.has(font.name)) doc.registerFont(font.name, font.font as unknown as Buffer);
    registered.add(font.name);
    return doc.font(font.name).fontSize(size);
  };

  const widths = new Map<string, number>();
  /** The width of a text in a weight and size, each run in its own font. */
  const widthOf = (text: string, weight: FontWeight, size: number) => {
    const key = `${weight}${size}\u0000${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      width = fontRuns(text, chains[weight]).reduce((sum, run) => sum + use(run.font, size).widthOfString(run.text), 0);
      widths.set(key, width);
    }
    return width;
  };
  /** The text in lines that fit `max`: at spaces, between Han characters, and inside a word only when it alone is too wide. */
  const wrap = (text: string, weight: FontWeight, size: number, max: number): string[] => {
    const lines: string[] = [];
    let line = '';
    for (const token of text.match(/[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+\s*|\s+/gu) ?? []) {
      if (widthOf((line + token).trimEnd(), weight, size) <= max) {
        line += token;
        continue;
      }
      if (line.trim()) lines.push(line.trimEnd());
      line = '';
      if (widthOf(token.trimEnd(), weight, size) <= max) {
        line = token.trimStart();
        continue;
      }
      for (const char of token) {
        if (line && widthOf(line + char, weight, size) > max) {
          lines.push(line);
          line = '';
        }
        line += char;
      }
    }
    if (line.trim() || lines.length === 0) lines.push(line.trimEnd());
    return lines;
  };
  /** Draws one line of text whose top is at (x, y), aligned within `width`; every font on one baseline (their ascents differ). */
  const draw = (text: string, weight: FontWeight, size: number, x: number, y: number, width: number, align: 'left' | 'right', color = INK) => {
    let at = align === 'right' ? x + width - widthOf(text, weight, size) : x;
    for (const run of fontRuns(text, chains[weight])) {
      use(run.font, size).fillColor(color).text(run.text, at, y + size, { lineBreak: false, baseline: 'alphabetic' });
      at += widthOf(run.text, weight, size);
    }
  };

  const left = doc.page.margins.left;
  const usable = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  let y = doc.page.margins.top;

  for (const line of wrap(spec.title, 'bold', 15, usable)) {
    draw(line, 'bold', 15, left, y, usable, 'left');
    y += 15 * 1.3;
  }
  y += 2;
  for (const text of spec.lines)
    for (const line of wrap(text, 'regular', 9, usable)) {
      draw(line, 'regular', 9, left, y, usable, 'left', MUTED);
      y += 9 * 1.35;
    }
  y += 8;

  if (rows.length === 0) {
    draw(spec.empty, 'regular', 10, left, y, usable, 'left', MUTED);
  } else {
    const columns = columnWidths(spec, rows, totals, usable, widthOf);
    const cells = (texts: string[], weight: FontWeight) => texts.map((text, i) => wrap(text, weight, SIZE, columns[i]! - 2 * PAD_X));
    const heightOf = (lines: string[][]) => Math.max(...lines.map((l) => l.length)) * LINE + 2 * PAD_Y;
    const header = cells(
      spec.columns.map((c) => c.label),
      'bold',
    );
    const drawRow = (lines: string[][], weight: FontWeight, fill?: string, rule = RULE) => {
      const height = heightOf(lines);
      if (fill) doc.rect(left, y, usable, height).fill(fill);
      let x = left;
      lines.forEach((cellLines, i) => {
        cellLines.forEach((line, n) => draw(line, weight, SIZE, x + PAD_X, y + PAD_Y + n * LINE, columns[i]! - 2 * PAD_X, spec.columns[i]!.align));
        x += columns[i]!;
      });
      y += height;
      doc.moveTo(left, y).lineTo(left + usable, y).lineWidth(0.5).strokeColor(rule).stroke();
    };
    const headerRow = () => drawRow(header, 'bold', HEAD, MUTED);
    /** A row that would cross the bottom starts a new page, under the header again. */
    const fit = (height: number) => {
      if (y + height <= bottom()) return;
      doc.addPage();
      y = doc.page.margins.top;
      headerRow();
    };
    headerRow();
    for (const row of rows) {
      const lines = cells(row, 'regular');
      fit(heightOf(lines));
      drawRow(lines, 'regular');
    }
    totals.forEach((total, i) => {
      const lines = cells(total, 'bold');
      fit(heightOf(lines) + 1);
      if (i === 0) doc.moveTo(left, y).lineTo(left + usable, y).lineWidth(1).strokeColor(MUTED).stroke();
      drawRow(lines, 'bold', undefined, MUTED);
    });
  }

  // The footer sits in the bottom margin: drawn with that margin lifted so pdfkit adds no page for it.
  const range = doc.bufferedPageRange();
  const numbers = new Intl.NumberFormat(spec.lang);
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    const at = doc.page.height - MARGIN - 4;
    const width = doc.page.width - margins.left - margins.right;
    draw(spec.generated, 'regular', 7.5, margins.left, at, width, 'left', MUTED);
    draw(spec.pageLabel.replace(PAGE_MARK, numbers.format(i + 1)).replace(PAGES_MARK, numbers.format(range.count)), 'regular', 7.5, margins.left, at, width, 'right', MUTED);
    doc.page.margins = margins;
  }
  doc.end();
  return done;
}

/**
 * Column widths from their content: each as wide as its widest cell (text columns up to TEXT_MAX), the room
 * left given to the text columns; when the table is too wide, text columns give up width down to their longest
 * word, and past that every column shrinks alike (its text wraps).
 */
function columnWidths(spec: PdfLayout, rows: string[][], totals: string[][], usable: number, widthOf: (text: string, weight: FontWeight, size: number) => number): number[] {
  const isText = spec.columns.map((c) => c.align === 'left');
  const natural = spec.columns.map((c, i) => {
    let width = widthOf(c.label, 'bold', SIZE);
    for (const row of rows) width = Math.max(width, widthOf(row[i] ?? '', 'regular', SIZE));
    for (const total of totals) width = Math.max(width, widthOf(total[i] ?? '', 'bold', SIZE));
    return Math.min(width, isText[i] ? TEXT_MAX : Infinity) + 2 * PAD_X + 1;
  });
  const minimum = spec.columns.map((c, i) => {
    if (!isText[i]) return natural[i]!;
    let word = 0;
    for (const text of [c.label, ...rows.map((r) => r[i] ?? '')]) for (const w of text.split(/\s+/)) word = Math.max(word, widthOf(w, 'regular', SIZE));
    return Math.min(natural[i]!, Math.max(40, Math.min(word, TEXT_MAX / 2) + 2 * PAD_X + 1));
  });
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const total = sum(natural);
  if (total <= usable) {
    const textWidth = sum(natural.filter((_, i) => isText[i]));
    return natural.map((w, i) => (textWidth > 0 ? (isText[i] ? w + ((usable - total) * w) / textWidth : w) : (w * usable) / total));
  }
  const give = sum(natural.map((w, i) => w - minimum[i]!));
  const excess = total - usable;
  if (give >= excess) return natural.map((w, i) => w - ((w - minimum[i]!) * excess) / give);
  const floor = sum(minimum);
  return minimum.map((w) => (w * usable) / floor);
}
