/**
 * Reading barcodes from a camera frame: the browser's own `BarcodeDetector` where it has one that reads our formats,
 * else the WebAssembly reader (zxing.ts), imported on first use only.
 */

/** The formats of product barcodes: EAN/UPC (GTIN), ITF-14 (GTIN-14), GS1-128 and GS1 DataMatrix. */
const NATIVE_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'itf', 'code_128', 'data_matrix'];

interface NativeDetector {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

export interface FrameReader {
  /** Which engine reads (shown to nobody; the tests look at it). */
  engine: 'native' | 'wasm';
  read(video: HTMLVideoElement, canvas: HTMLCanvasElement): Promise<string | null>;
}

/** The group separator (FNC1) a GS1 symbol's raw text may hold between its elements. */
const GS = String.fromCharCode(29);

/**
 * A native reader's raw text as the GS1 parser (packages/contracts/src/gs1.ts) reads it: a GS1 DataMatrix or GS1-128
 * comes as "01…" with GS separators, which the parser takes only after a symbology identifier.
 */
export function asScannedText(raw: string): string {
  const text = raw.trim();
  if (text.startsWith(']') || !text.includes(GS)) return text;
  return `]d2${text.replace(new RegExp(`^${GS}`), '')}`;
}

async function nativeReader(): Promise<FrameReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const supported = await Detector.getSupportedFormats();
    const formats = NATIVE_FORMATS.filter((format) => supported.includes(format));
    if (!formats.includes('data_matrix') || !formats.includes('ean_13')) return null;
    const detector = new Detector({ formats });
    return {
      engine: 'native',
      read: async (video) => {
        const [found] = await detector.detect(video);
        return found ? asScannedText(found.rawValue) : null;
      },
    };
  } catch {
    return null;
  }
}

async function wasmReader(): Promise<FrameReader> {
  const { readFrame, warmUp } = await import('./zxing.ts');
  await warmUp();
  return {
    engine: 'wasm',
    read: async (video, canvas) => {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (!width || !height) return null;
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return null;
      context.drawImage(video, 0, 0, width, height);
      const [text] = await readFrame(context.getImageData(0, 0, width, height));
      return text ?? null;
    },
  };
}

/** The best reader this browser has. */
export async function frameReader(): Promise<FrameReader> {
  return (await nativeReader()) ?? wasmReader();
}

export type CameraProblem = 'denied' | 'noCamera' | 'failed';

/** What went wrong opening the camera, as the message to show. */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError' || name === 'NotReadableError') return 'noCamera';
  return 'failed';
}

/** The back camera where there is one (a phone), else any. */
export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No camera API', 'NotFoundError');
  return navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } } });
}

export function stopCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
