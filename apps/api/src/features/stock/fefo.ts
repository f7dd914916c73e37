import { roundDecimal, toDecimal, type Decimal, type DecimalInput } from '@enamel/contracts';

/**
 * The ledger's rules for taking stock, without the database: which lots come first (FEFO), which are expired, and
 * how a quantity is split over them. `ledger.ts` applies them to locked rows; the demo seeder's history simulation
 * applies them in memory, so the demo data follows the rules the product does.
 */

export interface FefoLot {
  id: number;
  expiryDate: string | null;
  /** When it came in: a time in ms, or a fixed-width text key that sorts like the time (the ledger reads microseconds). */
  receivedAt: number | string;
}

/** Earliest expiry first, lots without expiry last, then the oldest received, then by id: the order the ledger takes lots in. */
export function fefoOrder(a: FefoLot, b: FefoLot): number {
  if (a.expiryDate !== b.expiryDate) {
    if (a.expiryDate === null) return 1;
    if (b.expiryDate === null) return -1;
    return a.expiryDate < b.expiryDate ? -1 : 1;
  }
  if (a.receivedAt !== b.receivedAt) return a.receivedAt < b.receivedAt ? -1 : 1;
  return a.id - b.id;
}

/**
 * Locations: the lots at `locationId` (the procedure's operatory) first, in FEFO order, then every other lot of the
 * practice in FEFO order (docs/locations.md).
 */
export function fefoOrderAt(locationId: number): (a: FefoLot & { locationId: number }, b: FefoLot & { locationId: number }) => number {
  return (a, b) => Number(a.locationId !== locationId) - Number(b.locationId !== locationId) || fefoOrder(a, b);
}

/** The first day a lot must still be good on to be taken: the later of the practice's today and the movement's day. */
export function firstUsableDay(today: string, movementDay: string): string {
  return movementDay > today ? movementDay : today;
}

/** A lot is good up to and including its expiry day; `usableFrom` null judges nothing expired (a chosen lot). */
export function isExpired(expiryDate: string | null, usableFrom: string | null): boolean {
  return usableFrom !== null && expiryDate !== null && expiryDate < usableFrom;
}

/** What a lot can give: its quantity when positive (a running lot may be below zero). */
export function givable(quantity: DecimalInput): Decimal {
  const q = toDecimal(quantity);
  return q.gt(0) ? q : toDecimal(0);
}

/**
 * Splits `wanted` over `lots` in their order, each giving at most what it holds: the parts (4 places), how much the
 * lots held in all, and what is left when they held too little.
 */
export function allocate<L extends { quantity: DecimalInput }>(lots: readonly L[], wanted: DecimalInput): { parts: Array<{ lot: L; quantity: string }>; available: Decimal; left: Decimal } {
  const parts: Array<{ lot: L; quantity: string }> = [];
  let available = toDecimal(0);
  let left = toDecimal(wanted);
  for (const lot of lots) {
    const here = givable(lot.quantity);
    available = available.plus(here);
    if (left.lte(0) || here.lte(0)) continue;
    const part = left.lt(here) ? left : here;
    parts.push({ lot, quantity: roundDecimal(part) });
    left = left.minus(part);
  }
  return { parts, available, left: left.gt(0) ? left : toDecimal(0) };
}
