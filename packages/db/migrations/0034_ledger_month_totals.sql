CREATE TABLE "ledger_month_totals" (
	"dental_practice_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"month" date NOT NULL,
	"consumed_quantity" numeric DEFAULT '0' NOT NULL,
	"consumed_cost" numeric DEFAULT '0' NOT NULL,
	"consumed_count" integer DEFAULT 0 NOT NULL,
	"received_value" numeric DEFAULT '0' NOT NULL,
	"net_quantity" numeric DEFAULT '0' NOT NULL,
	"net_value" numeric DEFAULT '0' NOT NULL,
	"movement_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_month_totals_dental_practice_id_product_id_month_pk" PRIMARY KEY("dental_practice_id","product_id","month")
) WITH (fillfactor = 80);
--> statement-breakpoint
ALTER TABLE "ledger_month_totals" ADD CONSTRAINT "ledger_month_totals_dental_practice_id_dental_practices_id_fk" FOREIGN KEY ("dental_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_month_totals" ADD CONSTRAINT "ledger_month_totals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_month_totals_practice_month_idx" ON "ledger_month_totals" USING btree ("dental_practice_id","month");--> statement-breakpoint
-- The rollups by month (per practice, product and local month of the practice's zone): the day rows' figures summed
-- per month, kept by the same statement trigger as the days (0019, 0021) in the movements' own statement, so the
-- twelve-month widgets and reports read some 12 rows per product instead of 365 days. The same deltas as the days,
-- keyed by the day's month; a month row is deleted once no movement is left in it.
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
    UPDATE ledger_month_totals t SET
      consumed_quantity = t.consumed_quantity - d.consumed_quantity, consumed_cost = t.consumed_cost - d.consumed_cost, consumed_count = t.consumed_count - d.consumed_count,
      received_value = t.received_value - d.received_value, net_quantity = t.net_quantity - d.net_quantity, net_value = t.net_value - d.net_value,
      movement_count = t.movement_count - d.movement_count
    FROM (
      SELECT m.dental_practice_id, m.product_id, date_trunc('month', (m.occurred_at AT TIME ZONE p.time_zone)::date::timestamp)::date AS month,
             coalesce(-sum(m.quantity) FILTER (WHERE m.type = 'consume'), 0) AS consumed_quantity, coalesce(-sum(m.quantity * m.unit_cost) FILTER (WHERE m.type = 'consume'), 0) AS consumed_cost,
             count(*) FILTER (WHERE m.type = 'consume') AS consumed_count, coalesce(sum(m.quantity * m.unit_cost) FILTER (WHERE m.type = 'receive'), 0) AS received_value,
             sum(m.quantity) AS net_quantity, sum(m.quantity * m.unit_cost) AS net_value, count(*) AS movement_count
      FROM old_movements m JOIN dental_practices p ON p.id = m.dental_practice_id
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ) d
    WHERE t.dental_practice_id = d.dental_practice_id AND t.product_id = d.product_id AND t.month = d.month;
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
    INSERT INTO ledger_month_totals AS t (dental_practice_id, product_id, month, consumed_quantity, consumed_cost, consumed_count, received_value, net_quantity, net_value, movement_count)
    SELECT m.dental_practice_id, m.product_id, date_trunc('month', (m.occurred_at AT TIME ZONE p.time_zone)::date::timestamp)::date,
           coalesce(-sum(m.quantity) FILTER (WHERE m.type = 'consume'), 0), coalesce(-sum(m.quantity * m.unit_cost) FILTER (WHERE m.type = 'consume'), 0),
           count(*) FILTER (WHERE m.type = 'consume'), coalesce(sum(m.quantity * m.unit_cost) FILTER (WHERE m.type = 'receive'), 0),
           sum(m.quantity), sum(m.quantity * m.unit_cost), count(*)
    FROM new_movements m JOIN dental_practices p ON p.id = m.dental_practice_id
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (dental_practice_id, product_id, month) DO UPDATE SET
      consumed_quantity = t.consumed_quantity + excluded.consumed_quantity, consumed_cost = t.consumed_cost + excluded.consumed_cost, consumed_count = t.consumed_count + excluded.consumed_count,
      received_value = t.received_value + excluded.received_value, net_quantity = t.net_quantity + excluded.net_quantity, net_value = t.net_value + excluded.net_value,
      movement_count = t.movement_count + excluded.movement_count;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM ledger_day_totals t USING (SELECT DISTINCT m.dental_practice_id, m.product_id, (m.occurred_at AT TIME ZONE p.time_zone)::date AS day FROM old_movements m JOIN dental_practices p ON p.id = m.dental_practice_id) d
    WHERE t.dental_practice_id = d.dental_practice_id AND t.product_id = d.product_id AND t.day = d.day AND t.movement_count = 0;
    DELETE FROM ledger_month_totals t USING (SELECT DISTINCT m.dental_practice_id, m.product_id, date_trunc('month', (m.occurred_at AT TIME ZONE p.time_zone)::date::timestamp)::date AS month FROM old_movements m JOIN dental_practices p ON p.id = m.dental_practice_id) d
    WHERE t.dental_practice_id = d.dental_practice_id AND t.product_id = d.product_id AND t.month = d.month AND t.movement_count = 0;
  END IF;
  PERFORM ledger_day_totals_close(practices, products, from_days);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_day_totals_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_day_totals;
  DELETE FROM ledger_month_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- 0021's rebuild (the backfill and a time-zone change), and the practice's months summed from its rebuilt days.
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
  DELETE FROM ledger_month_totals WHERE dental_practice_id = practice;
  INSERT INTO ledger_month_totals (dental_practice_id, product_id, month, consumed_quantity, consumed_cost, consumed_count, received_value, net_quantity, net_value, movement_count)
  SELECT dental_practice_id, product_id, date_trunc('month', day::timestamp)::date,
         sum(consumed_quantity), sum(consumed_cost), sum(consumed_count), sum(received_value), sum(net_quantity), sum(net_value), sum(movement_count)
  FROM ledger_day_totals WHERE dental_practice_id = practice
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
INSERT INTO ledger_month_totals (dental_practice_id, product_id, month, consumed_quantity, consumed_cost, consumed_count, received_value, net_quantity, net_value, movement_count)
SELECT dental_practice_id, product_id, date_trunc('month', day::timestamp)::date,
       sum(consumed_quantity), sum(consumed_cost), sum(consumed_count), sum(received_value), sum(net_quantity), sum(net_value), sum(movement_count)
FROM ledger_day_totals
GROUP BY 1, 2, 3;
