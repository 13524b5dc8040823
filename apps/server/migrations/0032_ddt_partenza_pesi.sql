ALTER TABLE "ddt_righe" DROP CONSTRAINT "ddt_righe_check";--> statement-breakpoint
ALTER TABLE "ddt" ADD COLUMN "luogo_partenza_indirizzo" text;--> statement-breakpoint
ALTER TABLE "ddt" ADD COLUMN "luogo_partenza_cap" text;--> statement-breakpoint
ALTER TABLE "ddt" ADD COLUMN "luogo_partenza_comune" text;--> statement-breakpoint
ALTER TABLE "ddt" ADD COLUMN "luogo_partenza_provincia" text;--> statement-breakpoint
ALTER TABLE "ddt" ADD COLUMN "luogo_partenza_nazione" text;--> statement-breakpoint
ALTER TABLE "ddt" ADD COLUMN "vettore_indirizzo" text;--> statement-breakpoint
-- hand-written: lines written before the net weight was kept had one weight for both; it becomes
-- their net weight too, then the column is required
ALTER TABLE "ddt_righe" ADD COLUMN "peso_netto_kg" integer;--> statement-breakpoint
UPDATE "ddt_righe" SET "peso_netto_kg" = "peso_kg";--> statement-breakpoint
ALTER TABLE "ddt_righe" ALTER COLUMN "peso_netto_kg" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ddt_righe" ADD CONSTRAINT "ddt_righe_check" CHECK ("ddt_righe"."entity_type" in ('blocco', 'pacco', 'lastra', 'lotto') and "ddt_righe"."pezzi" > 0 and "ddt_righe"."peso_kg" >= 0 and "ddt_righe"."colli" >= 0 and "ddt_righe"."peso_netto_kg" >= 0 and "ddt_righe"."peso_base" in ('pesato', 'teorico', 'stimato', 'calcolato'));