import crypto from 'node:crypto';
import { PROCEDURE_CATEGORIES, UNITS, isValidGtin, normalizeGtin } from '@enamel/contracts';
import { BRANDS } from './data/brands.ts';
import { CATEGORIES } from './data/categories.ts';
import { PROCEDURE_CODES } from './data/procedure-codes.ts';
import { PRODUCTS } from './data/products.ts';
import { TEMPLATES } from './data/templates.ts';
import type { SeedBrand, SeedCategory, SeedProcedureCode, SeedProduct, SeedTemplate } from './data/types.ts';

export interface CatalogData {
  brands: SeedBrand[];
  categories: SeedCategory[];
  products: Array<SeedProduct & { gtin: string }>;
  procedureCodes: SeedProcedureCode[];
  templates: SeedTemplate[];
}

/**
 * Demo GTINs: a fixed, fictitious company prefix in the GS1 restricted-circulation range (GTIN-13s starting
 * with 2 are never assigned to trade items worldwide), an item reference derived from the SKU so that a
 * product keeps its GTIN when the data grows, and a correct mod-10 check digit. These are not real GTINs.
 */
export const DEMO_GTIN_PREFIX = '2990';

export function gtinCheckDigit(body: string): number {
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}

function demoGtins(skus: string[]): Map<string, string> {
  const taken = new Set<string>();
  const result = new Map<string, string>();
  const itemDigits = 12 - DEMO_GTIN_PREFIX.length;
  const space = 10 ** itemDigits;
  // Sorted, so that a collision (resolved by probing) is settled the same way every time.
  for (const sku of [...skus].sort()) {
    const hash = crypto.createHash('sha256').update(sku.toLowerCase()).digest();
    let item = Number(hash.readBigUInt64BE(0) % BigInt(space));
    let body = '';
    for (;;) {
      body = DEMO_GTIN_PREFIX + String(item).padStart(itemDigits, '0');
      if (!taken.has(body)) break;
      item = (item + 1) % space;
    }
    taken.add(body);
    // Stored as the 14-digit form, like every GTIN in the catalog.
    result.set(sku, normalizeGtin(body + String(gtinCheckDigit(body))));
  }
  return result;
}

const DECIMAL = /^\d{1,10}(\.\d{1,4})?$/;
const SKU = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
const UNIT_SET = new Set<string>(UNITS);
const CATEGORY_SET = new Set<string>(PROCEDURE_CATEGORIES);
export const CATEGORY_SEPARATOR = ' › ';

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  return [...new Set(values.filter((v) => (seen.has(v) ? true : (seen.add(v), false))))];
}

/** Checks every cross reference and rule of the data; throws listing every problem. */
export function validateCatalogData(data: Omit<CatalogData, 'products'> & { products: SeedProduct[] }): string[] {
  const problems: string[] = [];
  const brandNames = new Set(data.brands.map((b) => b.name.toLowerCase()));
  for (const d of duplicates(data.brands.map((b) => b.name.toLowerCase()))) problems.push(`brand ${d} appears twice`);
  for (const d of duplicates(data.categories.map((c) => c.name.toLowerCase()))) problems.push(`top category ${d} appears twice`);
  const categoryPaths = new Set<string>();
  for (const c of data.categories) {
    for (const d of duplicates(c.children.map((n) => n.toLowerCase()))) problems.push(`category ${c.name} has ${d} twice`);
    for (const child of c.children) categoryPaths.add(`${c.name}${CATEGORY_SEPARATOR}${child}`);
  }
  for (const d of duplicates(data.products.map((p) => p.sku.toLowerCase()))) problems.push(`SKU ${d} appears twice`);
  for (const p of data.products) {
    const where = `product ${p.sku}`;
    if (!SKU.test(p.sku) || p.sku.length > 64) problems.push(`${where}: bad SKU`);
    if (!p.name || p.name.length > 200) problems.push(`${where}: bad name`);
    if (!brandNames.has(p.brand.toLowerCase())) problems.push(`${where}: unknown brand ${p.brand}`);
    if (!categoryPaths.has(p.category)) problems.push(`${where}: unknown category ${p.category}`);
    if (!UNIT_SET.has(p.usageUnit) || !UNIT_SET.has(p.purchaseUnit)) problems.push(`${where}: unknown unit`);
    if (!Number.isInteger(p.unitsPerPurchaseUnit) || p.unitsPerPurchaseUnit < 1) problems.push(`${where}: units per purchase unit must be a positive whole number`);
    if (!DECIMAL.test(p.purchasePrice)) problems.push(`${where}: price ${p.purchasePrice} is not a decimal`);
  }
  for (const d of duplicates(data.procedureCodes.map((c) => c.code.toUpperCase()))) problems.push(`procedure code ${d} appears twice`);
  for (const c of data.procedureCodes) {
    if (!/^[A-Z0-9][A-Z0-9.-]{0,15}$/.test(c.code)) problems.push(`procedure code ${c.code}: bad code`);
    if (!c.name || c.name.length > 160) problems.push(`procedure code ${c.code}: bad name`);
    if (!CATEGORY_SET.has(c.category)) problems.push(`procedure code ${c.code}: unknown category ${c.category}`);
  }
  const codes = new Set(data.procedureCodes.map((c) => c.code.toUpperCase()));
  const skus = new Set(data.products.map((p) => p.sku.toLowerCase()));
  for (const d of duplicates(data.templates.map((t) => t.name.toLowerCase()))) problems.push(`template ${d} appears twice`);
  for (const t of data.templates) {
    const where = `template ${t.name}`;
    if (t.name.length > 160) problems.push(`${where}: name too long`);
    if (!codes.has(t.code.toUpperCase())) problems.push(`${where}: unknown procedure code ${t.code}`);
    if (t.items.length === 0) problems.push(`${where}: no items`);
    for (const d of duplicates(t.items.map(([sku]) => sku.toLowerCase()))) problems.push(`${where}: ${d} twice`);
    for (const [sku, quantity] of t.items) {
      if (!skus.has(sku.toLowerCase())) problems.push(`${where}: unknown SKU ${sku}`);
      if (!DECIMAL.test(quantity) || Number(quantity) <= 0) problems.push(`${where}: quantity ${quantity} of ${sku} is not a positive decimal`);
    }
  }
  return problems;
}

let cached: CatalogData | undefined;

/** The demo catalog, validated once (a mistake in the data files fails loudly, never half-seeds). */
export function catalogData(): CatalogData {
  if (cached) return cached;
  const base = { brands: BRANDS, categories: CATEGORIES, products: PRODUCTS, procedureCodes: PROCEDURE_CODES, templates: TEMPLATES };
  const problems = validateCatalogData(base);
  if (problems.length) throw new Error(`The demo catalog data is inconsistent:\n  ${problems.join('\n  ')}`);
  const gtins = demoGtins(PRODUCTS.map((p) => p.sku));
  const products = PRODUCTS.map((p) => ({ ...p, gtin: gtins.get(p.sku)! }));
  if (!products.every((p) => isValidGtin(p.gtin))) throw new Error('A demo GTIN failed its check digit');
  cached = { ...base, products };
  return cached;
}
