CREATE TABLE "brands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"manufacturer" varchar(160),
	"website" varchar(300),
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"parent_id" bigint,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procedure_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"name" varchar(160) NOT NULL,
	"category" varchar(32) NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procedure_template_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"procedure_template_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	CONSTRAINT "procedure_template_items_quantity_positive" CHECK ("procedure_template_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "procedure_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(160) NOT NULL,
	"procedure_code_id" bigint NOT NULL,
	"description" text,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"sku" varchar(64) NOT NULL,
	"gtin" varchar(14),
	"brand_id" bigint,
	"category_id" bigint,
	"usage_unit" varchar(24) NOT NULL,
	"purchase_unit" varchar(24) NOT NULL,
	"units_per_purchase_unit" integer DEFAULT 1 NOT NULL,
	"purchase_price" numeric(14, 4) DEFAULT '0' NOT NULL,
	"tracks_lots" boolean DEFAULT false NOT NULL,
	"description" text,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_units_positive" CHECK ("products"."units_per_purchase_unit" > 0),
	CONSTRAINT "products_price_not_negative" CHECK ("products"."purchase_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_template_items" ADD CONSTRAINT "procedure_template_items_procedure_template_id_procedure_templates_id_fk" FOREIGN KEY ("procedure_template_id") REFERENCES "public"."procedure_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_template_items" ADD CONSTRAINT "procedure_template_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedure_templates" ADD CONSTRAINT "procedure_templates_procedure_code_id_procedure_codes_id_fk" FOREIGN KEY ("procedure_code_id") REFERENCES "public"."procedure_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_lower_idx" ON "brands" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "brands_status_idx" ON "brands" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_parent_name_idx" ON "categories" USING btree (coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "procedure_codes_code_upper_idx" ON "procedure_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "procedure_codes_category_idx" ON "procedure_codes" USING btree ("category");--> statement-breakpoint
CREATE UNIQUE INDEX "procedure_template_items_template_product_idx" ON "procedure_template_items" USING btree ("procedure_template_id","product_id");--> statement-breakpoint
CREATE INDEX "procedure_template_items_product_idx" ON "procedure_template_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "procedure_templates_name_lower_idx" ON "procedure_templates" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "procedure_templates_code_idx" ON "procedure_templates" USING btree ("procedure_code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_lower_idx" ON "products" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "products_gtin_idx" ON "products" USING btree ("gtin");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");