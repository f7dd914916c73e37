import { prepareZXingModule, readBarcodes, type ReadInputBarcodeFormat } from 'zxing-wasm/reader';
// The WebAssembly file is one of the build's own assets (hashed, served by our server): never fetched from a CDN.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * The WebAssembly reader (ZXing-C++), for browsers without `BarcodeDetector`. This module is imported only when a
 * scanner opens (scanner.ts imports it dynamically): neither it nor the .wasm file is in the first load.
 */
const overrides = { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) };
prepareZXingModule({ overrides });

/** EAN-13/8 and UPC (GTIN), ITF-14 (GTIN-14), GS1-128 (Code 128), GS1 DataBar and GS1 DataMatrix. */
const FORMATS: ReadInputBarcodeFormat[] = ['EAN13', 'EAN8', 'UPCA', 'UPCE', 'ITF', 'ITF14', 'Code128', 'DataBar', 'DataBarExp', 'DataMatrix'];

/** The texts read in a frame; GS1 content comes in its bracketed human-readable form, "(01)…(17)…(10)…". */
export async function readFrame(frame: ImageData): Promise<string[]> {
  const results = await readBarcodes(frame, { formats: FORMATS, tryHarder: true, maxNumberOfSymbols: 1, textMode: 'HRI' });
  return results.filter((result) => result.isValid && result.text !== '').map((result) => result.text);
}

/** Starts loading the WebAssembly file as the camera starts. */
export function warmUp(): Promise<unknown> {
  return prepareZXingModule({ fireImmediately: true, overrides });
}
