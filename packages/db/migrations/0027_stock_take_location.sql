-- A stock take of one storage location (docs/stock-takes.md): the location it counts, and `location` as a kind.
ALTER TABLE "stock_takes" ADD COLUMN "location_id" bigint;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_location_id_storage_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."storage_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" DROP CONSTRAINT "stock_takes_kind";--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_kind" CHECK ("stock_takes"."kind" in ('all', 'category', 'cycle', 'location') and ("stock_takes"."kind" <> 'category' or "stock_takes"."category_id" is not null) and (("stock_takes"."kind" = 'location') = ("stock_takes"."location_id" is not null)));--> statement-breakpoint
CREATE INDEX "stock_takes_location_idx" ON "stock_takes" USING btree ("location_id");
