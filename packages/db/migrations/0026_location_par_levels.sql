-- Par levels per storage location: how much of a product a location (an operatory) should hold, in usage units. The
-- restock list brings each location up to its par from the practice's main store (docs/locations.md).
CREATE TABLE "location_par_levels" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"location_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"par_quantity" numeric(14, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_par_levels_positive" CHECK ("location_par_levels"."par_quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "location_par_levels" ADD CONSTRAINT "location_par_levels_location_id_storage_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."storage_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_par_levels" ADD CONSTRAINT "location_par_levels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "location_par_levels_location_product_idx" ON "location_par_levels" USING btree ("location_id","product_id");--> statement-breakpoint
CREATE INDEX "location_par_levels_product_idx" ON "location_par_levels" USING btree ("product_id");
