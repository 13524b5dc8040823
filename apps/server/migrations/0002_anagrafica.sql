CREATE TABLE "clienti" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"ragione_sociale" text NOT NULL,
	"partita_iva" text,
	"codice_fiscale" text,
	"indirizzo" text NOT NULL,
	"cap" text,
	"comune" text NOT NULL,
	"provincia" text,
	"nazione" text DEFAULT 'IT' NOT NULL,
	"telefono" text,
	"email" text,
	"pec" text,
	"codice_sdi" text,
	"pubblica_amministrazione" boolean DEFAULT false NOT NULL,
	"referente" text,
	"iban" text,
	"condizioni_pagamento" text,
	"note" text,
	"attivo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fornitori" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"ragione_sociale" text NOT NULL,
	"partita_iva" text,
	"codice_fiscale" text,
	"indirizzo" text NOT NULL,
	"cap" text,
	"comune" text NOT NULL,
	"provincia" text,
	"nazione" text DEFAULT 'IT' NOT NULL,
	"telefono" text,
	"email" text,
	"pec" text,
	"codice_sdi" text,
	"pubblica_amministrazione" boolean DEFAULT false NOT NULL,
	"referente" text,
	"iban" text,
	"condizioni_pagamento" text,
	"note" text,
	"attivo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clienti" ADD CONSTRAINT "clienti_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fornitori" ADD CONSTRAINT "fornitori_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clienti_partita_iva_unique" ON "clienti" USING btree ("company_id","partita_iva") WHERE "clienti"."partita_iva" is not null;--> statement-breakpoint
CREATE INDEX "clienti_company_name_idx" ON "clienti" USING btree ("company_id","ragione_sociale");--> statement-breakpoint
CREATE UNIQUE INDEX "fornitori_partita_iva_unique" ON "fornitori" USING btree ("company_id","partita_iva") WHERE "fornitori"."partita_iva" is not null;--> statement-breakpoint
CREATE INDEX "fornitori_company_name_idx" ON "fornitori" USING btree ("company_id","ragione_sociale");