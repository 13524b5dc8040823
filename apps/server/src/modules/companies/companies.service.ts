import type { Company, CreateCompanyBody, UpdateCompanyBody, User } from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { processLogo } from '../../lib/images.js';
import type { Storage } from '../../lib/storage.js';
import type { ReceivedFile } from '../../lib/uploads.js';
import type { UsersService } from '../users/users.service.js';
import { toCompanyDto, type CompanyRow } from './companies.mapper.js';
import * as repo from './companies.repository.js';

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const LOGO_TTL_SECONDS = 12 * 3600;

export type CompaniesService = ReturnType<typeof createCompaniesService>;

export function createCompaniesService({
  db,
  storage,
  users,
}: {
  db: Db;
  storage: Storage;
  users: UsersService;
}) {
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

  return {
    async list(): Promise<Company[]> {
      return (await repo.listCompanies(db)).map(dto);
    },

    async get(id: string): Promise<Company> {
      return dto(await getRow(id));
    },

    async create(body: CreateCompanyBody): Promise<Company> {
      return dto(await repo.insertCompany(db, { ...body, nazione: body.nazione ?? 'IT' }));
    },

    async update(body: UpdateCompanyBody): Promise<Company> {
      const { _id, ...fields } = body;
      const row = await repo.updateCompany(db, _id, fields);
      if (!row) throw notFound('Azienda non trovata');
      return dto(row);
    },

    /** The caller's company logo, or the group's first company's for the login page. */
    async logoUrlFor(companyId: string | null): Promise<string | null> {
      const row = companyId
        ? await repo.findCompany(db, companyId)
        : await repo.findPrimaryCompany(db);
      return row?.logoKey ? storage.signedUrl(row.logoKey, { ttlSeconds: LOGO_TTL_SECONDS }) : null;
    },

    /** A received logo, re-encoded by the image pipeline; the caller removes the temporary file. */
    async uploadLogo(companyId: string, file: ReceivedFile): Promise<Company> {
      await getRow(companyId);
      const logo = await processLogo(file.tempPath);
      const key = storage.newKey(companyId, 'png');
      const placement = storage.beginPlacement();
      let replaced: { row: CompanyRow; previous: string | null };
      try {
        await placement.add(key);
        await storage.putBuffer(key, logo, 'image/png');
        replaced = await db.transaction(async (tx) => {
          // Read under the row's lock: a concurrent upload's logo is the one replaced, never left unowned.
          const previous = await repo.lockLogoKey(tx, companyId);
          const row = await repo.updateCompany(tx, companyId, { logoKey: key });
          if (!row) throw notFound('Azienda non trovata');
          await placement.settle(tx);
          // The old logo becomes pending with the same commit: a crash before its removal leaves it to the sweep.
          if (previous) await storage.release(tx, [previous]);
          return { row, previous };
        });
      } catch (error) {
        await placement.abandon();
        throw error;
      }
      if (replaced.previous) await storage.removeReleased([replaced.previous]);
      return dto(replaced.row);
    },

    async associateUser(
      userId: string,
      companyId: string,
      actor: Parameters<UsersService['update']>[0],
    ): Promise<User> {
      await getRow(companyId);
      return users.update(actor, userId, { companyId });
    },
  };
}
