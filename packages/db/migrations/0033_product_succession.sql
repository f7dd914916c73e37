-- Succession in the catalog (docs/product-rules.md#succession): a product may name the product that replaces it, the
-- day from which it does, and how many of the successor's usage units one of its own usage units equals. The three
-- are set together or not at all; a product never succeeds itself (longer cycles are refused by the API, under its
-- succession lock). A successor cannot be deleted while a product names it.
ALTER TABLE "products" ADD COLUMN "successor_id" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "succession_date" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "succession_factor" numeric(14, 6);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_successor_id_products_id_fk" FOREIGN KEY ("successor_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_succession_complete" CHECK (("products"."successor_id" is null) = ("products"."succession_date" is null) and ("products"."successor_id" is null) = ("products"."succession_factor" is null));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_succession_not_self" CHECK ("products"."successor_id" <> "products"."id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_succession_factor_positive" CHECK ("products"."succession_factor" > 0);--> statement-breakpoint
CREATE INDEX "products_successor_idx" ON "products" USING btree ("successor_id") WHERE "products"."successor_id" is not null;
