import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema/index.js';
import { listHistory, recordUpdate } from '../src/lib/audit.js';
import { todayInRome } from '../src/lib/dates.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createProductionLookups,
  setupCompany,
  type TestClient,
  type TestContext,
} from './helpers.js';

// a history row lists only the fields that changed, and names the records its ids
// point to (a cliente that is no longer on the block), so the page need not show "altro".

let ctx: TestContext;
let admin: TestClient;
let ids: { materiale: string; ubicazione: string; fornitore: string; cliente: string };
let companyId: string;
const year = new Date().getFullYear();

type HistoryRow = {
  action: string;
  note: string | null;
  changes: Record<string, { from: unknown; to: unknown }>;
  names?: Record<string, string>;
};

beforeAll(async () => {
  ctx = await buildTestApp();
  const org = await setupCompany(ctx);
  companyId = org.company.id;
  admin = await org.adminClient();
  const lookups = await createProductionLookups(admin);
  const fornitore = (
    await admin.post('/api/fornitori', {
      ragioneSociale: 'Cave Esterne S.r.l.',
      nazione: 'DE',
      indirizzo: 'Hauptstr. 1',
      comune: 'Berlin',
    })
  ).json();
  const cliente = (
    await admin.post('/api/clienti', {
      ragioneSociale: 'Stone Design GmbH',
      nazione: 'DE',
      indirizzo: 'Hauptstr. 1',
      comune: 'München',
    })
  ).json();
  ids = {
    materiale: lookups.materialeId,
    ubicazione: lookups.ubicazioneId,
    fornitore: fornitore._id,
    cliente: cliente._id,
  };
});
afterAll(() => ctx.close());

describe('history rows', () => {
  it('a block entering a collaudo and coming back: only the changed fields, the cliente named', async () => {
    const blocco = (
      await admin.post('/api/blocchi-esterni', {
        fornitoreId: ids.fornitore,
        dataAcquisto: `${year}-02-01`,
        prezzoAcquisto: 900,
        unitaPrezzoAcquisto: 'm3',
        materialeId: ids.materiale,
        ubicazioneId: ids.ubicazione,
        lunghezza: 300,
        altezza: 200,
        profondita: 150,
      })
    ).json();
    const collaudo = (
      await admin.post('/api/collaudi', {
        data: todayInRome(),
        luogo: 'Piazzale',
        clienteId: ids.cliente,
        ispettore: 'Ing. Müller',
      })
    ).json();
    expect(
      (await admin.post(`/api/collaudi/${collaudo._id}/righe`, { bloccoId: blocco._id }))
        .statusCode,
    ).toBe(201);
    expect(
      (await admin.post(`/api/collaudi/${collaudo._id}/stato`, { stato: 'annullato' })).statusCode,
    ).toBe(200);

    const history = (
      await admin.get(`/api/blocchi-esterni/${blocco._id}/history`)
    ).json() as HistoryRow[];
    const [entered, back] = history.filter((h) => h.action === 'stato');
    // "Scadenza dell'opzione: — → —" was written though it had none before nor after
    expect(entered!.changes).toEqual({
      stato: { from: 'disponibile', to: 'in_collaudo' },
      clienteId: { from: null, to: ids.cliente },
    });
    expect(entered!.names).toEqual({ [ids.cliente]: 'Stone Design GmbH' });
    // back to disponibile: the cliente leaves the block, and the row still names it
    expect(back!.changes).toEqual({
      stato: { from: 'in_collaudo', to: 'disponibile' },
      clienteId: { from: ids.cliente, to: null },
    });
    expect(back!.names).toEqual({ [ids.cliente]: 'Stone Design GmbH' });
    // each row's time is the instant it was written, as ISO in UTC
    for (const h of history as Array<HistoryRow & { at: string }>)
      expect(h.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const written = Date.parse((history[0] as HistoryRow & { at: string }).at);
    expect(Math.abs(written - Date.now())).toBeLessThan(60_000);
    // a block the caller may read and whose rows are gone has an empty history, not a 404
    await ctx.database.db.delete(auditLog).where(eq(auditLog.entityId, blocco._id));
    const empty = await admin.get(`/api/blocchi-esterni/${blocco._id}/history`);
    expect([empty.statusCode, empty.json()]).toEqual([200, []]);
    // the own blocks' route does not read a bought-in block's history; nor does a block's route
    // read another record's rows
    expect((await admin.get(`/api/blocchi/${blocco._id}/history`)).statusCode).toBe(404);
    expect((await admin.get(`/api/blocchi-esterni/${collaudo._id}/history`)).statusCode).toBe(404);
    // the first row names every record it points to, of three tables
    expect(history.find((h) => h.action === 'create')!.names).toEqual({
      [ids.fornitore]: 'Cave Esterne S.r.l.',
      [ids.materiale]: expect.any(String),
      [ids.ubicazione]: expect.any(String),
    });
  });

  it('a tile cut completed: its row lists what the completion set, the computed scrap included', async () => {
    const blocco = (
      await admin.post('/api/blocchi-esterni', {
        fornitoreId: ids.fornitore,
        dataAcquisto: `${year}-02-01`,
        prezzoAcquisto: 900,
        unitaPrezzoAcquisto: 'm3',
        materialeId: ids.materiale,
        ubicazioneId: ids.ubicazione,
        lunghezza: 300,
        altezza: 200,
        profondita: 150,
      })
    ).json();
    const lav = (
      await admin.post('/api/lavorazioni-pavimenti', {
        bloccoId: blocco._id,
        lunghezzaMm: 305,
        larghezzaMm: 305,
        spessoreMm: 10,
      })
    ).json();
    expect(
      (await admin.post(`/api/lavorazioni-pavimenti/${lav._id}/stato`, { stato: 'in_lavorazione' }))
        .statusCode,
    ).toBe(200);
    const done = await admin.post(`/api/lavorazioni-pavimenti/${lav._id}/completa`, {
      pezzi: 100,
      pezziPerCassa: 10,
      ubicazioneId: ids.ubicazione,
    });
    expect(done.statusCode, done.body).toBe(200);
    const history = (
      await admin.get(`/api/lavorazioni-pavimenti/${lav._id}/history`)
    ).json() as HistoryRow[];
    const completed = history.find((h) => (h.changes.stato?.to as string) === 'completata')!;
    // the scrap is computed at completion (source m² less the tiles'), so it is a change with a value
    expect(Object.keys(completed.changes).sort()).toEqual([
      'dataFine',
      'mqProdotti',
      'pezzi',
      'resa',
      'scartoMq',
      'stato',
    ]);
    expect(completed.changes.scartoMq!.from).toBeNull();
    expect(typeof completed.changes.scartoMq!.to).toBe('number');
  });

  it('an edit records one update row with only what changed, and none when nothing did', async () => {
    const db = ctx.database.db;
    const entry = { companyId, entityType: 'bancata', entityId: crypto.randomUUID(), userId: null };
    const fields = ['nome', 'volume', 'data'] as const;
    const before = { nome: 'Bancata 1', volume: 2.5, data: new Date('2026-03-01T00:00:00Z') };
    // an equal date in another object is no change
    const same = { ...before, data: new Date('2026-03-01T00:00:00Z') };
    expect(await recordUpdate(db, entry, before, same, fields)).toBeNull();
    expect(await listHistory(db, companyId, 'bancata', entry.entityId)).toEqual([]);

    const after = { ...before, volume: 3 };
    const changes = await recordUpdate(db, { ...entry, note: 'Rimisurata' }, before, after, fields);
    expect(changes).toEqual({ volume: { from: 2.5, to: 3 } });
    const history = await listHistory(db, companyId, 'bancata', entry.entityId);
    expect(history.map(({ action, changes, note }) => ({ action, changes, note }))).toEqual([
      { action: 'update', changes: { volume: { from: 2.5, to: 3 } }, note: 'Rimisurata' },
    ]);
  });
});
