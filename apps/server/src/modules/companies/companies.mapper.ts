import type { Company, RegimeFiscale } from '@gestcava/contracts';
import type { CompanyRow } from '../../lib/companies.js';
import { pick } from '../../lib/pick.js';

export type { CompanyRow };

export function toCompanyDto(row: CompanyRow, logoUrl: string | null): Company {
  return {
    _id: row.id,
    name: row.name,
    quarryName: row.quarryName,
    logoUrl,
    ...pick(row, [
      'partitaIva',
      'codiceFiscale',
      'indirizzo',
      'cap',
      'comune',
      'provincia',
      'nazione',
      'telefono',
      'email',
      'pec',
      'reaUfficio',
      'reaNumero',
      'capitaleSociale',
      'iban',
    ]),
    regimeFiscale: row.regimeFiscale as RegimeFiscale,
    socioUnico: row.socioUnico as Company['socioUnico'],
    statoLiquidazione: row.statoLiquidazione as Company['statoLiquidazione'],
    createdAt: row.createdAt.toISOString(),
  };
}
