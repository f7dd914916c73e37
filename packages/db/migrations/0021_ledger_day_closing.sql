ALTER TABLE "ledger_day_totals" ADD COLUMN "closing_quantity" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_day_totals" ADD COLUMN "closing_value" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
-- The rollups are updated in place by every movement (and every later day by a back-dated one): room on each page
-- keeps those updates HOT (no index entry, dead versions pruned as pages are read), the embedded database having
-- no autovacuum.
ALTER TABLE "ledger_day_totals" SET (fillfactor = 80);
--> statement-breakpoint
-- The checkpoint: each rollup row also holds the product's stock at the end of its day (closing_quantity, closing_value:
-- Σ net of this and every earlier day), so stock at a past date reads one row per product, not its whole history.
-- Closes again every day of the given products from the given day on (the earliest per product), in day order, from
-- the day before it; rows already right are left alone.
CREATE FUNCTION "ledger_day_totals_close"(practices bigint[], products bigint[], from_days date[]) RETURNS void LANGUAGE sql AS $$
  UPDATE ledger_day_totals t SET closing_quantity = c.closing_quantity, closing_value = c.closing_value
  FROM (
    SELECT r.dental_practice_id, r.product_id, r.day,
           coalesce(b.closing_quantity, 0) + sum(r.net_quantity) OVER w AS closing_quantity,
           coalesce(b.closing_value, 0) + sum(r.net_value) OVER w AS closing_value
    FROM (SELECT k.practice, k.product, min(k.from_day) AS from_day FROM unnest(practices, products, from_days) AS k(practice, product, from_day) GROUP BY 1, 2) k
    JOIN ledger_day_totals r ON r.dental_practice_id = k.practice AND r.product_id = k.product AND r.day >= k.from_day
    LEFT JOIN LATERAL (
      SELECT p.closing_quantity, p.closing_value FROM ledger_day_totals p
      WHERE p.dental_practice_id = k.practice AND p.product_id = k.product AND p.day < k.from_day ORDER BY p.day DESC LIMIT 1
    ) b ON true
    WINDOW w AS (PARTITION BY r.dental_practice_id, r.product_id ORDER BY r.day)
    ORDER BY 1, 2, 3
  ) c
  WHERE t.dental_practice_id = c.dental_practice_id AND t.product_id = c.product_id AND t.day = c.day
    AND (t.closing_quantity <> c.closing_quantity OR t.closing_value <> c.closing_value);
$$;
--> statement-breakpoint
-- 0019's statement trigger, plus the checkpoint. A closing reads the days before it, so the products' inventories are
-- locked first (FOR NO KEY UPDATE, in product order as the ledger locks them; a no-op where the ledger already holds
-- them): two statements closing the same product wait for each other, and the later one's closing (a statement after
-- the lock, so a snapshot after the earlier one's commit) adds up every committed day.
CREATE OR REPLACE FUNCTION "ledger_day_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  practices bigint[] := '{}';
  products bigint[] := '{}';
  from_days date[] := '{}';
  inventory_ids bigint[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT practices || coalesce(array_agg(k.dental_practice_id), '{}'), products || coalesce(array_agg(k.product_id), '{}'), from_days || coalesce(array_agg(k.day), '{}')
      INTO practices, products, from_days
      FROM (SELECT m.dental_practice_id, m.product_id, min((m.occurred_at AT TIME ZONE p.time_zone)::date) AS day
              FROM old_movements m JOIN dental_practices p ON p.id = m.dental_practice_id GROUP BY 1, 2) k;
    SELECT inventory_ids || coalesce(array_agg(DISTINCT m.inventory_id), '{}') INTO inventory_ids FROM old_movements m;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT practices || coalesce(array_agg(k.dental_practice_id), '{}'), products || coalesce(array_agg(k.product_id), '{}'), from_days || coalesce(array_agg(k.day), '{}')
      INTO practices, products, from_days
      FROM (SELECT m.dental_practice_id, m.product_id, min((m.occurred_at AT TIME ZONE p.time_zone)::date) AS day
              FROM new_movements m JOIN dental_practices p ON p.id = m.dental_practice_id GROUP BY 1, 2) k;
    SELECT inventory_ids || coalesce(array_agg(DISTINCT m.inventory_id), '{}') INTO inventory_ids FROM new_movements m;
  END IF;
  IF cardinality(practices) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM inventories i WHERE i.id = ANY (inventory_ids) ORDER BY i.product_id, i.id FOR NO KEY UPDATE;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE ledger_day_totals t SET
      consumed_quantity = t.consumed_quantity - d.consumed_quantity, consumed_cost = t.consumed_cost - d.consumed_cost, consumed_count = t.consumed_count - d.consumed_count,
      received_value = t.received_value - d.received_value, net_quantity = t.net_quantity - d.net_quantity, net_value = t.net_value - d.net_value,
      movement_count = t.movement_count - d.movement_count
    FROM (
      SELECT m.dental_practice_id, m.product_id, (m.occurred_at AT TIME ZONE p.time_zone)::date AS day,
             coalesce(-sum(m.quantity) FILTER (WHERE m.type = 'consume'), 0) AS consumed_quantity, coalesce(-sum(m.quantity * m.unit_cost) FILTER (WHERE m.type = 'consume'), 0) AS consumed_cost,
             count(*) FILTER (WHERE m.type = 'consume') AS consumed_count, coalesce(sum(m.quantity * m.unit_cost) FILTER (WHERE m.type = 'receive'), 0) AS received_value,
             sum(m.quantity) AS net_quantity, sum(m.quantity * m.unit_cost) AS net_value, count(*) AS movement_count
      FROM old_movements m JOIN dental_practices p ON p.id = m.dental_practice_id
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ) d
    WHERE t.dental_practice_id = d.dental_practice_id AND t.product_id = d.product_id AND t.day = d.day;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO ledger_day_totals AS t (dental_practice_id, product_id, day, consumed_quantity, consumed_cost, consumed_count, received_value, net_quantity, net_value, movement_count)
    SELECT m.dental_practice_id, m.product_id, (m.occurred_at AT TIME ZONE p.time_zone)::date,
           coalesce(-sum(m.quantity) FILTER (WHERE m.type = 'consume'), 0), coalesce(-sum(m.quantity * m.unit_cost) FILTER (WHERE m.type = 'consume'), 0),
           count(*) FILTER (WHERE m.type = 'consume'), coalesce(sum(m.quantity * m.unit_cost) FILTER (WHERE m.type = 'receive'), 0),
           sum(m.quantity), sum(m.quantity * m.unit_cost), count(*)
    FROM new_movements m JOIN dental_practices p ON p.id = m.dental_practice_id
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (dental_practice_id, product_id, day) DO UPDATE SET
      consumed_quantity = t.consumed_quantity + excluded.consumed_quantity, consumed_cost = t.consumed_cost + excluded.consumed_cost, consumed_count = t.consumed_count + excluded.consumed_count,
      received_value = t.received_value + excluded.received_value, net_quantity = t.net_quantity + excluded.net_quantity, net_value = t.net_value + excluded.net_value,
      movement_count = t.movement_count + excluded.movement_count;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM ledger_day_totals t USING (SELECT DISTINCT m.dental_practice_id, m.product_id, (m.occurred_at AT TIME ZONE p.time_zone)::date AS day FROM old_movements m JOIN dental_practices p ON p.id = m.dental_practice_id) d
    WHERE t.dental_practice_id = d.dental_practice_id AND t.product_id = d.product_id AND t.day = d.day AND t.movement_count = 0;
  END IF;
  PERFORM ledger_day_totals_close(practices, products, from_days);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- 0019's rebuild (the backfill and a time-zone change), closing every day as it goes.
CREATE OR REPLACE FUNCTION "ledger_day_totals_rebuild"(practice bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_day_totals WHERE dental_practice_id = practice;
  INSERT INTO ledger_day_totals (dental_practice_id, product_id, day, consumed_quantity, consumed_cost, consumed_count, received_value, net_quantity, net_value, movement_count, closing_quantity, closing_value)
  SELECT d.*, sum(d.net_quantity) OVER w, sum(d.net_value) OVER w
  FROM (
    SELECT m.dental_practice_id, m.product_id, (m.occurred_at AT TIME ZONE p.time_zone)::date AS day,
           coalesce(-sum(m.quantity) FILTER (WHERE m.type = 'consume'), 0) AS consumed_quantity, coalesce(-sum(m.quantity * m.unit_cost) FILTER (WHERE m.type = 'consume'), 0) AS consumed_cost,
           count(*) FILTER (WHERE m.type = 'consume') AS consumed_count, coalesce(sum(m.quantity * m.unit_cost) FILTER (WHERE m.type = 'receive'), 0) AS received_value,
           sum(m.quantity) AS net_quantity, sum(m.quantity * m.unit_cost) AS net_value, count(*) AS movement_count
    FROM stock_movements m JOIN dental_practices p ON p.id = m.dental_practice_id
    WHERE m.dental_practice_id = practice
    GROUP BY 1, 2, 3
  ) d
  WINDOW w AS (PARTITION BY d.product_id ORDER BY d.day);
END $$;
--> statement-breakpoint
SELECT ledger_day_totals_rebuild(id) FROM dental_practices;
