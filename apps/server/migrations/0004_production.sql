CREATE TABLE "cave" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"codice" text NOT NULL,
	"nome" text NOT NULL,
	"comune" text,
	"bacino" text,
	"concessione" text,
	"attiva" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "macchine" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"kerf_mm" numeric(5, 1) DEFAULT 5 NOT NULL,
	"rifilo_mm" numeric(6, 1) DEFAULT 20 NOT NULL,
	"attiva" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "materiali" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"nome" text NOT NULL,
	"tipo" text DEFAULT 'marmo' NOT NULL,
	"densita" numeric(4, 2) DEFAULT 2.7 NOT NULL,
	"attivo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ubicazioni" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"attiva" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bancate" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"codice" text NOT NULL,
	"cava_id" uuid NOT NULL,
	"fronte" text,
	"materiale_id" uuid NOT NULL,
	"data_taglio" date NOT NULL,
	"data_ribaltamento" date,
	"lunghezza" integer NOT NULL,
	"altezza" integer NOT NULL,
	"profondita" integer NOT NULL,
	"volume_lordo" numeric(10, 3) NOT NULL,
	"peso_stimato" numeric(10, 2) NOT NULL,
	"metodo_taglio" text,
	"informi_t" numeric(10, 2),
	"scaglie_t" numeric(10, 2),
	"terre_t" numeric(10, 2),
	"note" text,
	"stato" text DEFAULT 'pianificata' NOT NULL,
	"resa_chiusura" numeric(6, 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blocchi" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"codice" text NOT NULL,
	"origine" text NOT NULL,
	"bancata_id" uuid,
	"cava_id" uuid,
	"fornitore_id" uuid,
	"numero_fornitore" text,
	"data_acquisto" date,
	"prezzo_acquisto" numeric(12, 2),
	"unita_prezzo_acquisto" text,
	"costo_trasporto" numeric(12, 2),
	"codice_tracciabilita" text,
	"materiale_id" uuid NOT NULL,
	"scelta" text DEFAULT 'prima' NOT NULL,
	"categoria" text DEFAULT 'squadrato' NOT NULL,
	"difettoso" boolean DEFAULT false NOT NULL,
	"difetti" text[] DEFAULT '{}'::text[] NOT NULL,
	"note_difetti" text,
	"lunghezza" integer NOT NULL,
	"altezza" integer NOT NULL,
	"profondita" integer NOT NULL,
	"lunghezza_netta" integer NOT NULL,
	"altezza_netta" integer NOT NULL,
	"profondita_netta" integer NOT NULL,
	"volume_lordo" numeric(10, 3) NOT NULL,
	"volume_netto" numeric(10, 3) NOT NULL,
	"peso_pesa" numeric(10, 2),
	"peso_teorico" numeric(10, 2) NOT NULL,
	"ubicazione_id" uuid,
	"prezzo_listino" numeric(12, 2),
	"unita_prezzo" text DEFAULT 'm3' NOT NULL,
	"cliente_id" uuid,
	"opzione_scadenza" timestamp with time zone,
	"stato" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_sequences" (
	"company_id" uuid NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "code_sequences_company_id_series_year_pk" PRIMARY KEY("company_id","series","year")
);
--> statement-breakpoint
ALTER TABLE "cave" ADD CONSTRAINT "cave_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "macchine" ADD CONSTRAINT "macchine_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materiali" ADD CONSTRAINT "materiali_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ubicazioni" ADD CONSTRAINT "ubicazioni_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bancate" ADD CONSTRAINT "bancate_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bancate" ADD CONSTRAINT "bancate_cava_id_cave_id_fk" FOREIGN KEY ("cava_id") REFERENCES "public"."cave"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bancate" ADD CONSTRAINT "bancate_materiale_id_materiali_id_fk" FOREIGN KEY ("materiale_id") REFERENCES "public"."materiali"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocchi" ADD CONSTRAINT "blocchi_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocchi" ADD CONSTRAINT "blocchi_bancata_id_bancate_id_fk" FOREIGN KEY ("bancata_id") REFERENCES "public"."bancate"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocchi" ADD CONSTRAINT "blocchi_cava_id_cave_id_fk" FOREIGN KEY ("cava_id") REFERENCES "public"."cave"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocchi" ADD CONSTRAINT "blocchi_fornitore_id_fornitori_id_fk" FOREIGN KEY ("fornitore_id") REFERENCES "public"."fornitori"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocchi" ADD CONSTRAINT "blocchi_materiale_id_materiali_id_fk" FOREIGN KEY ("materiale_id") REFERENCES "public"."materiali"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocchi" ADD CONSTRAINT "blocchi_ubicazione_id_ubicazioni_id_fk" FOREIGN KEY ("ubicazione_id") REFERENCES "public"."ubicazioni"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocchi" ADD CONSTRAINT "blocchi_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cave_codice_unique" ON "cave" USING btree ("company_id","codice");--> statement-breakpoint
CREATE UNIQUE INDEX "macchine_nome_unique" ON "macchine" USING btree ("company_id","nome");--> statement-breakpoint
CREATE INDEX "macchine_company_idx" ON "macchine" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "materiali_nome_unique" ON "materiali" USING btree ("company_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "ubicazioni_nome_unique" ON "ubicazioni" USING btree ("company_id","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "bancate_codice_unique" ON "bancate" USING btree ("company_id","codice");--> statement-breakpoint
CREATE INDEX "bancate_company_data_idx" ON "bancate" USING btree ("company_id","data_taglio");--> statement-breakpoint
CREATE INDEX "bancate_company_stato_idx" ON "bancate" USING btree ("company_id","stato");--> statement-breakpoint
CREATE UNIQUE INDEX "blocchi_codice_unique" ON "blocchi" USING btree ("company_id","codice");--> statement-breakpoint
CREATE INDEX "blocchi_list_idx" ON "blocchi" USING btree ("company_id","origine","created_at");--> statement-breakpoint
CREATE INDEX "blocchi_stato_idx" ON "blocchi" USING btree ("company_id","origine","stato","created_at");--> statement-breakpoint
CREATE INDEX "blocchi_materiale_idx" ON "blocchi" USING btree ("company_id","origine","materiale_id","created_at");--> statement-breakpoint
CREATE INDEX "blocchi_bancata_idx" ON "blocchi" USING btree ("bancata_id");--> statement-breakpoint
CREATE INDEX "blocchi_fornitore_idx" ON "blocchi" USING btree ("fornitore_id");--> statement-breakpoint
CREATE INDEX "blocchi_opzione_idx" ON "blocchi" USING btree ("opzione_scadenza") WHERE "blocchi"."stato" = 'opzionato';