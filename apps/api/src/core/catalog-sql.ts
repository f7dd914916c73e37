import { sql } from 'drizzle-orm';
import { products } from '@enamel/db';

/** Price of one usage unit: purchase price over the units a purchase unit holds, exact to 4 places. */
export const unitCost = sql<string>`round(${products.purchasePrice} / ${products.unitsPerPurchaseUnit}, 4)`;
