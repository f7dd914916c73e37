CREATE TABLE "inventories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dental_practice_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"reorder_point" numeric(14, 4) DEFAULT '0' NOT NULL,
	"par_level" numeric(14, 4) DEFAULT '0' NOT NULL,
	"location" varchar(120),
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"on_hand" numeric(16, 4) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventories_levels_not_negative" CHECK ("inventories"."reorder_point" >= 0 and "inventories"."par_level" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inventory_id" bigint NOT NULL,
	"lot_number" varchar(64),
	"expiry_date" date,
	"unit_cost" numeric(14, 4) DEFAULT '0' NOT NULL,
	"quantity" numeric(16, 4) DEFAULT '0' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_settings" (
	"dental_practice_id" bigint PRIMARY KEY NOT NULL,
	"allow_negative_stock" boolean DEFAULT false NOT NULL,
	"lead_time_days" integer DEFAULT 7 NOT NULL,
	"service_level" numeric(5, 4) DEFAULT '0.95' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procedure_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"procedure_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"cost" numeric(16, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "procedure_items_quantity_positive" CHECK ("procedure_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "procedures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dental_practice_id" bigint NOT NULL,
	"procedure_code_id" bigint NOT NULL,
	"procedure_template_id" bigint,
	"performed_at" timestamp with time zone NOT NULL,
	"provider" varchar(120),
	"status" varchar(16) DEFAULT 'completed' NOT NULL,
	"notes" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dental_practice_id" bigint NOT NULL,
	"inventory_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"lot_id" bigint,
	"type" varchar(16) NOT NULL,
	"quantity" numeric(16, 4) NOT NULL,
	"unit_cost" numeric(14, 4) DEFAULT '0' NOT NULL,
	"reason" text,
	"procedure_id" bigint,
	"procedure_item_id" bigint,
	"counterpart_practice_id" bigint,
	"user_id" bigint,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_type" CHECK ("stock_movements"."type" in ('receive', 'consume', 'adjust', 'transfer_out', 'transfer_in', 'expire', 'waste', 'return'))
);
--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_dental_practice_id_dental_practices_id_fk" FOREIGN KEY ("dental_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_settings" ADD CONSTRAINT "practice_settings_dental_practice_id_dental_practices_id_fk" FOREIGN KEY ("dental_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_items" ADD CONSTRAINT "procedure_items_procedure_id_procedures_id_fk" FOREIGN KEY ("procedure_id") REFERENCES "public"."procedures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_items" ADD CONSTRAINT "procedure_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedures" ADD CONSTRAINT "procedures_dental_practice_id_dental_practices_id_fk" FOREIGN KEY ("dental_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedures" ADD CONSTRAINT "procedures_procedure_code_id_procedure_codes_id_fk" FOREIGN KEY ("procedure_code_id") REFERENCES "public"."procedure_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedures" ADD CONSTRAINT "procedures_procedure_template_id_procedure_templates_id_fk" FOREIGN KEY ("procedure_template_id") REFERENCES "public"."procedure_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedures" ADD CONSTRAINT "procedures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_dental_practice_id_dental_practices_id_fk" FOREIGN KEY ("dental_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_procedure_id_procedures_id_fk" FOREIGN KEY ("procedure_id") REFERENCES "public"."procedures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_procedure_item_id_procedure_items_id_fk" FOREIGN KEY ("procedure_item_id") REFERENCES "public"."procedure_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_counterpart_practice_id_dental_practices_id_fk" FOREIGN KEY ("counterpart_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventories_practice_product_idx" ON "inventories" USING btree ("dental_practice_id","product_id");--> statement-breakpoint
CREATE INDEX "inventories_product_idx" ON "inventories" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "lots_inventory_expiry_idx" ON "lots" USING btree ("inventory_id","expiry_date");--> statement-breakpoint
CREATE INDEX "lots_expiry_idx" ON "lots" USING btree ("expiry_date");--> statement-breakpoint
CREATE INDEX "procedure_items_procedure_idx" ON "procedure_items" USING btree ("procedure_id");--> statement-breakpoint
CREATE INDEX "procedure_items_product_idx" ON "procedure_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "procedures_practice_performed_idx" ON "procedures" USING btree ("dental_practice_id","performed_at");--> statement-breakpoint
CREATE INDEX "procedures_code_idx" ON "procedures" USING btree ("procedure_code_id");--> statement-breakpoint
CREATE INDEX "procedures_template_idx" ON "procedures" USING btree ("procedure_template_id");--> statement-breakpoint
CREATE INDEX "stock_movements_inventory_idx" ON "stock_movements" USING btree ("inventory_id","occurred_at");--> statement-breakpoint
CREATE INDEX "stock_movements_practice_occurred_idx" ON "stock_movements" USING btree ("dental_practice_id","occurred_at");--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","occurred_at");--> statement-breakpoint
CREATE INDEX "stock_movements_lot_idx" ON "stock_movements" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "stock_movements_procedure_idx" ON "stock_movements" USING btree ("procedure_id");