CREATE TABLE "stock_take_counts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"stock_take_line_id" bigint NOT NULL,
	"user_id" bigint,
	"quantity" numeric(16, 4) NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_take_counts_quantity" CHECK ("stock_take_counts"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_take_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"stock_take_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"inventory_id" bigint NOT NULL,
	"expected_quantity" numeric(16, 4) NOT NULL,
	"unit_cost" numeric(14, 4) NOT NULL,
	"chosen_count_id" bigint,
	"reason" text,
	"movements_since" numeric(16, 4),
	"variance" numeric(16, 4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_takes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dental_practice_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"category_id" bigint,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"blind" boolean DEFAULT true NOT NULL,
	"movement_watermark" bigint DEFAULT 0 NOT NULL,
	"started_by" bigint,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" bigint,
	"approved_at" timestamp with time zone,
	"cancelled_by" bigint,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_takes_status" CHECK ("stock_takes"."status" in ('open', 'approved', 'cancelled')),
	CONSTRAINT "stock_takes_kind" CHECK ("stock_takes"."kind" in ('all', 'category', 'cycle') and ("stock_takes"."kind" <> 'category' or "stock_takes"."category_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "practice_settings" ADD COLUMN "stock_take_approval_threshold" numeric(14, 2) DEFAULT '250' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_take_counts" ADD CONSTRAINT "stock_take_counts_stock_take_line_id_stock_take_lines_id_fk" FOREIGN KEY ("stock_take_line_id") REFERENCES "public"."stock_take_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_counts" ADD CONSTRAINT "stock_take_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_lines" ADD CONSTRAINT "stock_take_lines_stock_take_id_stock_takes_id_fk" FOREIGN KEY ("stock_take_id") REFERENCES "public"."stock_takes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_lines" ADD CONSTRAINT "stock_take_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_lines" ADD CONSTRAINT "stock_take_lines_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_lines" ADD CONSTRAINT "stock_take_lines_chosen_count_id_stock_take_counts_id_fk" FOREIGN KEY ("chosen_count_id") REFERENCES "public"."stock_take_counts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_dental_practice_id_dental_practices_id_fk" FOREIGN KEY ("dental_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_take_counts_line_idx" ON "stock_take_counts" USING btree ("stock_take_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_take_lines_take_product_idx" ON "stock_take_lines" USING btree ("stock_take_id","product_id");--> statement-breakpoint
CREATE INDEX "stock_take_lines_product_idx" ON "stock_take_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "stock_takes_practice_status_idx" ON "stock_takes" USING btree ("dental_practice_id","status");--> statement-breakpoint
INSERT INTO "permissions" ("name", "action", "subject", "conditions") VALUES
  ('manage StockTake (own practices)', 'manage', 'StockTake', '{"dentalPracticeId":{"$in":"${user.practiceIds}"}}'),
  ('read StockTake (own practices)', 'read', 'StockTake', '{"dentalPracticeId":{"$in":"${user.practiceIds}"}}'),
  ('update StockTake (own practices)', 'update', 'StockTake', '{"dentalPracticeId":{"$in":"${user.practiceIds}"}}')
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r JOIN "permissions" p ON (r."name", p."name") IN (
  ('Practice Manager', 'manage StockTake (own practices)'),
  ('Clinical Staff', 'read StockTake (own practices)'),
  ('Clinical Staff', 'update StockTake (own practices)'),
  ('Viewer', 'read StockTake (own practices)')
) WHERE r."is_system"
ON CONFLICT DO NOTHING;
