CREATE TABLE "cave_tariffe" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cava_id" uuid NOT NULL,
	"valido_dal" date NOT NULL,
	"valido_al" date,
	"blocchi" numeric(8, 2) NOT NULL,
	"informi" numeric(8, 2) NOT NULL,
	"scaglie_bianche" numeric(8, 2) NOT NULL,
	"scaglie_scure" numeric(8, 2) NOT NULL,
	"scogliere" numeric(8, 2) NOT NULL,
	"terre" numeric(8, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blocchi" ADD COLUMN "data_pesata" date;--> statement-breakpoint
ALTER TABLE "blocchi" ADD COLUMN "numero_pesata" text;--> statement-breakpoint
ALTER TABLE "cave_tariffe" ADD CONSTRAINT "cave_tariffe_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cave_tariffe" ADD CONSTRAINT "cave_tariffe_cava_id_cave_id_fk" FOREIGN KEY ("cava_id") REFERENCES "public"."cave"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cave_tariffe_dal_unique" ON "cave_tariffe" USING btree ("cava_id","valido_dal");--> statement-breakpoint
CREATE INDEX "cave_tariffe_company_idx" ON "cave_tariffe" USING btree ("company_id");