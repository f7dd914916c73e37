-- Storage locations inside a practice (the store room, each operatory, the sterilisation room). Lots are held at a
-- location; a movement carries the location of its lot (null only for a movement without a lot); a procedure may
-- name the operatory where it was done. Every existing practice gets one main store holding every existing lot.
CREATE TABLE "storage_locations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dental_practice_id" bigint NOT NULL,
	"name" varchar(120) NOT NULL,
	"kind" varchar(16) DEFAULT 'other' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_locations_kind" CHECK ("storage_locations"."kind" in ('store_room', 'operatory', 'sterilisation', 'other')),
	CONSTRAINT "storage_locations_main_active" CHECK (NOT "storage_locations"."is_main" OR "storage_locations"."status" = 'active')
);
--> statement-breakpoint
ALTER TABLE "storage_locations" ADD CONSTRAINT "storage_locations_dental_practice_id_dental_practices_id_fk" FOREIGN KEY ("dental_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "storage_locations_practice_name_idx" ON "storage_locations" USING btree ("dental_practice_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "storage_locations_practice_main_idx" ON "storage_locations" USING btree ("dental_practice_id") WHERE "storage_locations"."is_main";--> statement-breakpoint
INSERT INTO "storage_locations" ("dental_practice_id", "name", "kind", "sort_order", "is_main") SELECT "id", 'Main store', 'store_room', 0, true FROM "dental_practices" ORDER BY "id";--> statement-breakpoint
-- A practice created from now on (the app, the seeder, an import, a test's factory) gets its main store in the same statement.
CREATE FUNCTION "storage_locations_main_store"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO storage_locations (dental_practice_id, name, kind, sort_order, is_main) VALUES (NEW.id, 'Main store', 'store_room', 0, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "dental_practices_main_store" AFTER INSERT ON "dental_practices" FOR EACH ROW EXECUTE FUNCTION storage_locations_main_store();--> statement-breakpoint
ALTER TABLE "dental_practices" ENABLE ALWAYS TRIGGER "dental_practices_main_store";--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "location_id" bigint;--> statement-breakpoint
UPDATE "lots" l SET "location_id" = s."id" FROM "inventories" i, "storage_locations" s WHERE i."id" = l."inventory_id" AND s."dental_practice_id" = i."dental_practice_id" AND s."is_main";--> statement-breakpoint
ALTER TABLE "lots" ALTER COLUMN "location_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_location_id_storage_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."storage_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lots_location_idx" ON "lots" USING btree ("location_id");--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "location_id" bigint;--> statement-breakpoint
-- Filling the new column changes no figure of the rollups: their update trigger is skipped for this one statement.
ALTER TABLE "stock_movements" DISABLE TRIGGER "stock_movements_rollup_update";--> statement-breakpoint
UPDATE "stock_movements" m SET "location_id" = l."location_id" FROM "lots" l WHERE l."id" = m."lot_id";--> statement-breakpoint
ALTER TABLE "stock_movements" ENABLE ALWAYS TRIGGER "stock_movements_rollup_update";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_location_id_storage_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."storage_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_location_with_lot" CHECK ("stock_movements"."lot_id" IS NULL OR "stock_movements"."location_id" IS NOT NULL);--> statement-breakpoint
CREATE INDEX "stock_movements_location_idx" ON "stock_movements" USING btree ("location_id");--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_type";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_type" CHECK ("stock_movements"."type" in ('receive', 'consume', 'adjust', 'transfer_out', 'transfer_in', 'expire', 'waste', 'return', 'move'));--> statement-breakpoint
ALTER TABLE "procedures" ADD COLUMN "location_id" bigint;--> statement-breakpoint
ALTER TABLE "procedures" ADD CONSTRAINT "procedures_location_id_storage_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."storage_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "procedures_location_idx" ON "procedures" USING btree ("location_id");
