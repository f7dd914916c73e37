import { AxiosError } from 'axios';

/** Saves a downloaded body as a file through a temporary object URL. */
export function saveFile(body: unknown, fileName: string): void {
  const blob = body instanceof Blob ? body : new Blob([typeof body === 'string' ? body : JSON.stringify(body)], { type: 'text/csv;charset=utf-8' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = /\.csv$/i.test(fileName) ? fileName : `${fileName}.csv`;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** A failed blob request carries its JSON error body as a Blob: read its message if there is one. */
export async function blobErrorMessage(error: unknown): Promise<string | undefined> {
  if (!(error instanceof AxiosError)) return undefined;
  const data: unknown = error.response?.data;
  try {
    const text = data instanceof Blob ? await data.text() : typeof data === 'string' ? data : JSON.stringify(data ?? {});
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' && body.message.trim() !== '' ? body.message : undefined;
  } catch {
    return undefined;
  }
}
