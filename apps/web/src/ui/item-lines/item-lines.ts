import { addDecimals, multiplyDecimals, parseDecimal, roundDecimal, sumDecimals } from '@enamel/contracts';

/**
 * The lines of a procedure or a procedure template: which product, how much (usage units), its
 * catalog unit cost (for the cost shown) and, on a procedure, what the practice has on hand.
 * Quantities stay as typed (a NumberInput gives numbers or text) until they are sent.
 */
export interface ItemLine {
  product_id: number;
  name: string;
  sku: string;
  usage_unit: string;
  unit_cost: string;
  quantity: number | string;
  /** The practice's stock now (procedures only); null or absent when not known. */
  on_hand?: string | null;
}

export type PickedProduct = Omit<ItemLine, 'quantity'>;

/** A quantity as the decimal string the server takes ("" stays "", so the server names the bad line). */
export function quantityText(quantity: number | string | null | undefined): string {
  if (quantity === null || quantity === undefined) return '';
  return typeof quantity === 'number' ? String(quantity) : quantity.trim();
}

/** Whether a typed quantity is a decimal above zero. */
export function isPositiveQuantity(quantity: number | string): boolean {
  // As the server will store it: to 4 places (0.00001 is no quantity).
  const value = parseDecimal(quantityText(quantity));
  return value !== undefined && parseDecimal(roundDecimal(value))!.gt(0);
}

/** Adds a picked product, or one more usage unit on its line when it is there already (its on-hand refreshed). */
export function addLine(lines: ItemLine[], product: PickedProduct): { lines: ItemLine[]; merged: boolean } {
  const index = lines.findIndex((l) => l.product_id === product.product_id);
  if (index === -1) return { lines: [...lines, { ...product, quantity: 1 }], merged: false };
  const next = lines.slice();
  const current = next[index]!;
  next[index] = { ...current, ...(product.on_hand !== undefined ? { on_hand: product.on_hand } : {}), quantity: Number(addDecimals(parseDecimal(quantityText(current.quantity)) ?? 0, 1)) };
  return { lines: next, merged: true };
}

/** quantity × unit cost, exact. */
export function lineCost(line: ItemLine): string {
  return multiplyDecimals(quantityText(line.quantity) || '0', line.unit_cost);
}

/** Σ quantity × unit cost of the lines, exact. */
export function linesCost(lines: ItemLine[]): string {
  return sumDecimals(lines.map(lineCost));
}

/** The lines as the commands take them. */
export function lineBodies(lines: ItemLine[]): { product_id: number; quantity: string }[] {
  return lines.map((l) => ({ product_id: l.product_id, quantity: quantityText(l.quantity) }));
}

/** Whether two sets of lines ask for the same products in the same quantities (order and typing aside). */
export function sameLines(a: ItemLine[], b: ItemLine[]): boolean {
  const key = (lines: ItemLine[]) =>
    lines
      .map((l) => {
        const value = parseDecimal(quantityText(l.quantity));
        return `${l.product_id}:${value === undefined ? quantityText(l.quantity) : roundDecimal(value)}`;
      })
      .sort()
      .join(',');
  return key(a) === key(b);
}
