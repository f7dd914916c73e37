import { expect, type Page } from '@playwright/test';

/** Page object for the stock screens (inventories, procedures) of the selected practice. */
export class StockPages {
  constructor(readonly page: Page) {}

  /** Chooses the practice in the header selector (its option reads "Name (CODE)"). */
  async selectPractice(name: string): Promise<void> {
    const selector = this.page.getByTestId('app-header').getByTestId('practice-selector');
    await selector.click();
    await this.page.getByRole('option', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
    await expect(selector).toHaveValue(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  }

  /** The inventory row of a product on the inventories list. */
  inventoryRow(product: string) {
    return this.page.getByTestId('data-table-row').filter({ hasText: product });
  }

  /** Waits until the inventories list shows `text` as the product's on hand. */
  async expectOnHand(product: string, text: string): Promise<void> {
    await expect(this.inventoryRow(product).getByTestId('inventory-on-hand')).toHaveText(text);
  }
}

/** A GS1 element string in the bracketed human-readable form: GTIN-14, expiry (YYMMDD), lot. */
export function gs1Barcode(gtin13: string, expiry: Date, lot: string): { text: string; isoExpiry: string } {
  const yy = String(expiry.getUTCFullYear() % 100).padStart(2, '0');
  const mm = String(expiry.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(expiry.getUTCDate()).padStart(2, '0');
  return { text: `(01)0${gtin13}(17)${yy}${mm}${dd}(10)${lot}`, isoExpiry: `${expiry.getUTCFullYear()}-${mm}-${dd}` };
}
