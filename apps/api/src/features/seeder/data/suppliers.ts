import crypto from 'node:crypto';
import { roundDecimal, toDecimal } from '@enamel/contracts';
import type { SeedProduct } from './types.ts';

/** A demo distributor (fictional names, addresses in reserved example ranges). Upserted by name. */
export interface SeedSupplier {
  name: string;
  /** Short code: the prefix of its SKUs. */
  code: string;
  accountNumber: string;
  contactPerson: string;
  email: string;
  phone: string;
  address: string;
  leadTimeDays: number;
  minimumOrderValue: string;
  currency: string;
}

export const SUPPLIERS: SeedSupplier[] = [
  {
    name: 'Meridian Dental Supply', code: 'MDS', accountNumber: 'ENM-20418', contactPerson: 'Karen Whitlock', email: 'orders@meridian-dental.example',
    phone: '+1 800 555 0110', address: '1200 Commerce Parkway, Columbus, OH 43219, USA', leadTimeDays: 3, minimumOrderValue: '100.0000', currency: 'USD',
  },
  {
    name: 'Brightwater Dental Distributors', code: 'BWD', accountNumber: 'C-77310', contactPerson: 'Marcus Feld', email: 'sales@brightwater-dental.example',
    phone: '+1 888 555 0131', address: '85 Harbor Drive, Baltimore, MD 21230, USA', leadTimeDays: 5, minimumOrderValue: '0.0000', currency: 'USD',
  },
  {
    name: 'Sterling Infection Control Co.', code: 'SIC', accountNumber: 'SIC-5521', contactPerson: 'Priya Raman', email: 'orders@sterling-ic.example',
    phone: '+1 877 555 0166', address: '9 Industrial Way, Reno, NV 89502, USA', leadTimeDays: 2, minimumOrderValue: '50.0000', currency: 'USD',
  },
  {
    name: 'Keystone Surgical & Implant', code: 'KSI', accountNumber: 'KS-00981', contactPerson: 'Dr. Elena Vasquez', email: 'implants@keystone-surgical.example',
    phone: '+1 866 555 0199', address: '410 Research Blvd, Austin, TX 78759, USA', leadTimeDays: 10, minimumOrderValue: '250.0000', currency: 'USD',
  },
  {
    name: 'Albion Dental Trade Ltd', code: 'ADT', accountNumber: 'ALB/3307', contactPerson: 'George Pemberton', email: 'trade@albion-dental.example',
    phone: '+44 20 7946 0321', address: 'Unit 4, Riverside Trading Estate, Leeds LS11 5SY, United Kingdom', leadTimeDays: 4, minimumOrderValue: '75.0000', currency: 'GBP',
  },
];

/**
 * What one US dollar is worth in the demo currencies: only to value the demo history's receipts in a practice's
 * currency (the application itself never converts, docs/product-rules.md#money). Equal to the practices' price factors.
 */
export const DEMO_RATES_PER_USD: Record<string, number> = { USD: 1, GBP: 0.8, AUD: 1.5 };

export interface SeedOffer {
  supplier: string;
  sku: string;
  supplierSku: string;
  purchaseUnit: string;
  unitsPerPurchaseUnit: number;
  /** Per purchase unit, in the supplier's currency. */
  price: string;
  minimumOrderQuantity: number;
  leadTimeDays: number | null;
  preferred: boolean;
}

/** A stable pseudo-random number in [0, 1) from a text (so the offers never change between seedings). */
function unit(text: string): number {
  return crypto.createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32;
}

/** The distributor that carries a product line first, by its top category. */
function primaryOf(p: SeedProduct): SeedSupplier {
  const top = p.category.split(' › ')[0]!;
  const by = (code: string) => SUPPLIERS.find((s) => s.code === code)!;
  if (['Infection control', 'Disposables', 'Radiography'].includes(top)) return by('SIC');
  if (['Implants', 'Surgical', 'Orthodontics'].includes(top)) return by('KSI');
  if (['Anaesthesia', 'Preventive'].includes(top)) return by('MDS');
  return unit(`${p.sku}:primary`) < 0.5 ? by('MDS') : by('BWD');
}

const money = (value: number) => roundDecimal(toDecimal(value.toFixed(2)));

/**
 * Offers for every product: the primary distributor sells the catalog's pack at about its list price (the preferred
 * offer); a third of the products have a second offer (a case of several packs at a bulk discount, or the same pack
 * from another distributor), and the UK distributor sells consumables in pounds. Lead times of 2–14 days: the
 * supplier's, or the offer's own for implants, grafts and some back-ordered lines. Cheap fast movers come with a
 * minimum order of two or three packs.
 */
export function demoOffers(products: SeedProduct[]): SeedOffer[] {
  const offers: SeedOffer[] = [];
  for (const p of products) {
    const primary = primaryOf(p);
    const list = Number(p.purchasePrice);
    const top = p.category.split(' › ')[0]!;
    const r = (what: string) => unit(`${p.sku}:${what}`);
    const skuOf = (s: SeedSupplier) => `${s.code}-${String(Math.floor(r(s.code) * 900_000) + 100_000)}`;
    let lead: number | null = null;
    if (p.category === 'Implants › Fixtures' || p.category === 'Surgical › Bone grafts' || p.category === 'Surgical › Membranes') lead = 12 + Math.floor(r('lead') * 3);
    else if (r('lead') < 0.08) lead = Math.min(14, primary.leadTimeDays + 2 + Math.floor(r('lead2') * 4));
    const cheap = list < 20 && ['Infection control', 'Disposables'].includes(top);
    offers.push({
      supplier: primary.name, sku: p.sku, supplierSku: skuOf(primary), purchaseUnit: p.purchaseUnit, unitsPerPurchaseUnit: p.unitsPerPurchaseUnit,
      price: money(list * (0.92 + r('price') * 0.12)), minimumOrderQuantity: cheap && r('moq') < 0.5 ? 2 + Math.floor(r('moq2') * 2) : 1, leadTimeDays: lead, preferred: true,
    });
    if (r('second') < 0.33) {
      const other = SUPPLIERS.find((s) => s.code === (primary.code === 'MDS' ? 'BWD' : 'MDS'))!;
      const cases = p.unitsPerPurchaseUnit > 1 && list < 60 && r('case') < 0.5;
      const k = [4, 6, 10][Math.floor(r('k') * 3)]!;
      offers.push({
        supplier: other.name, sku: p.sku, supplierSku: skuOf(other), purchaseUnit: cases ? 'case' : p.purchaseUnit, unitsPerPurchaseUnit: cases ? p.unitsPerPurchaseUnit * k : p.unitsPerPurchaseUnit,
        price: money(cases ? list * k * 0.88 : list * (0.95 + r('price2') * 0.1)), minimumOrderQuantity: 1, leadTimeDays: null, preferred: false,
      });
    }
    if (['Infection control', 'Disposables', 'Anaesthesia', 'Preventive', 'Restorative'].includes(top) && r('uk') < 0.6) {
      const uk = SUPPLIERS.find((s) => s.code === 'ADT')!;
      offers.push({
        supplier: uk.name, sku: p.sku, supplierSku: skuOf(uk), purchaseUnit: p.purchaseUnit, unitsPerPurchaseUnit: p.unitsPerPurchaseUnit,
        price: money(list * DEMO_RATES_PER_USD[uk.currency]! * (0.94 + r('gbp') * 0.1)), minimumOrderQuantity: 1, leadTimeDays: null, preferred: false,
      });
    }
  }
  return offers;
}
