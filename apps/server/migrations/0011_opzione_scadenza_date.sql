-- An option expires at the end of a calendar day in Italy (lib/dates.ts): the stored instant becomes
-- the date it fell on in Rome (a "07/01" option was stored as 07/01 23:59:59 in the server's zone).
ALTER TABLE "blocchi" ALTER COLUMN "opzione_scadenza" SET DATA TYPE date USING ("opzione_scadenza" AT TIME ZONE 'Europe/Rome')::date;
