-- A row received from a group company names only the receiver's rows (docs/architecture.md "Transfers between group companies"):
-- its copy of the block when it has one, else nothing; the sender's sawing or tile cut never.
ALTER TABLE "lastre" ALTER COLUMN "blocco_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lotti" ALTER COLUMN "lavorazione_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pacchi" ALTER COLUMN "lavorazione_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pacchi" ALTER COLUMN "blocco_id" DROP NOT NULL;--> statement-breakpoint
-- Rows already written with the sender's block: the receiver's copy of that block (one it received, or
-- the one it had sent), else null. A tile cut from received slabs and the ledger inherited the same id.
UPDATE "pacchi" x SET "blocco_id" = (SELECT c."id" FROM "blocchi" c WHERE c."company_id" = x."company_id" AND (c."trasferito_da_id" = b."id" OR c."id" = b."trasferito_da_id") ORDER BY c."created_at" DESC LIMIT 1)
  FROM "blocchi" b WHERE b."id" = x."blocco_id" AND b."company_id" <> x."company_id";--> statement-breakpoint
UPDATE "lastre" x SET "blocco_id" = (SELECT c."id" FROM "blocchi" c WHERE c."company_id" = x."company_id" AND (c."trasferito_da_id" = b."id" OR c."id" = b."trasferito_da_id") ORDER BY c."created_at" DESC LIMIT 1)
  FROM "blocchi" b WHERE b."id" = x."blocco_id" AND b."company_id" <> x."company_id";--> statement-breakpoint
UPDATE "lotti" x SET "blocco_id" = (SELECT c."id" FROM "blocchi" c WHERE c."company_id" = x."company_id" AND (c."trasferito_da_id" = b."id" OR c."id" = b."trasferito_da_id") ORDER BY c."created_at" DESC LIMIT 1)
  FROM "blocchi" b WHERE b."id" = x."blocco_id" AND b."company_id" <> x."company_id";--> statement-breakpoint
UPDATE "lavorazioni_pavimenti" x SET "blocco_id" = (SELECT c."id" FROM "blocchi" c WHERE c."company_id" = x."company_id" AND (c."trasferito_da_id" = b."id" OR c."id" = b."trasferito_da_id") ORDER BY c."created_at" DESC LIMIT 1)
  FROM "blocchi" b WHERE b."id" = x."blocco_id" AND b."company_id" <> x."company_id";--> statement-breakpoint
UPDATE "movimenti" x SET "blocco_id" = (SELECT c."id" FROM "blocchi" c WHERE c."company_id" = x."company_id" AND (c."trasferito_da_id" = b."id" OR c."id" = b."trasferito_da_id") ORDER BY c."created_at" DESC LIMIT 1)
  FROM "blocchi" b WHERE b."id" = x."blocco_id" AND b."company_id" <> x."company_id";--> statement-breakpoint
UPDATE "pacchi" x SET "lavorazione_id" = NULL FROM "lavorazioni_lastre" l WHERE l."id" = x."lavorazione_id" AND l."company_id" <> x."company_id";--> statement-breakpoint
UPDATE "lotti" x SET "lavorazione_id" = NULL FROM "lavorazioni_pavimenti" l WHERE l."id" = x."lavorazione_id" AND l."company_id" <> x."company_id";--> statement-breakpoint
-- The receiver's ledger and history rows of a transfer named the sender's user: the system's now (the
-- note and causale name the sending company). Only the rows the transfer wrote: its carico and the
-- 'create' noted "Trasferito da …"; a later edit by a user of both companies stays theirs.
UPDATE "movimenti" m SET "user_id" = NULL FROM "trasferimenti" t, "trasferimenti_righe" r
  WHERE r."trasferimento_id" = t."id" AND m."company_id" = t."destinazione_company_id" AND m."user_id" = t."user_id" AND m."tipo" = 'carico'
    AND r."destinazione_id" IN (m."blocco_id", m."pacco_id", m."lotto_id");--> statement-breakpoint
UPDATE "audit_log" a SET "user_id" = NULL FROM "trasferimenti" t, "trasferimenti_righe" r
  WHERE r."trasferimento_id" = t."id" AND a."company_id" = t."destinazione_company_id" AND a."user_id" = t."user_id" AND a."entity_id" = r."destinazione_id"
    AND a."action" = 'create' AND a."note" LIKE 'Trasferito da %';
