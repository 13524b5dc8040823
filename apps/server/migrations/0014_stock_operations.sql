CREATE TABLE "riserve_lotti" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"lotto_id" uuid NOT NULL,
	"cliente_id" uuid NOT NULL,
	"pezzi" integer NOT NULL,
	"scadenza" date NOT NULL,
	"stato" text DEFAULT 'attiva' NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "riserve_lotti_check" CHECK ("riserve_lotti"."pezzi" > 0 and "riserve_lotti"."stato" in ('attiva', 'rilasciata', 'scaduta', 'evasa'))
);
--> statement-breakpoint
ALTER TABLE "lastre" ADD COLUMN "scadenza_riserva" date;--> statement-breakpoint
ALTER TABLE "lastre" ADD COLUMN "ubicazione_id" uuid;--> statement-breakpoint
ALTER TABLE "lotti" ADD COLUMN "pezzi_riservati" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lotti" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "pacchi" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "riserve_lotti" ADD CONSTRAINT "riserve_lotti_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riserve_lotti" ADD CONSTRAINT "riserve_lotti_lotto_id_lotti_id_fk" FOREIGN KEY ("lotto_id") REFERENCES "public"."lotti"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riserve_lotti" ADD CONSTRAINT "riserve_lotti_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "riserve_lotti" ADD CONSTRAINT "riserve_lotti_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "riserve_lotti_lotto_idx" ON "riserve_lotti" USING btree ("lotto_id","stato");--> statement-breakpoint
CREATE INDEX "riserve_lotti_attive_idx" ON "riserve_lotti" USING btree ("company_id","scadenza") WHERE "riserve_lotti"."stato" = 'attiva';--> statement-breakpoint
ALTER TABLE "lastre" ADD CONSTRAINT "lastre_ubicazione_id_ubicazioni_id_fk" FOREIGN KEY ("ubicazione_id") REFERENCES "public"."ubicazioni"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lastre_riservate_idx" ON "lastre" USING btree ("company_id","scadenza_riserva") WHERE "lastre"."stato" = 'riservata';--> statement-breakpoint
ALTER TABLE "lastre" ADD CONSTRAINT "lastre_riserva_check" CHECK ("lastre"."stato" <> 'riservata' or ("lastre"."cliente_id" is not null and "lastre"."scadenza_riserva" is not null));--> statement-breakpoint
ALTER TABLE "lotti" ADD CONSTRAINT "lotti_riservati_check" CHECK ("lotti"."pezzi_riservati" >= 0 and "lotti"."pezzi_riservati" <= "lotti"."pezzi");