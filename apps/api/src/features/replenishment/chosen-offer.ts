import { sql, type SQL } from 'drizzle-orm';

/**
 * The offer a product is bought by: the preferred active offer of an active supplier, else the cheapest per usage
 * unit (price ÷ units per purchase unit), then the oldest. A LATERAL subquery for a product id expression,
 * answering the offer's id, supplier, SKU, pack, price, minimum order and lead time (the offer's, else the
 * supplier's). The suppliers feature may own this rule later (its `chosenOffers`); until then it lives here.
 */
export function chosenOfferSql(productId: SQL): SQL {
  return sql`select o.id as offer_id, o.supplier_id, s.name as supplier_name, o.supplier_sku, s.currency as supplier_currency,
                    o.purchase_unit as offer_purchase_unit, o.units_per_purchase_unit as offer_units_per_pack, o.price as offer_price,
                    o.minimum_order_quantity as offer_minimum_packs, o.lead_time_days as offer_lead_time_days, s.lead_time_days as supplier_lead_time_days
             from supplier_offers o join suppliers s on s.id = o.supplier_id
             where o.product_id = ${productId} and o.status = 'active' and s.status = 'active'
             order by o.preferred desc, o.price / o.units_per_purchase_unit asc, o.id asc
             limit 1`;
}
