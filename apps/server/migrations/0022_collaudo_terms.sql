ALTER TABLE "collaudi" ADD COLUMN "ispettore_societa" text;--> statement-breakpoint
ALTER TABLE "collaudi" ADD COLUMN "resa" text;--> statement-breakpoint
ALTER TABLE "collaudi" ADD COLUMN "carico" text;--> statement-breakpoint
ALTER TABLE "collaudi" ADD COLUMN "pagamento" text;