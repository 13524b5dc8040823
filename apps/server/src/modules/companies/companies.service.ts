import fsp from 'node:fs/promises';
import type { Company, CreateCompanyBody, UpdateCompanyBody, User } from '@gestcava/contracts';
import type { MultipartFile } from '@fastify/multipart';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Storage } from '../../lib/storage.js';
import { IMAGE_KINDS, receiveFile } from '../../lib/uploads.js';
import type { UsersService } from '../users/users.service.js';
import { toCompanyDto, type CompanyRow } from './companies.mapper.js';
import * as repo from './companies.repository.js';

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const LOGO_TTL_SECONDS = 12 * 3600;
const MAX_INPUT_PIXELS = 50_000_000;

export type CompaniesService = ReturnType<typeof createCompaniesService>;

export function createCompaniesService({ db, storage, users }: { db: Db; storage: Storage; users: UsersService }) {
  const dto = (row: CompanyRow): Company =>
    toCompanyDto(row, row.logoKey ? storage.signedUrl(row.logoKey, { ttlSeconds: LOGO_TTL_SECONDS }) : null);

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
      const row = companyId ? await repo.findCompany(db, companyId) : await repo.findPrimaryCompany(db);
      return row?.logoKey ? storage.signedUrl(row.logoKey, { ttlSeconds: LOGO_TTL_SECONDS }) : null;
    },

    /**
     * The logo goes through the upload pipeline, then is re-encoded as PNG (no metadata survives,
     * and PDFs can embed it) at most 600 px a side.
     */
    async uploadLogo(companyId: string, part: MultipartFile): Promise<Company> {
      const current = await getRow(companyId);
      const file = await receiveFile(storage, part, { allowed: IMAGE_KINDS, maxBytes: LOGO_MAX_BYTES });
      const key = storage.newKey(companyId, 'png');
      try {
        const png = await sharp(file.tempPath, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width: 600, height: 600, fit: 'inside', withoutEnlargement: true })
          .png()
          .toBuffer();
        await storage.writeBuffer(key, png);
      } catch (error) {
        await storage.remove(key);
        if (error instanceof AppError) throw error;
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', "Impossibile leggere l'immagine: il file è danneggiato o troppo grande");
      } finally {
        await fsp.rm(file.tempPath, { force: true });
      }
      const row = await repo.updateCompany(db, companyId, { logoKey: key });
      if (current.logoKey) await storage.remove(current.logoKey);
      return dto(row!);
    },

    async associateUser(userId: string, companyId: string, actor: Parameters<UsersService['update']>[0]): Promise<User> {
      await getRow(companyId);
      return users.update(actor, userId, { companyId });
    },
  };
}
