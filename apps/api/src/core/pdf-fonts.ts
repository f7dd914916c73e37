import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import * as fontkit from 'fontkit';

/**
 * The fonts PDFs are written in, and which one draws each character. Noto Sans comes from npm (@fontsource), so
 * a PDF looks the same on any machine with nothing installed: Latin, Greek, Cyrillic and Vietnamese, Bengali, and
 * the simplified Chinese subset (about 7,300 Han characters). We read the WOFF files: fontkit cannot subset the
 * WOFF2 ones (their transformed glyph tables), and pdfkit embeds only the glyphs a PDF uses either way.
 *
 * A Han character outside that subset is drawn with Debian's Noto Sans CJK when it is installed (fonts-noto-cjk,
 * which `.ci/run` installs); a character no font has is drawn as the first font's empty box, never dropped.
 */
export type FontWeight = 'regular' | 'bold';

export interface PdfFont {
  /** The name it is registered under in a document. */
  name: string;
  /** Parsed once per process and handed to every document (pdfkit takes a fontkit font as it is). */
  font: fontkit.Font;
  has(codePoint: number): boolean;
}

const require = createRequire(import.meta.url);
const FONTSOURCE: Array<[pkg: string, file: (weight: number) => string]> = [
  ['@fontsource/noto-sans', (w) => `noto-sans-latin-${w}-normal.woff`],
  ['@fontsource/noto-sans', (w) => `noto-sans-latin-ext-${w}-normal.woff`],
  ['@fontsource/noto-sans', (w) => `noto-sans-vietnamese-${w}-normal.woff`],
  ['@fontsource/noto-sans', (w) => `noto-sans-greek-${w}-normal.woff`],
  ['@fontsource/noto-sans', (w) => `noto-sans-cyrillic-${w}-normal.woff`],
  ['@fontsource/noto-sans', (w) => `noto-sans-cyrillic-ext-${w}-normal.woff`],
  ['@fontsource/noto-sans-bengali', (w) => `noto-sans-bengali-bengali-${w}-normal.woff`],
  ['@fontsource/noto-sans-sc', (w) => `noto-sans-sc-chinese-simplified-${w}-normal.woff`],
];
/** System fonts used only for what the packaged ones lack (Debian's paths). */
const SYSTEM: Record<FontWeight, Array<{ file: string; postscriptName: string }>> = {
  regular: [{ file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', postscriptName: 'NotoSansCJKsc-Regular' }],
  bold: [{ file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', postscriptName: 'NotoSansCJKsc-Bold' }],
};

const chains = new Map<FontWeight, PdfFont[]>();

/**
 * A WOFF font as the plain TrueType/OpenType file it wraps, its tables inflated once with node's zlib: fontkit
 * would inflate a WOFF table (in JavaScript) each time it reads from it, so every glyph pdfkit subsets would
 * inflate the whole glyph table again — seconds for a Chinese PDF.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compressed, length] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    const raw = woff.subarray(offset, offset + compressed);
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data: compressed < length ? zlib.inflateSync(raw) : raw };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    table.tag.copy(header, at);
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** A font opened when first asked about (a system collection is large, and needed only for rare characters). */
function load(name: string, file: string, postscriptName?: string): PdfFont {
  let opened: fontkit.Font | undefined;
  const open = () => {
    if (!opened) {
      const font = postscriptName ? fontkit.openSync(file, postscriptName) : fontkit.create(woffToSfnt(fs.readFileSync(file)));
      if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} holds no font named ${postscriptName ?? '(none)'}`);
      opened = font;
    }
    return opened;
  };
  return {
    name,
    get font() {
      return open();
    },
    has: (codePoint) => open().hasGlyphForCodePoint(codePoint),
  };
}

/** The fonts of a weight in the order they are tried (loaded once per process). */
export function fontChain(weight: FontWeight): PdfFont[] {
  let chain = chains.get(weight);
  if (!chain) {
    const w = weight === 'bold' ? 700 : 400;
    chain = FONTSOURCE.map(([pkg, file], i) => load(`${weight}-${i}`, require.resolve(`${pkg}/files/${file(w)}`)));
    for (const [i, extra] of SYSTEM[weight].entries()) if (fs.existsSync(extra.file)) chain.push(load(`${weight}-system-${i}`, extra.file, extra.postscriptName));
    chains.set(weight, chain);
  }
  return chain;
}

/** Marks, joiners and variation selectors stay in the font of the character they belong to. */
const CLINGS = /^(?:\p{M}|\u200c|\u200d|[\ufe00-\ufe0f])$/u;

/**
 * Text cut into runs, each drawn by one font: the font in use goes on while it has the next character (so a
 * Bengali or Chinese phrase keeps its spaces and digits, and shapes as one); otherwise the first font that has
 * it. A character no font has stays in the current run.
 */
export function fontRuns(text: string, chain: PdfFont[]): Array<{ font: PdfFont; text: string }> {
  const runs: Array<{ font: PdfFont; text: string }> = [];
  for (const char of text) {
    const current = runs.at(-1);
    const codePoint = char.codePointAt(0)!;
    if (current && (CLINGS.test(char) || current.font.has(codePoint))) {
      current.text += char;
      continue;
    }
    const font = chain.find((f) => f.has(codePoint)) ?? current?.font ?? chain[0]!;
    if (current && current.font === font) current.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}
