import type { Company, CreateCompanyBody, UpdateCompanyBody, User } from '@gestcava/contracts';
import { notFound } from '../../lib/app-error.js';
import type { UsersService } from '../users/users.service.js';
import type { CompaniesDeps, CompanyRows } from './companies.common.js';
import * as repo from './companies.repository.js';

/** The companies' records: the list, one company, its creation and edit, a user moved into it. */
export function createCompanyRecords({ db, users }: CompaniesDeps, { dto, getRow }: CompanyRows) {
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
