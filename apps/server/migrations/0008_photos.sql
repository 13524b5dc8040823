CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"codice" text,
	"description" text,
	"user_id" uuid,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"checksum" text NOT NULL,
	"taken_at" timestamp with time zone,
	"original_key" text NOT NULL,
	"preview_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"file_missing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_company_idx" ON "photos" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "photos_entity_idx" ON "photos" USING btree ("company_id","entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "photos_search_trgm_idx" ON "photos" USING gin ((coalesce("codice", '') || ' ' || coalesce("description", '')) gin_trgm_ops);