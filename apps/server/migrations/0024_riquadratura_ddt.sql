CREATE TABLE "ddt" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"numero" integer,
	"anno" integer,
	"data" date,
	"stato" text DEFAULT 'bozza' NOT NULL,
	"causale" text NOT NULL,
	"cliente_id" uuid NOT NULL,
	"destinazione_company_id" uuid,
	"destinatario" jsonb NOT NULL,
	"destinazione_indirizzo" text NOT NULL,
	"destinazione_cap" text,
	"destinazione_comune" text NOT NULL,
	"destinazione_provincia" text,
	"destinazione_nazione" text,
	"trasporto_a_cura" text NOT NULL,
	"vettore_ragione_sociale" text,
	"vettore_partita_iva" text,
	"vettore_targa" text,
	"porto" text NOT NULL,
	"aspetto" text,
	"inizio_trasporto" timestamp with time zone,
	"note" text,
	"colli" integer DEFAULT 0 NOT NULL,
	"peso_kg" integer DEFAULT 0 NOT NULL,
	"mq" numeric(12, 2) DEFAULT 0 NOT NULL,
	"m3" numeric(12, 3) DEFAULT 0 NOT NULL,
	"emesso_at" timestamp with time zone,
	"annullato_motivo" text,
	"annullato_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ddt_stato_check" CHECK ("ddt"."stato" in ('bozza', 'emesso', 'annullato') and ("ddt"."stato" = 'bozza') = ("ddt"."numero" is null) and ("ddt"."numero" is null) = ("ddt"."anno" is null)),
	CONSTRAINT "ddt_valori_check" CHECK ("ddt"."causale" in ('vendita', 'trasferimento') and "ddt"."trasporto_a_cura" in ('mittente', 'destinatario', 'vettore') and "ddt"."porto" in ('franco', 'assegnato')
      and ("ddt"."trasporto_a_cura" <> 'vettore' or "ddt"."vettore_ragione_sociale" is not null) and "ddt"."colli" >= 0 and "ddt"."peso_kg" >= 0 and "ddt"."numero" > 0)
);
--> statement-breakpoint
CREATE TABLE "ddt_contatori" (
	"company_id" uuid NOT NULL,
	"anno" integer NOT NULL,
	"ultimo" integer NOT NULL,
	CONSTRAINT "ddt_contatori_company_id_anno_pk" PRIMARY KEY("company_id","anno"),
	CONSTRAINT "ddt_contatori_check" CHECK ("ddt_contatori"."ultimo" > 0)
);
--> statement-breakpoint
CREATE TABLE "ddt_righe" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ddt_id" uuid NOT NULL,
	"posizione" integer NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"lotto_id" uuid,
	"codice" text NOT NULL,
	"descrizione" text NOT NULL,
	"materiale" text NOT NULL,
	"scelta" text,
	"misure" text NOT NULL,
	"pezzi" integer NOT NULL,
	"casse" integer,
	"mq" numeric(12, 2),
	"m3" numeric(12, 3),
	"peso_kg" integer NOT NULL,
	"peso_base" text NOT NULL,
	"colli" integer NOT NULL,
	"lastra_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	CONSTRAINT "ddt_righe_check" CHECK ("ddt_righe"."entity_type" in ('blocco', 'pacco', 'lastra', 'lotto') and "ddt_righe"."pezzi" > 0 and "ddt_righe"."peso_kg" >= 0 and "ddt_righe"."colli" >= 0 and "ddt_righe"."peso_base" in ('pesato', 'teorico', 'calcolato'))
);
--> statement-breakpoint
ALTER TABLE "movimenti" DROP CONSTRAINT "movimenti_segno_check";--> statement-breakpoint
ALTER TABLE "blocchi" ADD COLUMN "data_riquadratura" date DEFAULT (now() at time zone 'Europe/Rome')::date NOT NULL;--> statement-breakpoint
ALTER TABLE "movimenti" ADD COLUMN "ddt_id" uuid;--> statement-breakpoint
ALTER TABLE "movimenti" ADD COLUMN "pezzi_spediti" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ddt" ADD CONSTRAINT "ddt_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ddt" ADD CONSTRAINT "ddt_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ddt" ADD CONSTRAINT "ddt_destinazione_company_id_companies_id_fk" FOREIGN KEY ("destinazione_company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ddt" ADD CONSTRAINT "ddt_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ddt_contatori" ADD CONSTRAINT "ddt_contatori_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ddt_righe" ADD CONSTRAINT "ddt_righe_ddt_id_ddt_id_fk" FOREIGN KEY ("ddt_id") REFERENCES "public"."ddt"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ddt_numero_unique" ON "ddt" USING btree ("company_id","anno","numero") WHERE "ddt"."numero" is not null;--> statement-breakpoint
CREATE INDEX "ddt_list_idx" ON "ddt" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ddt_cliente_idx" ON "ddt" USING btree ("company_id","cliente_id");--> statement-breakpoint
CREATE INDEX "ddt_righe_ddt_idx" ON "ddt_righe" USING btree ("ddt_id","posizione");--> statement-breakpoint
CREATE INDEX "ddt_righe_entity_idx" ON "ddt_righe" USING btree ("entity_id");--> statement-breakpoint
ALTER TABLE "movimenti" ADD CONSTRAINT "movimenti_ddt_id_ddt_id_fk" FOREIGN KEY ("ddt_id") REFERENCES "public"."ddt"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocchi_riquadratura_idx" ON "blocchi" USING btree ("company_id","origine","data_riquadratura");--> statement-breakpoint
CREATE INDEX "movimenti_ddt_idx" ON "movimenti" USING btree ("ddt_id");--> statement-breakpoint
ALTER TABLE "movimenti" ADD CONSTRAINT "movimenti_spediti_check" CHECK ("movimenti"."pezzi_spediti" >= 0 and "movimenti"."pezzi_spediti" <= greatest(-"movimenti"."pezzi", 0));--> statement-breakpoint
ALTER TABLE "movimenti" ADD CONSTRAINT "movimenti_segno_check" CHECK ("movimenti"."tipo" in ('carico', 'scarico', 'rettifica', 'trasferimento', 'riserva', 'rilascio', 'spedizione')
        and ("movimenti"."tipo" <> 'carico' or ("movimenti"."pezzi" >= 0 and "movimenti"."mq" >= 0))
        and ("movimenti"."tipo" not in ('scarico', 'trasferimento') or ("movimenti"."pezzi" <= 0 and "movimenti"."mq" <= 0))
        and ("movimenti"."tipo" not in ('riserva', 'rilascio', 'spedizione') or ("movimenti"."pezzi" = 0 and "movimenti"."mq" = 0)));--> statement-breakpoint
-- Existing blocks were squared, as far as anyone knows, the day they were entered (Rome's calendar).
UPDATE "blocchi" SET "data_riquadratura" = ("created_at" at time zone 'Europe/Rome')::date;--> statement-breakpoint
-- Issue 25 item 8: informi count by weight, not in a bancata's yield; the frozen yields are taken again without them.
UPDATE "bancate" ba SET "resa_chiusura" = (
  SELECT round(coalesce(sum(b."volume_netto"), 0) / nullif(ba."volume_lordo", 0) * 100, 1)
  FROM "blocchi" b WHERE b."bancata_id" = ba."id" AND b."categoria" <> 'informe'
) WHERE ba."stato" = 'chiusa';
