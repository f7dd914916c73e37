import { quantityText, type ItemLine } from '../../ui/item-lines/index.ts';
import { addDecimals, compareDecimals, subtractDecimals } from '@enamel/contracts';

export interface Shortfall {
  product_id: number;
  name: string;
  usage_unit: string;
  wanted: string;
  available: string;
  missing: string;
}

/**
 * Lines that want more than the practice has (lines whose on-hand is not known are left out).
 * `available` is on hand plus what this procedure has consumed already (`consumed`, when editing a
 * completed procedure: saving gives that back first).
 */
export function shortfalls(lines: ItemLine[], consumed: Map<number, string> = new Map()): Shortfall[] {
  const wanted = new Map<number, { line: ItemLine; quantity: string }>();
  for (const line of lines) {
    const previous = wanted.get(line.product_id);
    const quantity = quantityText(line.quantity) || '0';
    wanted.set(line.product_id, { line, quantity: previous ? addDecimals(previous.quantity, quantity) : quantity });
  }
  const out: Shortfall[] = [];
  for (const [productId, { line, quantity }] of wanted) {
    if (line.on_hand === undefined || line.on_hand === null) continue;
    const available = addDecimals(line.on_hand, consumed.get(productId) ?? '0');
    if (compareDecimals(quantity, available) > 0) {
      out.push({ product_id: productId, name: line.name, usage_unit: line.usage_unit, wanted: quantity, available, missing: subtractDecimals(quantity, available) });
    }
  }
  return out;
}

/** "2026-11-22T23:40" in the browser's zone, for a datetime-local input. */
export function toLocalInput(value: string | number | Date): string {
  const date = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO instant (null when empty or unreadable). */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
