-- A block's theoretical weight is its NET volume × its material's density (docs/domain.md "Weight"), the one
-- it is valued and sold on without a weighbridge; it was stored from the gross volume.
UPDATE "blocchi" AS b
SET "peso_teorico" = round(b."volume_netto" * m."densita", 2)
FROM "materiali" AS m
WHERE m."id" = b."materiale_id" AND b."peso_teorico" IS DISTINCT FROM round(b."volume_netto" * m."densita", 2);
