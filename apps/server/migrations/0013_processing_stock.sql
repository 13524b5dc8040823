CREATE TABLE "lastre" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"codice" text NOT NULL,
	"pacco_id" uuid NOT NULL,
	"blocco_id" uuid NOT NULL,
	"progressivo" integer NOT NULL,
	"lunghezza_mm" integer NOT NULL,
	"altezza_mm" integer NOT NULL,
	"mq" numeric(12, 2) NOT NULL,
	"scelta" text NOT NULL,
	"difetti" text[] DEFAULT '{}'::text[] NOT NULL,
	"cliente_id" uuid,
	"stato" text DEFAULT 'disponibile' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lastre_misure_check" CHECK ("lastre"."progressivo" between 1 and 999 and "lastre"."lunghezza_mm" > 0 and "lastre"."altezza_mm" > 0 and "lastre"."mq" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lavorazioni_lastre" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"codice" text NOT NULL,
	"blocco_id" uuid NOT NULL,
	"macchina_id" uuid NOT NULL,
	"spessore_mm" integer NOT NULL,
	"finitura" text NOT NULL,
	"resinatura" boolean DEFAULT false NOT NULL,
	"conto_terzi" boolean DEFAULT false NOT NULL,
	"terzista_id" uuid,
	"data_inizio" date,
	"data_fine" date,
	"numero_lastre" integer,
	"mq_totali" numeric(12, 2),
	"resa" numeric(10, 2),
	"resa_teorica" numeric(10, 2) NOT NULL,
	"stato" text DEFAULT 'pianificata' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lavorazioni_lastre_quantita_check" CHECK ("lavorazioni_lastre"."numero_lastre" >= 0 and "lavorazioni_lastre"."mq_totali" >= 0 and "lavorazioni_lastre"."spessore_mm" > 0)
);
--> statement-breakpoint
CREATE TABLE "lavorazioni_pavimenti" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"codice" text NOT NULL,
	"origine" text NOT NULL,
	"blocco_id" uuid,
	"materiale_id" uuid NOT NULL,
	"lunghezza_mm" integer NOT NULL,
	"larghezza_mm" integer NOT NULL,
	"spessore_mm" integer NOT NULL,
	"finitura" text NOT NULL,
	"bordo" text NOT NULL,
	"calibrato" boolean DEFAULT true NOT NULL,
	"data_inizio" date,
	"data_fine" date,
	"pezzi" integer,
	"mq_prodotti" numeric(12, 2),
	"scarto_mq" numeric(12, 2),
	"resa" numeric(10, 2),
	"stato" text DEFAULT 'pianificata' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lavorazioni_pavimenti_quantita_check" CHECK ("lavorazioni_pavimenti"."pezzi" >= 0 and "lavorazioni_pavimenti"."mq_prodotti" >= 0 and "lavorazioni_pavimenti"."scarto_mq" >= 0),
	CONSTRAINT "lavorazioni_pavimenti_origine_check" CHECK ("lavorazioni_pavimenti"."origine" in ('blocco', 'lastre') and ("lavorazioni_pavimenti"."origine" = 'lastre' or "lavorazioni_pavimenti"."blocco_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "lavorazioni_pavimenti_lastre" (
	"lavorazione_id" uuid NOT NULL,
	"lastra_id" uuid NOT NULL,
	CONSTRAINT "lavorazioni_pavimenti_lastre_lavorazione_id_lastra_id_pk" PRIMARY KEY("lavorazione_id","lastra_id")
);
--> statement-breakpoint
CREATE TABLE "lotti" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"codice" text NOT NULL,
	"lavorazione_id" uuid NOT NULL,
	"blocco_id" uuid,
	"materiale_id" uuid NOT NULL,
	"lunghezza_mm" integer NOT NULL,
	"larghezza_mm" integer NOT NULL,
	"spessore_mm" integer NOT NULL,
	"finitura" text NOT NULL,
	"bordo" text NOT NULL,
	"calibrato" boolean NOT NULL,
	"scelta" text NOT NULL,
	"pezzi" integer NOT NULL,
	"mq" numeric(12, 2) NOT NULL,
	"pezzi_per_cassa" integer NOT NULL,
	"casse" integer NOT NULL,
	"ubicazione_id" uuid,
	"prezzo_listino" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lotti_quantita_check" CHECK ("lotti"."pezzi" >= 0 and "lotti"."mq" >= 0 and "lotti"."casse" >= 0 and "lotti"."pezzi_per_cassa" > 0)
);
--> statement-breakpoint
CREATE TABLE "movimenti" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"pezzi" integer NOT NULL,
	"mq" numeric(12, 2) NOT NULL,
	"casse" integer,
	"blocco_id" uuid,
	"pacco_id" uuid,
	"lastra_id" uuid,
	"lotto_id" uuid,
	"causale" text,
	"documento" text,
	"cliente_id" uuid,
	"prezzo" numeric(12, 2),
	"unita_prezzo" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movimenti_segno_check" CHECK ("movimenti"."tipo" in ('carico', 'scarico', 'rettifica', 'trasferimento', 'riserva', 'rilascio')
        and ("movimenti"."tipo" <> 'carico' or ("movimenti"."pezzi" >= 0 and "movimenti"."mq" >= 0))
        and ("movimenti"."tipo" not in ('scarico', 'trasferimento') or ("movimenti"."pezzi" <= 0 and "movimenti"."mq" <= 0))
        and ("movimenti"."tipo" not in ('riserva', 'rilascio') or ("movimenti"."pezzi" = 0 and "movimenti"."mq" = 0))),
	CONSTRAINT "movimenti_oggetto_check" CHECK ("movimenti"."pacco_id" is not null or "movimenti"."lotto_id" is not null or "movimenti"."lastra_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "pacchi" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"codice" text NOT NULL,
	"lavorazione_id" uuid NOT NULL,
	"blocco_id" uuid NOT NULL,
	"materiale_id" uuid NOT NULL,
	"spessore_mm" integer NOT NULL,
	"finitura" text NOT NULL,
	"resinatura" boolean DEFAULT false NOT NULL,
	"scelta" text NOT NULL,
	"n_lastre" integer NOT NULL,
	"mq" numeric(12, 2) NOT NULL,
	"ubicazione_id" uuid,
	"prezzo_listino" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pacchi_quantita_check" CHECK ("pacchi"."n_lastre" >= 0 and "pacchi"."mq" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lastre" ADD CONSTRAINT "lastre_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lastre" ADD CONSTRAINT "lastre_pacco_id_pacchi_id_fk" FOREIGN KEY ("pacco_id") REFERENCES "public"."pacchi"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lastre" ADD CONSTRAINT "lastre_blocco_id_blocchi_id_fk" FOREIGN KEY ("blocco_id") REFERENCES "public"."blocchi"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lastre" ADD CONSTRAINT "lastre_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lavorazioni_lastre" ADD CONSTRAINT "lavorazioni_lastre_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lavorazioni_lastre" ADD CONSTRAINT "lavorazioni_lastre_blocco_id_blocchi_id_fk" FOREIGN KEY ("blocco_id") REFERENCES "public"."blocchi"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lavorazioni_lastre" ADD CONSTRAINT "lavorazioni_lastre_macchina_id_macchine_id_fk" FOREIGN KEY ("macchina_id") REFERENCES "public"."macchine"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lavorazioni_lastre" ADD CONSTRAINT "lavorazioni_lastre_terzista_id_fornitori_id_fk" FOREIGN KEY ("terzista_id") REFERENCES "public"."fornitori"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lavorazioni_pavimenti" ADD CONSTRAINT "lavorazioni_pavimenti_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lavorazioni_pavimenti" ADD CONSTRAINT "lavorazioni_pavimenti_blocco_id_blocchi_id_fk" FOREIGN KEY ("blocco_id") REFERENCES "public"."blocchi"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lavorazioni_pavimenti" ADD CONSTRAINT "lavorazioni_pavimenti_materiale_id_materiali_id_fk" FOREIGN KEY ("materiale_id") REFERENCES "public"."materiali"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lavorazioni_pavimenti_lastre" ADD CONSTRAINT "lavorazioni_pavimenti_lastre_lavorazione_id_lavorazioni_pavimenti_id_fk" FOREIGN KEY ("lavorazione_id") REFERENCES "public"."lavorazioni_pavimenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lavorazioni_pavimenti_lastre" ADD CONSTRAINT "lavorazioni_pavimenti_lastre_lastra_id_lastre_id_fk" FOREIGN KEY ("lastra_id") REFERENCES "public"."lastre"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotti" ADD CONSTRAINT "lotti_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotti" ADD CONSTRAINT "lotti_lavorazione_id_lavorazioni_pavimenti_id_fk" FOREIGN KEY ("lavorazione_id") REFERENCES "public"."lavorazioni_pavimenti"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotti" ADD CONSTRAINT "lotti_blocco_id_blocchi_id_fk" FOREIGN KEY ("blocco_id") REFERENCES "public"."blocchi"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotti" ADD CONSTRAINT "lotti_materiale_id_materiali_id_fk" FOREIGN KEY ("materiale_id") REFERENCES "public"."materiali"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotti" ADD CONSTRAINT "lotti_ubicazione_id_ubicazioni_id_fk" FOREIGN KEY ("ubicazione_id") REFERENCES "public"."ubicazioni"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimenti" ADD CONSTRAINT "movimenti_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimenti" ADD CONSTRAINT "movimenti_blocco_id_blocchi_id_fk" FOREIGN KEY ("blocco_id") REFERENCES "public"."blocchi"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimenti" ADD CONSTRAINT "movimenti_pacco_id_pacchi_id_fk" FOREIGN KEY ("pacco_id") REFERENCES "public"."pacchi"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimenti" ADD CONSTRAINT "movimenti_lastra_id_lastre_id_fk" FOREIGN KEY ("lastra_id") REFERENCES "public"."lastre"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimenti" ADD CONSTRAINT "movimenti_lotto_id_lotti_id_fk" FOREIGN KEY ("lotto_id") REFERENCES "public"."lotti"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimenti" ADD CONSTRAINT "movimenti_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimenti" ADD CONSTRAINT "movimenti_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacchi" ADD CONSTRAINT "pacchi_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacchi" ADD CONSTRAINT "pacchi_lavorazione_id_lavorazioni_lastre_id_fk" FOREIGN KEY ("lavorazione_id") REFERENCES "public"."lavorazioni_lastre"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacchi" ADD CONSTRAINT "pacchi_blocco_id_blocchi_id_fk" FOREIGN KEY ("blocco_id") REFERENCES "public"."blocchi"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacchi" ADD CONSTRAINT "pacchi_materiale_id_materiali_id_fk" FOREIGN KEY ("materiale_id") REFERENCES "public"."materiali"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacchi" ADD CONSTRAINT "pacchi_ubicazione_id_ubicazioni_id_fk" FOREIGN KEY ("ubicazione_id") REFERENCES "public"."ubicazioni"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lastre_codice_unique" ON "lastre" USING btree ("company_id","codice");--> statement-breakpoint
CREATE UNIQUE INDEX "lastre_blocco_progressivo_unique" ON "lastre" USING btree ("blocco_id","progressivo");--> statement-breakpoint
CREATE INDEX "lastre_pacco_idx" ON "lastre" USING btree ("pacco_id","progressivo");--> statement-breakpoint
CREATE INDEX "lastre_list_idx" ON "lastre" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lavorazioni_lastre_codice_unique" ON "lavorazioni_lastre" USING btree ("company_id","codice");--> statement-breakpoint
CREATE UNIQUE INDEX "lavorazioni_lastre_blocco_aperta_unique" ON "lavorazioni_lastre" USING btree ("blocco_id") WHERE "lavorazioni_lastre"."stato" in ('pianificata', 'in_segagione');--> statement-breakpoint
CREATE INDEX "lavorazioni_lastre_list_idx" ON "lavorazioni_lastre" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lavorazioni_lastre_blocco_idx" ON "lavorazioni_lastre" USING btree ("blocco_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lavorazioni_pavimenti_codice_unique" ON "lavorazioni_pavimenti" USING btree ("company_id","codice");--> statement-breakpoint
CREATE INDEX "lavorazioni_pavimenti_list_idx" ON "lavorazioni_pavimenti" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lavorazioni_pavimenti_blocco_idx" ON "lavorazioni_pavimenti" USING btree ("blocco_id");--> statement-breakpoint
CREATE INDEX "lavorazioni_pavimenti_lastre_lastra_idx" ON "lavorazioni_pavimenti_lastre" USING btree ("lastra_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lotti_codice_unique" ON "lotti" USING btree ("company_id","codice");--> statement-breakpoint
CREATE INDEX "lotti_list_idx" ON "lotti" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lotti_blocco_idx" ON "lotti" USING btree ("blocco_id");--> statement-breakpoint
CREATE INDEX "movimenti_list_idx" ON "movimenti" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "movimenti_pacco_idx" ON "movimenti" USING btree ("pacco_id");--> statement-breakpoint
CREATE INDEX "movimenti_lastra_idx" ON "movimenti" USING btree ("lastra_id");--> statement-breakpoint
CREATE INDEX "movimenti_lotto_idx" ON "movimenti" USING btree ("lotto_id");--> statement-breakpoint
CREATE INDEX "movimenti_blocco_idx" ON "movimenti" USING btree ("blocco_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pacchi_codice_unique" ON "pacchi" USING btree ("company_id","codice");--> statement-breakpoint
CREATE INDEX "pacchi_list_idx" ON "pacchi" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pacchi_blocco_idx" ON "pacchi" USING btree ("blocco_id");--> statement-breakpoint
CREATE INDEX "pacchi_lavorazione_idx" ON "pacchi" USING btree ("lavorazione_id");