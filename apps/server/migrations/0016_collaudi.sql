CREATE TABLE "collaudi" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"codice" text NOT NULL,
	"data" date NOT NULL,
	"luogo" text,
	"cliente_id" uuid NOT NULL,
	"ispettore" text,
	"riferimento_ordine" text,
	"note" text,
	"stato" text DEFAULT 'programmato' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collaudo_righe" (
	"id" uuid PRIMARY KEY NOT NULL,
	"collaudo_id" uuid NOT NULL,
	"blocco_id" uuid NOT NULL,
	"stato_precedente" text NOT NULL,
	"opzione_scadenza_precedente" date,
	"lunghezza_rilevata" integer,
	"altezza_rilevata" integer,
	"profondita_rilevata" integer,
	"abbuono_tipo" text,
	"abbuono_valore" numeric(12, 3),
	"scelta_assegnata" text,
	"difetti_riscontrati" text[] DEFAULT '{}'::text[] NOT NULL,
	"esito" text,
	"prezzo" numeric(12, 2),
	"unita_prezzo" text DEFAULT 'm3' NOT NULL,
	"peso_rilevato" numeric(10, 2),
	"note" text,
	"volume_netto_accettato" numeric(12, 3) DEFAULT 0 NOT NULL,
	"peso" numeric(10, 2) DEFAULT 0 NOT NULL,
	"importo" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collaudo_righe_quantita_check" CHECK ("collaudo_righe"."lunghezza_rilevata" > 0 and "collaudo_righe"."altezza_rilevata" > 0 and "collaudo_righe"."profondita_rilevata" > 0 and "collaudo_righe"."abbuono_valore" >= 0 and "collaudo_righe"."prezzo" >= 0 and "collaudo_righe"."peso_rilevato" >= 0)
);
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "blocco_id" uuid;--> statement-breakpoint
ALTER TABLE "collaudi" ADD CONSTRAINT "collaudi_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaudi" ADD CONSTRAINT "collaudi_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaudo_righe" ADD CONSTRAINT "collaudo_righe_collaudo_id_collaudi_id_fk" FOREIGN KEY ("collaudo_id") REFERENCES "public"."collaudi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaudo_righe" ADD CONSTRAINT "collaudo_righe_blocco_id_blocchi_id_fk" FOREIGN KEY ("blocco_id") REFERENCES "public"."blocchi"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collaudi_codice_unique" ON "collaudi" USING btree ("company_id","codice");--> statement-breakpoint
CREATE INDEX "collaudi_list_idx" ON "collaudi" USING btree ("company_id","data","id");--> statement-breakpoint
CREATE INDEX "collaudi_cliente_idx" ON "collaudi" USING btree ("company_id","cliente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collaudo_righe_blocco_unique" ON "collaudo_righe" USING btree ("collaudo_id","blocco_id");--> statement-breakpoint
CREATE INDEX "collaudo_righe_blocco_idx" ON "collaudo_righe" USING btree ("blocco_id");--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_blocco_id_blocchi_id_fk" FOREIGN KEY ("blocco_id") REFERENCES "public"."blocchi"("id") ON DELETE set null ON UPDATE no action;