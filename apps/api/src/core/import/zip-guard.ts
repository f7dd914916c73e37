import fs from 'node:fs/promises';
import zlib from 'node:zlib';

/**
 * Checks an XLSX (a zip) before any XML parser sees it: the central directory is read by hand, every
 * entry is inflated once with byte counting (declared sizes can lie), and the run stops as soon as a
 * limit is crossed. XML parts that declare a DOCTYPE or ENTITY are refused (no entity expansion).
 */
export interface ZipLimits {
  /** Sum of the uncompressed sizes of all entries. */
  maxTotalBytes: number;
  /** Largest uncompressed/compressed ratio allowed for an entry bigger than 1 MB uncompressed. */
  maxRatio: number;
  maxEntries: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxTotalBytes: 400 * 1024 * 1024, maxRatio: 200, maxEntries: 2000 };

export type ZipProblem = 'not_zip' | 'zip_bomb' | 'entities' | 'not_xlsx' | 'encrypted';

export class ZipGuardError extends Error {
  constructor(readonly problem: ZipProblem) {
    super(`xlsx refused: ${problem}`);
  }
}

interface Entry {
  /** The central directory record, as read. */
  record: Buffer;
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;

async function readAt(handle: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

async function centralDirectory(handle: fs.FileHandle, size: number, limits: ZipLimits): Promise<Entry[]> {
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readAt(handle, size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipGuardError('not_zip');
  const count = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  // Zip64 markers: an XLSX within our file-size limit never needs them.
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw new ZipGuardError('zip_bomb');
  if (count > limits.maxEntries) throw new ZipGuardError('zip_bomb');
  if (cdOffset + cdSize > size) throw new ZipGuardError('not_zip');
  const cd = await readAt(handle, cdOffset, cdSize);
  const entries: Entry[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CEN_SIG) throw new ZipGuardError('not_zip');
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    entries.push({
      record: Buffer.from(cd.subarray(p, p + 46 + nameLength + extraLength + commentLength)),
      flags: cd.readUInt16LE(p + 8),
      method: cd.readUInt16LE(p + 10),
      compressedSize: cd.readUInt32LE(p + 20),
      declaredSize: cd.readUInt32LE(p + 24),
      name: cd.toString('utf8', p + 46, p + 46 + nameLength),
      localOffset: cd.readUInt32LE(p + 42),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const FORBIDDEN = /<!(DOCTYPE|ENTITY)/i;

/** Inflates one entry, counting bytes; XML parts are scanned for DOCTYPE/ENTITY across chunk edges. */
async function inflateEntry(handle: fs.FileHandle, size: number, entry: Entry, budget: { left: number }, limits: ZipLimits): Promise<void> {
  const header = await readAt(handle, entry.localOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOC_SIG) throw new ZipGuardError('not_zip');
  const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start + entry.compressedSize > size) throw new ZipGuardError('not_zip');
  const xml = /\.(xml|rels|vml)$/i.test(entry.name);
  const entryCap = Math.max(1024 * 1024, entry.compressedSize * limits.maxRatio);
  let produced = 0;
  let carry = '';
  const check = (chunk: Buffer) => {
    produced += chunk.length;
    budget.left -= chunk.length;
    if (budget.left < 0 || produced > entryCap) throw new ZipGuardError('zip_bomb');
    if (xml) {
      const text = carry + chunk.toString('latin1');
      if (FORBIDDEN.test(text)) throw new ZipGuardError('entities');
      carry = text.slice(-16);
    }
  };
  if (entry.compressedSize === 0) return;
  const stream = handle.createReadStream({ start, end: start + entry.compressedSize - 1, autoClose: false });
  if (entry.method === 0) {
    for await (const chunk of stream) check(chunk as Buffer);
    return;
  }
  if (entry.method !== 8) throw new ZipGuardError('not_zip');
  const inflate = zlib.createInflateRaw();
  const done = new Promise<void>((resolve, reject) => {
    inflate.on('data', (chunk: Buffer) => {
      try {
        check(chunk);
      } catch (err) {
        inflate.destroy();
        stream.destroy();
        reject(err instanceof Error ? err : new ZipGuardError('zip_bomb'));
      }
    });
    inflate.on('end', resolve);
    inflate.on('error', () => reject(new ZipGuardError('not_zip')));
    stream.on('error', reject);
  });
  stream.pipe(inflate);
  await done;
}

/** Throws a ZipGuardError when the file is not a sane XLSX. */
export async function guardXlsx(file: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<void> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const entries = await centralDirectory(handle, size, limits);
    if (!entries.some((e) => e.name === '[Content_Types].xml') || !entries.some((e) => /^xl\/workbook\.xml$/i.test(e.name))) {
      throw new ZipGuardError('not_xlsx');
    }
    if (entries.some((e) => (e.flags & 1) === 1)) throw new ZipGuardError('encrypted');
    const declaredTotal = entries.reduce((sum, e) => sum + e.declaredSize, 0);
    if (declaredTotal > limits.maxTotalBytes) throw new ZipGuardError('zip_bomb');
    const budget = { left: limits.maxTotalBytes };
    for (const entry of entries) {
      if (entry.name.endsWith('/')) continue;
      if (entry.declaredSize > 1024 * 1024 && entry.declaredSize / Math.max(1, entry.compressedSize) > limits.maxRatio) throw new ZipGuardError('zip_bomb');
      await inflateEntry(handle, size, entry, budget, limits);
    }
  } finally {
    await handle.close();
  }
}

const isSheet = (name: string) => /^xl\/worksheets\/sheet\d+\.xml$/i.test(name);

/**
 * exceljs's streaming reader parses a worksheet at once only when the shared strings were read before it;
 * otherwise it parks the sheet in a temporary file, and that path loses the shared strings at random. Excel
 * writes the sheets first. So the entries are copied, byte for byte, into a zip with the worksheets last.
 * Returns false when the order was already fine (nothing written).
 */
export async function reorderSheetsLast(file: string, dest: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const entries = await centralDirectory(handle, size, DEFAULT_ZIP_LIMITS);
    const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
    const firstSheet = byOffset.findIndex((e) => isSheet(e.name));
    if (firstSheet < 0 || byOffset.slice(firstSheet).every((e) => isSheet(e.name))) return false;
    const ordered = [...byOffset.filter((e) => !isSheet(e.name)), ...byOffset.filter((e) => isSheet(e.name))];
    const out = await fs.open(dest, 'w');
    try {
      let offset = 0;
      const records: Buffer[] = [];
      for (const entry of ordered) {
        const header = await readAt(handle, entry.localOffset, 30);
        if (header.length < 30 || header.readUInt32LE(0) !== LOC_SIG) throw new ZipGuardError('not_zip');
        let length = 30 + header.readUInt16LE(26) + header.readUInt16LE(28) + entry.compressedSize;
        if (entry.flags & 8) {
          // A data descriptor follows the data: 12 bytes, or 16 with its optional signature.
          const next = await readAt(handle, entry.localOffset + length, 4);
          length += next.length === 4 && next.readUInt32LE(0) === 0x08074b50 ? 16 : 12;
        }
        if (entry.localOffset + length > size) throw new ZipGuardError('not_zip');
        const bytes = await readAt(handle, entry.localOffset, length);
        await out.write(bytes);
        const record = Buffer.from(entry.record);
        record.writeUInt32LE(offset, 42);
        records.push(record);
        offset += length;
      }
      const cd = Buffer.concat(records);
      const end = Buffer.alloc(22);
      end.writeUInt32LE(EOCD_SIG, 0);
      end.writeUInt16LE(records.length, 8);
      end.writeUInt16LE(records.length, 10);
      end.writeUInt32LE(cd.length, 12);
      end.writeUInt32LE(offset, 16);
      await out.write(Buffer.concat([cd, end]));
    } finally {
      await out.close();
    }
    return true;
  } finally {
    await handle.close();
  }
}
