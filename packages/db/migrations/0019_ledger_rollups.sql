CREATE TABLE "ledger_day_totals" (
	"dental_practice_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"day" date NOT NULL,
	"consumed_quantity" numeric DEFAULT '0' NOT NULL,
	"consumed_cost" numeric DEFAULT '0' NOT NULL,
	"consumed_count" integer DEFAULT 0 NOT NULL,
	"received_value" numeric DEFAULT '0' NOT NULL,
	"net_quantity" numeric DEFAULT '0' NOT NULL,
	"net_value" numeric DEFAULT '0' NOT NULL,
	"movement_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_day_totals_dental_practice_id_product_id_day_pk" PRIMARY KEY("dental_practice_id","product_id","day")
);
--> statement-breakpoint
ALTER TABLE "ledger_day_totals" ADD CONSTRAINT "ledger_day_totals_dental_practice_id_dental_practices_id_fk" FOREIGN KEY ("dental_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_day_totals" ADD CONSTRAINT "ledger_day_totals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_day_totals_practice_day_idx" ON "ledger_day_totals" USING btree ("dental_practice_id","day");--> statement-breakpoint
-- One practice's movements added up per product and local day (its time zone now): the rollups' definition, read by
-- the triggers below, the backfill, a time-zone change and the ledger check (apps/api/src/features/stock/ledger-check.ts).
CREATE FUNCTION "ledger_day_totals_rebuild"(practice bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_day_totals WHERE dental_practice_id = practice;
  INSERT INTO ledger_day_totals (dental_practice_id, product_id, day, consumed_quantity, consumed_cost, consumed_count, received_value, net_quantity, net_value, movement_count)
  SELECT m.dental_practice_id, m.product_id, (m.occurred_at AT TIME ZONE p.time_zone)::date,
         coalesce(-sum(m.quantity) FILTER (WHERE m.type = 'consume'), 0), coalesce(-sum(m.quantity * m.unit_cost) FILTER (WHERE m.type = 'consume'), 0),
         count(*) FILTER (WHERE m.type = 'consume'), coalesce(sum(m.quantity * m.unit_cost) FILTER (WHERE m.type = 'receive'), 0),
         sum(m.quantity), sum(m.quantity * m.unit_cost), count(*)
  FROM stock_movements m JOIN dental_practices p ON p.id = m.dental_practice_id
  WHERE m.dental_practice_id = practice
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
-- Statement-level: a statement's movements (its transition tables) are added up once and applied as deltas, in the
-- statement's own transaction. Rows are touched in key order so two transactions never wait on each other crosswise.
CREATE FUNCTION "ledger_day_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ledger_day_totals_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_day_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ledger_day_totals_time_zone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_day_totals_rebuild(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stock_movements_rollup_insert" AFTER INSERT ON "stock_movements" REFERENCING NEW TABLE AS new_movements FOR EACH STATEMENT EXECUTE FUNCTION ledger_day_totals_apply();--> statement-breakpoint
CREATE TRIGGER "stock_movements_rollup_update" AFTER UPDATE ON "stock_movements" REFERENCING OLD TABLE AS old_movements NEW TABLE AS new_movements FOR EACH STATEMENT EXECUTE FUNCTION ledger_day_totals_apply();--> statement-breakpoint
CREATE TRIGGER "stock_movements_rollup_delete" AFTER DELETE ON "stock_movements" REFERENCING OLD TABLE AS old_movements FOR EACH STATEMENT EXECUTE FUNCTION ledger_day_totals_apply();--> statement-breakpoint
CREATE TRIGGER "stock_movements_rollup_truncate" AFTER TRUNCATE ON "stock_movements" FOR EACH STATEMENT EXECUTE FUNCTION ledger_day_totals_truncate();--> statement-breakpoint
CREATE TRIGGER "dental_practices_rollup_time_zone" AFTER UPDATE OF "time_zone" ON "dental_practices" FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION ledger_day_totals_time_zone();--> statement-breakpoint
-- ALWAYS: they fire under session_replication_role = replica too (the seeder's bulk load sets it), so nothing skips them.
ALTER TABLE "stock_movements" ENABLE ALWAYS TRIGGER "stock_movements_rollup_insert";--> statement-breakpoint
ALTER TABLE "stock_movements" ENABLE ALWAYS TRIGGER "stock_movements_rollup_update";--> statement-breakpoint
ALTER TABLE "stock_movements" ENABLE ALWAYS TRIGGER "stock_movements_rollup_delete";--> statement-breakpoint
ALTER TABLE "stock_movements" ENABLE ALWAYS TRIGGER "stock_movements_rollup_truncate";--> statement-breakpoint
ALTER TABLE "dental_practices" ENABLE ALWAYS TRIGGER "dental_practices_rollup_time_zone";--> statement-breakpoint
SELECT ledger_day_totals_rebuild(id) FROM dental_practices;
