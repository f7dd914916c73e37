import { expect, type Page } from '@playwright/test';

/** Page object for the catalog screens (brands, categories, products, procedure codes and templates). */
export class CatalogPages {
  constructor(readonly page: Page) {}

  /** Opens a Mantine Select, types to narrow it, and picks the option with that accessible name. */
  async choose(testId: string, typed: string, option: string | RegExp): Promise<void> {
    const input = this.page.getByTestId(testId);
    await input.click();
    await input.fill(typed);
    await this.page.getByRole('option', { name: option }).first().click();
  }

  /** Narrows the visible list with the table's search box and waits for exactly `count` rows. */
  async search(text: string, count = 1): Promise<void> {
    await this.page.getByTestId('data-table-search').fill(text);
    // The search is debounced into the URL: wait for it, so a later navigation is not overtaken by it.
    await expect.poll(() => new URL(this.page.url()).searchParams.get('search')).toBe(text);
    await expect(this.page.getByTestId('data-table-row')).toHaveCount(count);
  }

  /** The rows a list endpoint holds for a search, asked of the server with the browser's session. */
  async serverCount(listUrl: string, search: string): Promise<number> {
    const response = await this.page.request.get(listUrl, { params: { search } });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { meta: { total: number } };
    return body.meta.total;
  }
}

/** A GTIN-13 for the 12 given digits, with its GS1 mod-10 check digit (and one with a wrong one). */
export function gtin13(first12: string): { valid: string; wrongCheckDigit: string } {
  const digits = [...first12].map(Number);
  const sum = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  const check = (10 - (sum % 10)) % 10;
  return { valid: `${first12}${check}`, wrongCheckDigit: `${first12}${(check + 1) % 10}` };
}
