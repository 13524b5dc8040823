CREATE TABLE "condivisioni" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"cliente_id" uuid NOT NULL,
	"user_id" uuid,
	"token_hash" text NOT NULL,
	"blocchi" uuid[] NOT NULL,
	"scadenza" date NOT NULL,
	"lingua" text NOT NULL,
	"mostra_prezzi" boolean NOT NULL,
	"messaggio" text,
	"revocata_at" timestamp with time zone,
	"revocata_da" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "condivisioni_lingua_check" CHECK ("condivisioni"."lingua" in ('it', 'en')),
	CONSTRAINT "condivisioni_hash_check" CHECK ("condivisioni"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "condivisioni_accessi" (
	"id" uuid PRIMARY KEY NOT NULL,
	"condivisione_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"indirizzo" text NOT NULL,
	"browser" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "condivisioni_risposte" (
	"id" uuid PRIMARY KEY NOT NULL,
	"condivisione_id" uuid NOT NULL,
	"blocco_id" uuid NOT NULL,
	"risposta" text NOT NULL,
	"nota" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"letta_at" timestamp with time zone,
	CONSTRAINT "condivisioni_risposte_check" CHECK ("condivisioni_risposte"."risposta" in ('interessato', 'richiesta_opzione', 'non_interessato'))
);
--> statement-breakpoint
ALTER TABLE "condivisioni" ADD CONSTRAINT "condivisioni_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condivisioni" ADD CONSTRAINT "condivisioni_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condivisioni" ADD CONSTRAINT "condivisioni_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condivisioni" ADD CONSTRAINT "condivisioni_revocata_da_users_id_fk" FOREIGN KEY ("revocata_da") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condivisioni_accessi" ADD CONSTRAINT "condivisioni_accessi_condivisione_id_condivisioni_id_fk" FOREIGN KEY ("condivisione_id") REFERENCES "public"."condivisioni"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condivisioni_risposte" ADD CONSTRAINT "condivisioni_risposte_condivisione_id_condivisioni_id_fk" FOREIGN KEY ("condivisione_id") REFERENCES "public"."condivisioni"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condivisioni_risposte" ADD CONSTRAINT "condivisioni_risposte_blocco_id_blocchi_id_fk" FOREIGN KEY ("blocco_id") REFERENCES "public"."blocchi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "condivisioni_token_hash_unique" ON "condivisioni" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "condivisioni_cliente_idx" ON "condivisioni" USING btree ("company_id","cliente_id","created_at");--> statement-breakpoint
CREATE INDEX "condivisioni_blocchi_idx" ON "condivisioni" USING gin ("blocchi");--> statement-breakpoint
CREATE INDEX "condivisioni_accessi_idx" ON "condivisioni_accessi" USING btree ("condivisione_id","at");--> statement-breakpoint
CREATE INDEX "condivisioni_risposte_idx" ON "condivisioni_risposte" USING btree ("condivisione_id","at");