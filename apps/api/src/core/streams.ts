import type { Writable } from 'node:stream';

/**
 * Waits while a stream's reader is behind (its buffer past the high-water mark), so a writer that produces rows
 * holds at most a buffer's worth however slow the download. False when the stream was closed meanwhile (the
 * client went away): the writer stops.
 */
export async function drained(stream: Writable): Promise<boolean> {
  if (stream.destroyed) return false;
  if (!stream.writableNeedDrain) return true;
  return new Promise((resolve) => {
    const done = (open: boolean) => () => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      resolve(open);
    };
    const onDrain = done(true);
    const onClose = done(false);
    stream.once('drain', onDrain);
    stream.once('close', onClose);
  });
}
