DROP INDEX "blocchi_list_idx";--> statement-breakpoint
DROP INDEX "blocchi_stato_idx";--> statement-breakpoint
DROP INDEX "blocchi_materiale_idx";--> statement-breakpoint
CREATE INDEX "blocchi_list_idx" ON "blocchi" USING btree ("company_id","origine","created_at","id");--> statement-breakpoint
CREATE INDEX "blocchi_stato_idx" ON "blocchi" USING btree ("company_id","origine","stato","created_at","id");--> statement-breakpoint
CREATE INDEX "blocchi_materiale_idx" ON "blocchi" USING btree ("company_id","origine","materiale_id","created_at","id");