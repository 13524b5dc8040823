ALTER TABLE "bancate" ADD COLUMN "scaglie_scure_t" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "bancate" ADD COLUMN "scogliere_t" numeric(10, 2);