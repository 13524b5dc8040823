CREATE TABLE "fatture" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"tipo_documento" text NOT NULL,
	"stato" text DEFAULT 'bozza' NOT NULL,
	"numero" integer,
	"anno" integer,
	"data" date NOT NULL,
	"cliente_id" uuid NOT NULL,
	"cessionario" jsonb NOT NULL,
	"fattura_collegata_id" uuid,
	"causale" text,
	"note" text,
	"addebita_bollo" boolean DEFAULT false NOT NULL,
	"bollo" numeric(14, 2),
	"pagamento" jsonb,
	"riepilogo" jsonb NOT NULL,
	"imponibile" numeric(14, 2) NOT NULL,
	"imposta" numeric(14, 2) NOT NULL,
	"totale" numeric(14, 2) NOT NULL,
	"nome_file" text,
	"esito" text,
	"emessa_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fatture_valori_check" CHECK ("fatture"."tipo_documento" in ('TD24', 'TD01', 'TD04') and "fatture"."stato" in ('bozza', 'emessa')
        and ("fatture"."stato" = 'bozza' or "fatture"."numero" is not null) and ("fatture"."numero" is null) = ("fatture"."anno" is null)
        and ("fatture"."numero" is null or "fatture"."numero" > 0)
        and ("fatture"."esito" is null or "fatture"."esito" in ('consegnata', 'scartata', 'mancata_consegna')))
);
--> statement-breakpoint
CREATE TABLE "fatture_contatori" (
	"company_id" uuid NOT NULL,
	"anno" integer NOT NULL,
	"ultimo" integer NOT NULL,
	CONSTRAINT "fatture_contatori_company_id_anno_pk" PRIMARY KEY("company_id","anno"),
	CONSTRAINT "fatture_contatori_check" CHECK ("fatture_contatori"."ultimo" > 0)
);
--> statement-breakpoint
CREATE TABLE "fatture_ddt_righe" (
	"ddt_riga_id" uuid PRIMARY KEY NOT NULL,
	"fattura_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fatture_esiti" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fattura_id" uuid NOT NULL,
	"esito" text NOT NULL,
	"data" date NOT NULL,
	"note" text,
	"nome_file" text,
	"notifica_nome" text,
	"notifica_xml" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fatture_righe" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fattura_id" uuid NOT NULL,
	"numero_linea" integer NOT NULL,
	"ddt_id" uuid,
	"ddt_riga_id" uuid,
	"entity_type" text,
	"entity_id" uuid,
	"codice" text,
	"descrizione" text NOT NULL,
	"quantita" numeric(18, 3),
	"unita_misura" text,
	"prezzo_unitario" numeric(18, 6) NOT NULL,
	"sconto_percentuale" numeric(5, 2),
	"prezzo_totale" numeric(14, 2) NOT NULL,
	"aliquota_iva" numeric(5, 2) NOT NULL,
	"natura" text,
	CONSTRAINT "fatture_righe_iva_check" CHECK (("fatture_righe"."aliquota_iva" = 0) = ("fatture_righe"."natura" is not null) and "fatture_righe"."aliquota_iva" >= 0)
);
--> statement-breakpoint
ALTER TABLE "clienti" ADD COLUMN "dichiarazione_intento" jsonb;--> statement-breakpoint
ALTER TABLE "clienti" ADD COLUMN "pagamento" jsonb;--> statement-breakpoint
ALTER TABLE "fornitori" ADD COLUMN "dichiarazione_intento" jsonb;--> statement-breakpoint
ALTER TABLE "fornitori" ADD COLUMN "pagamento" jsonb;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "regime_fiscale" text DEFAULT 'RF01' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "rea_ufficio" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "rea_numero" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "capitale_sociale" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "socio_unico" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "stato_liquidazione" text DEFAULT 'LN' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "fatture" ADD CONSTRAINT "fatture_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatture" ADD CONSTRAINT "fatture_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatture" ADD CONSTRAINT "fatture_fattura_collegata_id_fatture_id_fk" FOREIGN KEY ("fattura_collegata_id") REFERENCES "public"."fatture"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatture" ADD CONSTRAINT "fatture_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatture_contatori" ADD CONSTRAINT "fatture_contatori_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatture_ddt_righe" ADD CONSTRAINT "fatture_ddt_righe_ddt_riga_id_ddt_righe_id_fk" FOREIGN KEY ("ddt_riga_id") REFERENCES "public"."ddt_righe"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatture_ddt_righe" ADD CONSTRAINT "fatture_ddt_righe_fattura_id_fatture_id_fk" FOREIGN KEY ("fattura_id") REFERENCES "public"."fatture"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatture_esiti" ADD CONSTRAINT "fatture_esiti_fattura_id_fatture_id_fk" FOREIGN KEY ("fattura_id") REFERENCES "public"."fatture"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatture_esiti" ADD CONSTRAINT "fatture_esiti_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatture_righe" ADD CONSTRAINT "fatture_righe_fattura_id_fatture_id_fk" FOREIGN KEY ("fattura_id") REFERENCES "public"."fatture"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatture_righe" ADD CONSTRAINT "fatture_righe_ddt_id_ddt_id_fk" FOREIGN KEY ("ddt_id") REFERENCES "public"."ddt"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatture_righe" ADD CONSTRAINT "fatture_righe_ddt_riga_id_ddt_righe_id_fk" FOREIGN KEY ("ddt_riga_id") REFERENCES "public"."ddt_righe"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fatture_numero_unique" ON "fatture" USING btree ("company_id","anno","numero") WHERE "fatture"."numero" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "fatture_nome_file_unique" ON "fatture" USING btree ("company_id","nome_file") WHERE "fatture"."nome_file" is not null;--> statement-breakpoint
CREATE INDEX "fatture_list_idx" ON "fatture" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fatture_cliente_idx" ON "fatture" USING btree ("company_id","cliente_id");--> statement-breakpoint
CREATE INDEX "fatture_data_idx" ON "fatture" USING btree ("company_id","data");--> statement-breakpoint
CREATE INDEX "fatture_esiti_fattura_idx" ON "fatture_esiti" USING btree ("fattura_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fatture_righe_linea_unique" ON "fatture_righe" USING btree ("fattura_id","numero_linea");--> statement-breakpoint
CREATE INDEX "fatture_righe_ddt_idx" ON "fatture_righe" USING btree ("ddt_id");--> statement-breakpoint
CREATE INDEX "fatture_righe_entity_idx" ON "fatture_righe" USING btree ("entity_id");