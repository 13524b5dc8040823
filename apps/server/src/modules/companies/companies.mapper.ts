import type { Company } from '@gestcava/contracts';
import type { companies } from '../../db/schema/index.js';

export type CompanyRow = typeof companies.$inferSelect;

export function toCompanyDto(row: CompanyRow, logoUrl: string | null): Company {
  return {
    _id: row.id,
    name: row.name,
    quarryName: row.quarryName,
    logoUrl,
    partitaIva: row.partitaIva,
    codiceFiscale: row.codiceFiscale,
    indirizzo: row.indirizzo,
    cap: row.cap,
    comune: row.comune,
    provincia: row.provincia,
    nazione: row.nazione,
    telefono: row.telefono,
    email: row.email,
    pec: row.pec,
    createdAt: row.createdAt.toISOString(),
  };
}
