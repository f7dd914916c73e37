import fs from 'node:fs';
import bwipjs from 'bwip-js/node';

/** Chromium's fake camera reads a Y4M file: 640 × 480, 4:2:0, one frame it shows over and over. */
const WIDTH = 640;
const HEIGHT = 480;

/** A white frame with a GS1 DataMatrix of `text` ("(01)…(17)…(10)…") in its middle, as a Y4M file for the fake camera. */
export function writeGs1DataMatrixY4m(file: string, text: string | null): void {
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  if (text !== null) {
    const [symbol] = bwipjs.raw('gs1datamatrix', text, {}) as Array<{ pixs: number[]; pixx: number; pixy: number }>;
    const { pixs, pixx, pixy } = symbol!;
    // Big modules, centred, the quiet zone being the white around it.
    const module = Math.floor(Math.min(WIDTH, HEIGHT) * 0.6 / Math.max(pixx, pixy));
    const left = Math.floor((WIDTH - pixx * module) / 2);
    const top = Math.floor((HEIGHT - pixy * module) / 2);
    for (let y = 0; y < pixy; y++) {
      for (let x = 0; x < pixx; x++) {
        if (!pixs[y * pixx + x]) continue;
        for (let dy = 0; dy < module; dy++) luma.fill(16, (top + y * module + dy) * WIDTH + left + x * module, (top + y * module + dy) * WIDTH + left + (x + 1) * module);
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma]));
}

/** The launch flags that feed the camera from `file`, and say yes to the camera prompt. */
export function fakeCameraArgs(file: string): string[] {
  return ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`];
}
