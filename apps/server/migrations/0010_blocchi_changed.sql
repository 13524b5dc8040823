-- Every statement that changes blocchi says so on the `blocchi_changed` channel. On the embedded
-- database the server listens and drops the list totals it keeps (src/lib/count-cache.ts); the
-- trigger catches every writer, present and future, including a plain UPDATE in a test or a script.
CREATE FUNCTION "blocchi_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('blocchi_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "blocchi_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blocchi" FOR EACH STATEMENT EXECUTE FUNCTION "blocchi_changed"();
