/** Minor units per currency, read once each from Intl (building a NumberFormat is costly). */
const known = new Map<string, number>();

/**
 * The currency's own minor units as Intl knows them (ISO 4217: 2 for EUR, GBP and USD, 0 for JPY, 3 for BHD and KWD),
 * 2 for a code Intl refuses. Screens, PDFs and spreadsheets show money with exactly these decimals.
 */
export function minorUnits(currency: string): number {
  let digits = known.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    known.set(currency, digits);
  }
  return digits;
}
