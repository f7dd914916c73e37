import type { ProcedureCategory, Unit } from '@enamel/contracts';

/** Demo catalog data, typed. Cross references (brand, category, product SKU, procedure code) are checked when the catalog loads. */

export interface SeedBrand {
  name: string;
  manufacturer: string;
  website: string | null;
}

/** A top-level category and its children (a two-level tree). */
export interface SeedCategory {
  name: string;
  children: string[];
}

export interface SeedProduct {
  sku: string;
  name: string;
  /** A SeedBrand name. */
  brand: string;
  /** "Parent › Child", a SeedCategory path. */
  category: string;
  usageUnit: Unit;
  purchaseUnit: Unit;
  /** Usage units in one purchase unit (a box of 100 gloves: 100). */
  unitsPerPurchaseUnit: number;
  /** Per purchase unit, an exact decimal. */
  purchasePrice: string;
  tracksLots: boolean;
  description: string | null;
}

export interface SeedProcedureCode {
  code: string;
  /** Our own short wording: never the CDT descriptor text. */
  name: string;
  category: ProcedureCategory;
}

export interface SeedTemplate {
  name: string;
  code: string;
  description: string;
  /** SKU × quantity in the product's usage unit (a positive decimal string). */
  items: Array<[sku: string, quantity: string]>;
}
