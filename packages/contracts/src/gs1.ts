// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships no types; this declares them for every consumer
/// <reference path="./gs1-barcode-parser-mod.d.ts" />
import gs1 from 'gs1-barcode-parser-mod';
import { z } from 'zod';
import { isValidGtin, normalizeGtin, productHitSchema } from './catalog.ts';
import { stockProductHitSchema } from './stock.ts';

/** What a scanned or typed product barcode says: the GTIN and, for GS1-128/DataMatrix, lot and expiry. */
export const scannedBarcodeSchema = z.object({
  /** 14-digit GTIN. */
  gtin: z.string(),
  lot: z.string().nullable(),
  /** ISO date (YYYY-MM-DD) of AI (17); a day of 00 is the month's last day. */
  expiry: z.string().nullable(),
  serial: z.string().nullable(),
});
export type ScannedBarcode = z.infer<typeof scannedBarcodeSchema>;

/** The answer of a product search that reads barcodes: its hits, and the barcode the query was (null for plain text). */
const barcodeSearchSchema = <Hit extends z.ZodType>(hit: Hit) => z.object({ data: z.array(hit), barcode: scannedBarcodeSchema.nullable() });

/** GET /api/product/search. */
export const productSearchSchema = barcodeSearchSchema(productHitSchema);
export type ProductSearch = z.infer<typeof productSearchSchema>;

/** GET /api/inventory/product/search. */
export const stockProductSearchSchema = barcodeSearchSchema(stockProductHitSchema);
export type StockProductSearch = z.infer<typeof stockProductSearchSchema>;

/**
 * Reads a barcode: a bare GTIN (EAN-8/13, UPC-A, GTIN-14) or a GS1 element string, raw with FNC1
 * separators and a symbology identifier (]d2, ]C1, ]Q3) or in the bracketed human-readable form.
 * Anything else (a SKU, a name) is `null`.
 */
export function parseProductBarcode(input: string): ScannedBarcode | null {
  const text = input.trim();
  if (/^\d+$/.test(text) && isValidGtin(text)) return { gtin: normalizeGtin(text), lot: null, expiry: null, serial: null };
  if (!/^(\]|\(01\)|01\d{14})/.test(text)) return null;
  let items: ReturnType<typeof gs1.parseBarcode>['parsedCodeItems'];
  try {
    items = gs1.parseBarcode(text).parsedCodeItems;
  } catch {
    return null;
  }
  const find = (ai: string) => items.find((i) => i.ai === ai);
  const gtin = find('01')?.raw ?? find('02')?.raw;
  if (!gtin || !isValidGtin(gtin)) return null;
  return { gtin: normalizeGtin(gtin), lot: find('10')?.raw ?? null, expiry: find('17')?.isoDate || null, serial: find('21')?.raw ?? null };
}
