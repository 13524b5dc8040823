ALTER TABLE "collaudo_righe" ADD COLUMN "peso_base" text DEFAULT 'teorico' NOT NULL;
--> statement-breakpoint
-- Rows written before the weighbridge rule (issue 25): their stored peso was the collaudo's reading where typed, else m³ × density.
UPDATE "collaudo_righe" SET "peso_base" = 'pesato' WHERE "peso_rilevato" IS NOT NULL;
