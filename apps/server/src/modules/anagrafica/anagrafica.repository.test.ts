import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.js';
import type { Database } from '../../db/client.js';
import { clienti, companies } from '../../db/schema/index.js';
import { listAll, listPage, pickList, summary } from './anagrafica.repository.js';

/** Every reader takes the company and applies it itself: no caller can forget the tenant. */
describe('anagrafica repository', () => {
  let database: Database;
  let companyId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const [mine, other] = (await db
      .insert(companies)
      .values([{ name: 'Prima' }, { name: 'Seconda' }])
      .returning({ id: companies.id })) as [{ id: string }, { id: string }];
    companyId = mine.id;
    const row = {
      ragioneSociale: 'Marmi Dell’Amico',
      indirizzo: 'Via 1',
      comune: 'Forlì',
      nazione: 'IT',
    };
    await db.insert(clienti).values([
      { ...row, companyId },
      { ...row, companyId: other.id },
      { ...row, ragioneSociale: 'Spenti S.p.A.', attivo: false, companyId },
    ]);
  });
  afterAll(() => database.close());

  it('lists, picks, sums and exports one company only', async () => {
    const { db } = database;
    expect((await listPage(db, clienti, companyId, { page: 1, limit: 10 })).counted).toBe(2);
    expect(
      (await listAll(db, clienti, companyId, { q: "dell'amico" })).map((r) => r.companyId),
    ).toEqual([companyId]);
    expect((await pickList(db, clienti, companyId, 'forli')).map((r) => r.ragioneSociale)).toEqual([
      'Marmi Dell’Amico',
    ]);
    expect(await summary(db, clienti, companyId, {})).toMatchObject({ totale: 2, attivi: 1 });
  });
});
