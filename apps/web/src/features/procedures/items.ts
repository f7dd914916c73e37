import { fromScaled, multiplyDecimals, sumDecimals, toScaled } from '../products/money.ts';
import { addDecimals, compareDecimals, decimalText, subtractDecimals } from '../inventory/stock.ts';

/** A line of the procedure form: what is used, how much (usage unit), and its catalog unit cost (for the estimate). */
export interface ItemValue {
  product_id: number;
  name: string;
  sku: string;
  usage_unit: string;
  unit_cost: string;
  quantity: number | string;
}

const ONE = toScaled(1)!;

/** Adds a picked product, or one more usage unit on its line when it is there already. */
export function addItem(items: ItemValue[], product: Omit<ItemValue, 'quantity'>): { items: ItemValue[]; merged: boolean } {
  const index = items.findIndex((i) => i.product_id === product.product_id);
  if (index === -1) return { items: [...items, { ...product, quantity: 1 }], merged: false };
  const next = items.slice();
  const current = next[index]!;
  next[index] = { ...current, quantity: Number(fromScaled((toScaled(decimalText(current.quantity)) ?? 0n) + ONE)) };
  return { items: next, merged: true };
}

/** Σ quantity × unit cost, exact (an estimate: the server captures the lots' real cost). */
export function estimatedCost(items: ItemValue[]): string {
  return sumDecimals(items.map((i) => multiplyDecimals(decimalText(i.quantity) || '0', i.unit_cost)));
}

/** Catalog unit cost of a saved item: its cost ÷ quantity (4 decimals), '0' for a zero quantity. */
export function unitCostOfItem(cost: string, quantity: string): string {
  const q = Number(quantity);
  if (!(q > 0)) return '0';
  return (Number(cost) / q).toFixed(4);
}

export interface Shortfall {
  product_id: number;
  name: string;
  usage_unit: string;
  wanted: string;
  available: string;
  missing: string;
}

/**
 * Lines that want more than the practice has. `available` is on hand plus what this procedure has
 * consumed already (`consumed`, when editing a completed procedure: saving gives that back first).
 */
export function shortfalls(items: ItemValue[], onHand: Map<number, string>, consumed: Map<number, string> = new Map()): Shortfall[] {
  const wanted = new Map<number, { item: ItemValue; quantity: string }>();
  for (const item of items) {
    const previous = wanted.get(item.product_id);
    const quantity = decimalText(item.quantity) || '0';
    wanted.set(item.product_id, { item, quantity: previous ? addDecimals(previous.quantity, quantity) : quantity });
  }
  const out: Shortfall[] = [];
  for (const [productId, { item, quantity }] of wanted) {
    const stock = onHand.get(productId);
    if (stock === undefined) continue;
    const available = addDecimals(stock, consumed.get(productId) ?? '0');
    if (compareDecimals(quantity, available) > 0) {
      out.push({ product_id: productId, name: item.name, usage_unit: item.usage_unit, wanted: quantity, available, missing: subtractDecimals(quantity, available) });
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
