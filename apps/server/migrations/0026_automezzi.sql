CREATE TABLE "automezzi" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"targa" text NOT NULL,
	"descrizione" text NOT NULL,
	"portata_t" numeric(5, 2) NOT NULL,
	"attivo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automezzi_portata_check" CHECK ("automezzi"."portata_t" > 0 and "automezzi"."portata_t" <= 60)
);
--> statement-breakpoint
ALTER TABLE "automezzi" ADD CONSTRAINT "automezzi_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automezzi_targa_unique" ON "automezzi" USING btree ("company_id","targa");--> statement-breakpoint
CREATE INDEX "automezzi_company_descrizione_idx" ON "automezzi" USING btree ("company_id","descrizione");