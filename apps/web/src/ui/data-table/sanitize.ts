import DOMPurify from 'dompurify';

/** Sanitises an `html` cell's markup (scripts, event handlers and javascript: links removed). */
export function sanitizeHtml(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  return DOMPurify.sanitize(text, { USE_PROFILES: { html: true } });
}
