import type { Company } from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { Storage } from '../../lib/storage.js';
import type { UsersService } from '../users/users.service.js';
import { toCompanyDto, type CompanyRow } from './companies.mapper.js';
import * as repo from './companies.repository.js';

/** A company's logo link lives this long (signed, so an <img> needs no session). */
export const LOGO_TTL_SECONDS = 12 * 3600;

export interface CompaniesDeps {
  db: Db;
  storage: Storage;
  users: UsersService;
}

export type CompanyRows = ReturnType<typeof createCompanyRows>;

/** What the companies' operation files share: a row as its DTO (with its logo's link), a row or 404. */
export function createCompanyRows({ db, storage }: CompaniesDeps) {
  const dto = (row: CompanyRow): Company =>
    toCompanyDto(
      row,
      row.logoKey ? storage.signedUrl(row.logoKey, { ttlSeconds: LOGO_TTL_SECONDS }) : null,
    );

  async function getRow(id: string) {
    const row = await repo.findCompany(db, id);
    if (!row) throw notFound('Azienda non trovata');
    return row;
  }

  return { dto, getRow };
}
