DROP INDEX "blocchi_list_idx";--> statement-breakpoint
CREATE INDEX "blocchi_list_idx" ON "blocchi" USING btree ("company_id","origine","created_at","id","stato","opzione_scadenza");