CREATE TABLE "trasferimenti" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"destinazione_company_id" uuid NOT NULL,
	"documento" text NOT NULL,
	"note" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trasferimenti_ditte_check" CHECK ("trasferimenti"."company_id" <> "trasferimenti"."destinazione_company_id")
);
--> statement-breakpoint
CREATE TABLE "trasferimenti_righe" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trasferimento_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"codice" text NOT NULL,
	"codice_destinazione" text NOT NULL,
	"origine_id" uuid NOT NULL,
	"destinazione_id" uuid NOT NULL,
	"pezzi" integer NOT NULL,
	"mq" numeric(12, 2) NOT NULL,
	"prezzo" numeric(12, 2) NOT NULL,
	CONSTRAINT "trasferimenti_righe_check" CHECK ("trasferimenti_righe"."tipo" in ('blocco', 'pacco', 'lotto') and "trasferimenti_righe"."pezzi" > 0 and "trasferimenti_righe"."mq" >= 0 and "trasferimenti_righe"."prezzo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "movimenti" DROP CONSTRAINT "movimenti_oggetto_check";--> statement-breakpoint
DROP INDEX "lastre_blocco_progressivo_unique";--> statement-breakpoint
ALTER TABLE "blocchi" ADD COLUMN "trasferito_da_id" uuid;--> statement-breakpoint
ALTER TABLE "lotti" ADD COLUMN "trasferito_da_id" uuid;--> statement-breakpoint
ALTER TABLE "pacchi" ADD COLUMN "trasferito_da_id" uuid;--> statement-breakpoint
ALTER TABLE "trasferimenti" ADD CONSTRAINT "trasferimenti_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trasferimenti" ADD CONSTRAINT "trasferimenti_destinazione_company_id_companies_id_fk" FOREIGN KEY ("destinazione_company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trasferimenti" ADD CONSTRAINT "trasferimenti_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trasferimenti_righe" ADD CONSTRAINT "trasferimenti_righe_trasferimento_id_trasferimenti_id_fk" FOREIGN KEY ("trasferimento_id") REFERENCES "public"."trasferimenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trasferimenti_company_idx" ON "trasferimenti" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "trasferimenti_destinazione_idx" ON "trasferimenti" USING btree ("destinazione_company_id","created_at");--> statement-breakpoint
CREATE INDEX "trasferimenti_righe_trasferimento_idx" ON "trasferimenti_righe" USING btree ("trasferimento_id");--> statement-breakpoint
CREATE INDEX "trasferimenti_righe_origine_idx" ON "trasferimenti_righe" USING btree ("origine_id");--> statement-breakpoint
CREATE INDEX "trasferimenti_righe_destinazione_idx" ON "trasferimenti_righe" USING btree ("destinazione_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lastre_blocco_progressivo_unique" ON "lastre" USING btree ("company_id","blocco_id","progressivo");--> statement-breakpoint
ALTER TABLE "movimenti" ADD CONSTRAINT "movimenti_oggetto_check" CHECK ("movimenti"."pacco_id" is not null or "movimenti"."lotto_id" is not null or "movimenti"."lastra_id" is not null or "movimenti"."blocco_id" is not null);--> statement-breakpoint
-- Code series are shared by every company of the installation (docs/domain.md "Codes and fiscal numbers": one code names one stone in the whole group, so a transferred stone keeps its code): one row per series and year under the nil company id, continuing after the highest number any company used.
INSERT INTO "code_sequences" ("company_id", "series", "year", "last") SELECT '00000000-0000-0000-0000-000000000000', "series", "year", max("last") FROM "code_sequences" GROUP BY "series", "year" ON CONFLICT ("company_id", "series", "year") DO NOTHING;--> statement-breakpoint
DELETE FROM "code_sequences" WHERE "company_id" <> '00000000-0000-0000-0000-000000000000';
