CREATE TABLE "purchase_order_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchase_order_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"supplier_offer_id" bigint,
	"supplier_sku" varchar(64),
	"purchase_unit" varchar(32) NOT NULL,
	"units_per_purchase_unit" numeric(14, 4) DEFAULT '1' NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"unit_price" numeric(14, 4) NOT NULL,
	"received_quantity" numeric(14, 4) DEFAULT '0' NOT NULL,
	"invoiced_unit_price" numeric(14, 4),
	"returned_units" numeric(16, 4) DEFAULT '0' NOT NULL,
	"credit_expected" numeric(16, 4) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_lines_values" CHECK ("purchase_order_lines"."quantity" > 0 and "purchase_order_lines"."unit_price" >= 0 and "purchase_order_lines"."units_per_purchase_unit" > 0 and "purchase_order_lines"."received_quantity" >= 0 and "purchase_order_lines"."returned_units" >= 0 and "purchase_order_lines"."returned_units" <= "purchase_order_lines"."received_quantity" * "purchase_order_lines"."units_per_purchase_unit")
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dental_practice_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"number" varchar(32) NOT NULL,
	"status" varchar(24) DEFAULT 'draft' NOT NULL,
	"currency" varchar(3) NOT NULL,
	"total" numeric(16, 4) DEFAULT '0' NOT NULL,
	"notes" text,
	"expected_at" date,
	"created_by" bigint,
	"submitted_by" bigint,
	"approved_by" bigint,
	"approved_at" timestamp with time zone,
	"rejected_reason" text,
	"sent_at" timestamp with time zone,
	"sent_to" varchar(254),
	"received_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_status" CHECK ("purchase_orders"."status" in ('draft', 'awaiting_approval', 'approved', 'sent', 'partially_received', 'received', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "stock_out_days" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dental_practice_id" bigint NOT NULL,
	"inventory_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"day" date NOT NULL,
	"kind" varchar(16) NOT NULL,
	"short_quantity" numeric(16, 4) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_out_days_kind" CHECK ("stock_out_days"."kind" in ('shortfall', 'zero_on_hand'))
);
--> statement-breakpoint
CREATE TABLE "supplier_offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"supplier_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"supplier_sku" varchar(64),
	"purchase_unit" varchar(32) NOT NULL,
	"units_per_purchase_unit" numeric(14, 4) DEFAULT '1' NOT NULL,
	"price" numeric(14, 4) NOT NULL,
	"minimum_order_quantity" integer DEFAULT 1 NOT NULL,
	"lead_time_days" integer,
	"preferred" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_offers_values" CHECK ("supplier_offers"."units_per_purchase_unit" > 0 and "supplier_offers"."price" >= 0 and "supplier_offers"."minimum_order_quantity" >= 1 and ("supplier_offers"."lead_time_days" is null or "supplier_offers"."lead_time_days" >= 0))
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"account_number" varchar(64),
	"contact_person" varchar(120),
	"email" varchar(254),
	"phone" varchar(40),
	"address" text,
	"lead_time_days" integer DEFAULT 7 NOT NULL,
	"minimum_order_value" numeric(14, 4) DEFAULT '0' NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_values" CHECK ("suppliers"."lead_time_days" >= 0 and "suppliers"."minimum_order_value" >= 0)
);
--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "policy_mode" varchar(16) DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "suggested_reorder_point" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "suggested_order_up_to" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "suggestion" jsonb;--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "suggested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "practice_settings" ADD COLUMN "monthly_supply_budget" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "practice_settings" ADD COLUMN "po_approval_threshold" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "practice_settings" ADD COLUMN "over_receipt_tolerance" numeric(5, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "purchase_order_line_id" bigint;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_supplier_offer_id_supplier_offers_id_fk" FOREIGN KEY ("supplier_offer_id") REFERENCES "public"."supplier_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_dental_practice_id_dental_practices_id_fk" FOREIGN KEY ("dental_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_out_days" ADD CONSTRAINT "stock_out_days_dental_practice_id_dental_practices_id_fk" FOREIGN KEY ("dental_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_out_days" ADD CONSTRAINT "stock_out_days_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_out_days" ADD CONSTRAINT "stock_out_days_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_offers" ADD CONSTRAINT "supplier_offers_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_offers" ADD CONSTRAINT "supplier_offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_lines_order_idx" ON "purchase_order_lines" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_product_idx" ON "purchase_order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number_idx" ON "purchase_orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "purchase_orders_practice_status_idx" ON "purchase_orders" USING btree ("dental_practice_id","status");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_out_days_inventory_day_idx" ON "stock_out_days" USING btree ("inventory_id","day");--> statement-breakpoint
CREATE INDEX "stock_out_days_practice_day_idx" ON "stock_out_days" USING btree ("dental_practice_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_offers_supplier_product_idx" ON "supplier_offers" USING btree ("supplier_id","product_id");--> statement-breakpoint
CREATE INDEX "supplier_offers_product_idx" ON "supplier_offers" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_offers_one_preferred_idx" ON "supplier_offers" USING btree ("product_id") WHERE "supplier_offers"."preferred";--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_name_lower_idx" ON "suppliers" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_purchase_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("purchase_order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_po_line_idx" ON "stock_movements" USING btree ("purchase_order_line_id");--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_policy_mode" CHECK ("inventories"."policy_mode" in ('manual', 'forecast'));--> statement-breakpoint
INSERT INTO "permissions" ("name", "action", "subject", "conditions") VALUES
  ('manage Supplier', 'manage', 'Supplier', NULL),
  ('read Supplier', 'read', 'Supplier', NULL),
  ('manage PurchaseOrder (own practices)', 'manage', 'PurchaseOrder', '{"dentalPracticeId":{"$in":"${user.practiceIds}"}}'),
  ('read PurchaseOrder (own practices)', 'read', 'PurchaseOrder', '{"dentalPracticeId":{"$in":"${user.practiceIds}"}}'),
  ('receive PurchaseOrder (own practices)', 'receive', 'PurchaseOrder', '{"dentalPracticeId":{"$in":"${user.practiceIds}"}}')
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r JOIN "permissions" p ON (r."name", p."name") IN (
  ('Practice Manager', 'manage Supplier'),
  ('Practice Manager', 'manage PurchaseOrder (own practices)'),
  ('Clinical Staff', 'read Supplier'),
  ('Clinical Staff', 'read PurchaseOrder (own practices)'),
  ('Clinical Staff', 'receive PurchaseOrder (own practices)'),
  ('Viewer', 'read Supplier'),
  ('Viewer', 'read PurchaseOrder (own practices)')
) WHERE r."is_system"
ON CONFLICT DO NOTHING;
