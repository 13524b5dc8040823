ALTER TABLE "blocchi" ADD COLUMN "data_riquadratura" date DEFAULT (now() at time zone 'Europe/Rome')::date NOT NULL;--> statement-breakpoint
-- Existing blocks were squared, as far as anyone knows, the day they were entered (Rome's calendar).
UPDATE "blocchi" SET "data_riquadratura" = ("created_at" at time zone 'Europe/Rome')::date;--> statement-breakpoint
-- Issue 25 item 8: informi count by weight, not in a bancata's yield; the frozen yields are taken again without them.
UPDATE "bancate" ba SET "resa_chiusura" = (
  SELECT round(coalesce(sum(b."volume_netto"), 0) / nullif(ba."volume_lordo", 0) * 100, 1)
  FROM "blocchi" b WHERE b."bancata_id" = ba."id" AND b."categoria" <> 'informe'
) WHERE ba."stato" = 'chiusa';--> statement-breakpoint
CREATE INDEX "blocchi_riquadratura_idx" ON "blocchi" USING btree ("company_id","origine","data_riquadratura");
