-- The figures kept between requests (src/lib/count-cache.ts) also read bancate (the informi of a
-- cut, in the dashboard's production chart), materiali (the density that weighs an informe) and
-- clienti (the customer named by an expiring option). Each of their statements now says so on the
-- same `blocchi_changed` channel, so a kept figure holds until any of its tables changes or the day
-- changes in Rome, and no longer expires every few seconds (docs/performance.md "Kept totals").
CREATE TRIGGER "bancate_changed_figures" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bancate" FOR EACH STATEMENT EXECUTE FUNCTION "blocchi_changed"();
--> statement-breakpoint
CREATE TRIGGER "materiali_changed_figures" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "materiali" FOR EACH STATEMENT EXECUTE FUNCTION "blocchi_changed"();
--> statement-breakpoint
CREATE TRIGGER "clienti_changed_figures" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "clienti" FOR EACH STATEMENT EXECUTE FUNCTION "blocchi_changed"();
