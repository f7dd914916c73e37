declare module 'gs1-barcode-parser-mod' {
  export interface ParsedCodeItem {
    ai: string;
    dataTitle: string;
    data: unknown;
    unit: string;
    isoDate: string;
    raw: string;
  }
  export function parseBarcode(barcode: string): { codeName: string; parsedCodeItems: ParsedCodeItem[] };
}
