-- The dashboard's latest activity reads a company's audit rows newest first: with only the per-entity index it sorted the
-- whole log of the company on every dashboard load.
CREATE INDEX "audit_company_at_idx" ON "audit_log" USING btree ("company_id","at","id");