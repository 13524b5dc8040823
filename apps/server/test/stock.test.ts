import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, lastre, lotti, movimenti, riserveLotti } from '../src/db/schema/index.js';
import { addDays, todayInRome } from '../src/lib/dates.js';
import { createProductionLookups, loadLotto, setupCompany, type TestClient } from './helpers.js';
import { sale, stockFixture, tomorrow, type StockFixture } from './stock-fixtures.js';

// Stock operations: reserve, release, sell, ship, break, move, adjust, with the ledger
// and the races of docs/quality.md R1–R3, R6. Runs on PGlite and, in CI, on PostgreSQL.

let f: StockFixture;
let ctx: StockFixture['ctx'];
let mag: TestClient;
let mag2: TestClient;
let pav: TestClient;
let gruppo: string;
let ids: StockFixture['ids'];
const bundle = (n?: number) => f.bundle(n);
const lot = (pezzi?: number) => f.lot(pezzi);
const paccoBooks = (paccoId: string) => f.paccoBooks(paccoId);
const lottoBooks = (lottoId: string) => f.lottoBooks(lottoId);

beforeAll(async () => {
  f = await stockFixture();
  ({ ctx, mag, mag2, pav, gruppo, ids } = f);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('slabs', () => {
  it('a slab reserved for one cliente leaves the available list, cannot be sold to another, sells to its own and ships', async () => {
    const { paccoId, lastre: slabs } = await bundle(3);
    const slab = slabs[0]!;
    const reserved = await mag.post(`/api/magazzino/lastre/${slab._id}/riserva`, {
      clienteId: ids.clienteA,
      scadenza: tomorrow(),
    });
    expect(reserved.statusCode, reserved.body).toBe(200);
    expect(reserved.json()).toMatchObject({
      stato: 'riservata',
      cliente: { ragioneSociale: 'Stone Design GmbH' },
      scadenzaRiserva: tomorrow(),
    });

    const available = (
      await mag2.get('/api/magazzino/lastre', { query: { paccoId, stato: 'disponibile' } })
    ).json();
    expect(available.items.map((l: { codice: string }) => l.codice).sort()).toEqual(
      [slabs[1]!.codice, slabs[2]!.codice].sort(),
    );
    expect((await mag2.get(`/api/magazzino/pacchi/${paccoId}`)).json().lastreDisponibili).toBe(2);

    const other = await mag2.post(`/api/magazzino/lastre/${slab._id}/vendi`, sale(ids.clienteB));
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(
      'La lastra è riservata a Stone Design GmbH: venderla a Edilmarmi S.p.A. non è possibile finché la riserva non viene rilasciata o scade',
    );

    const sold = await mag2.post(`/api/magazzino/lastre/${slab._id}/vendi`, sale(ids.clienteA));
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json()).toMatchObject({
      stato: 'venduta',
      cliente: { ragioneSociale: 'Stone Design GmbH' },
      scadenzaRiserva: null,
    });
    expect(await paccoBooks(paccoId)).toEqual({
      nLastre: 2,
      mq: 9,
      ledgerN: 2,
      ledgerMq: 9,
      inStock: 2,
    });
    const rows = (
      await mag.get('/api/magazzino/movimenti', { query: { lastraId: slab._id } })
    ).json().items;
    expect(rows.map((m: { tipo: string }) => m.tipo).sort()).toEqual(['riserva', 'scarico']);
    expect(rows.find((m: { tipo: string }) => m.tipo === 'scarico')).toMatchObject({
      pezzi: -1,
      mq: -4.5,
      prezzo: 85,
      documento: 'DDT 118/26',
      cliente: { ragioneSociale: 'Stone Design GmbH' },
    });

    expect(
      (await mag.post(`/api/magazzino/lastre/${slab._id}/vendi`, sale(ids.clienteA))).json()
        .message,
    ).toBe('La lastra è già stata venduta: venderla a Stone Design GmbH non è possibile');
    const shipped = await mag.post(`/api/magazzino/lastre/${slab._id}/spedisci`, {
      documento: 'DDT 120/26',
    });
    expect(shipped.json().stato).toBe('spedita');
    const history = (await mag.get(`/api/magazzino/lastre/${slab._id}/history`)).json();
    expect(history.map((h: { note: string | null }) => h.note)).toContain('Documento DDT 120/26');
  });

  it('an expired reservation counts as released at once, and the sweep writes the release by the system', async () => {
    const { lastre: slabs } = await bundle(2);
    const slab = slabs[0]!;
    await mag.post(`/api/magazzino/lastre/${slab._id}/riserva`, {
      clienteId: ids.clienteA,
      scadenza: tomorrow(),
    });
    await ctx.database.db
      .update(lastre)
      .set({ scadenzaRiserva: addDays(todayInRome(), -1) })
      .where(eq(lastre.id, slab._id));
    expect((await mag.get(`/api/magazzino/lastre/${slab._id}`)).json()).toMatchObject({
      stato: 'disponibile',
      cliente: null,
      scadenzaRiserva: null,
    });

    expect(await ctx.app.services.stock.sweepExpiredReservations()).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.database.db.select().from(lastre).where(eq(lastre.id, slab._id));
    expect(row).toMatchObject({ stato: 'disponibile', clienteId: null, scadenzaRiserva: null });
    const released = await ctx.database.db
      .select()
      .from(movimenti)
      .where(and(eq(movimenti.lastraId, slab._id), eq(movimenti.tipo, 'rilascio')));
    expect(released).toHaveLength(1);
    expect(released[0]).toMatchObject({ userId: null, causale: 'Riserva scaduta' });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, slab._id), eq(auditLog.note, 'Riserva scaduta')));
    expect(audit[0]?.userId).toBeNull();

    // expired without a sweep: another cliente can buy it straight away
    const other = slabs[1]!;
    await mag.post(`/api/magazzino/lastre/${other._id}/riserva`, {
      clienteId: ids.clienteA,
      scadenza: tomorrow(),
    });
    await ctx.database.db
      .update(lastre)
      .set({ scadenzaRiserva: addDays(todayInRome(), -1) })
      .where(eq(lastre.id, other._id));
    const sold = await mag2.post(`/api/magazzino/lastre/${other._id}/vendi`, sale(ids.clienteB));
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json().cliente.ragioneSociale).toBe('Edilmarmi S.p.A.');
  });

  it('a bundle operation acts on the slabs available at that moment and says how many', async () => {
    const { paccoId, lastre: slabs } = await bundle(4);
    await mag.post(`/api/magazzino/lastre/${slabs[0]!._id}/vendi`, sale(ids.clienteB));
    const reserved = await mag.post(`/api/magazzino/pacchi/${paccoId}/riserva`, {
      clienteId: ids.clienteA,
      scadenza: tomorrow(),
    });
    expect(reserved.statusCode, reserved.body).toBe(200);
    expect(reserved.json().lastre).toBe(3);
    expect(reserved.json().pacco.lastreDisponibili).toBe(0);
    expect(
      (
        await mag.post(`/api/magazzino/pacchi/${paccoId}/riserva`, {
          clienteId: ids.clienteA,
          scadenza: tomorrow(),
        })
      ).json(),
    ).toMatchObject({ message: 'Nessuna lastra del pacco è disponibile da riservare' });
    // sold to someone else: none of the bundle's reserved slabs may go
    expect(
      (await mag.post(`/api/magazzino/pacchi/${paccoId}/vendi`, sale(ids.clienteB))).statusCode,
    ).toBe(409);
    const sold = await mag.post(
      `/api/magazzino/pacchi/${paccoId}/vendi`,
      sale(ids.clienteA, 'Fattura 42'),
    );
    expect(sold.json().lastre).toBe(3);
    expect(sold.json().pacco).toMatchObject({ nLastre: 0, mq: 0 });
    expect(await paccoBooks(paccoId)).toEqual({
      nLastre: 0,
      mq: 0,
      ledgerN: 0,
      ledgerMq: 0,
      inStock: 0,
    });
  });

  it('moves a slab alone or the whole bundle, breaks one, re-grades one, prices the bundle', async () => {
    const { paccoId, lastre: slabs } = await bundle(3);
    const moved = await mag.post(`/api/magazzino/lastre/${slabs[0]!._id}/sposta`, {
      ubicazioneId: ids.ubicazione,
    });
    expect(moved.json().ubicazione.nome).toBe('Piazzale cava');
    const broken = await mag.post(`/api/magazzino/lastre/${slabs[1]!._id}/rotta`, {
      nota: 'Caduta dal carroponte',
    });
    expect(broken.json().stato).toBe('rotta');
    expect(await paccoBooks(paccoId)).toMatchObject({ nLastre: 2, ledgerN: 2, inStock: 2 });
    expect(
      (await mag.post(`/api/magazzino/lastre/${slabs[1]!._id}/rotta`, { nota: 'ancora' }))
        .statusCode,
    ).toBe(409);

    const all = await mag.post(`/api/magazzino/pacchi/${paccoId}/sposta`, {
      ubicazioneId: ids.scaffale,
    });
    expect(all.json().lastre).toBe(2);
    expect(all.json().pacco.ubicazione.nome).toBe('Magazzino lastre');
    expect(
      all.json().pacco.lastre.find((l: { _id: string }) => l._id === slabs[0]!._id).ubicazione.nome,
    ).toBe('Magazzino lastre');

    const regraded = await mag.put(`/api/magazzino/lastre/${slabs[2]!._id}`, {
      scelta: 'commerciale',
      difetti: ['macchia'],
    });
    expect(regraded.statusCode, regraded.body).toBe(200);
    expect(regraded.json()).toMatchObject({ scelta: 'commerciale', difetti: ['macchia'] });

    const priced = await mag.put(`/api/magazzino/pacchi/${paccoId}`, {
      prezzoListino: 120,
      scelta: 'prima',
      note: 'Per la fiera',
    });
    expect(priced.json()).toMatchObject({
      prezzoListino: 120,
      scelta: 'prima',
      note: 'Per la fiera',
    });
    const giacenze = (await mag.get('/api/magazzino/giacenze')).json();
    const valued = giacenze.righe.filter(
      (r: { tipo: string; valore: number }) => r.tipo === 'lastre' && r.valore > 0,
    );
    expect(valued.reduce((a: number, r: { valore: number }) => a + r.valore, 0)).toBe(
      2 * 4.5 * 120,
    );
  });

  it('refuses bad input in Italian and keeps the pages apart', async () => {
    const { lastre: slabs } = await bundle(1);
    const past = await mag.post(`/api/magazzino/lastre/${slabs[0]!._id}/riserva`, {
      clienteId: ids.clienteA,
      scadenza: addDays(todayInRome(), -1),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().details[0]).toMatchObject({ path: 'scadenza' });
    // the sale's documento is optional (the goods leave with a DDT); a unit of its own is not
    const badUnit = await mag.post(`/api/magazzino/lastre/${slabs[0]!._id}/vendi`, {
      clienteId: ids.clienteA,
      prezzo: 10,
      unita: 'kg',
    });
    expect(badUnit.statusCode).toBe(400);
    expect(badUnit.json().details[0]).toMatchObject({ path: 'unita' });
    const foreign = await setupCompany(ctx);
    const foreignCliente = (
      await (
        await foreign.adminClient()
      ).post('/api/clienti', {
        ragioneSociale: 'Altra Ditta S.r.l.',
        nazione: 'DE',
        indirizzo: 'X 1',
        comune: 'Köln',
      })
    ).json();
    const cross = await mag.post(
      `/api/magazzino/lastre/${slabs[0]!._id}/vendi`,
      sale(foreignCliente._id),
    );
    expect(cross.statusCode).toBe(400);
    expect(cross.json().details[0].path).toBe('clienteId');
    expect(
      (await pav.post(`/api/magazzino/lastre/${slabs[0]!._id}/vendi`, sale(ids.clienteA)))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await (
          await foreign.adminClient()
        ).post(`/api/magazzino/lastre/${slabs[0]!._id}/vendi`, sale(foreignCliente._id))
      ).statusCode,
    ).toBe(404);
    // a magazzino user without the clienti page still picks a cliente
    const picked = (
      await pav.get('/api/magazzino/clienti-selezionabili', { query: { q: 'stone' } })
    ).json();
    expect(picked.map((c: { ragioneSociale: string }) => c.ragioneSociale)).toEqual([
      'Stone Design GmbH',
    ]);
    expect((await pav.get('/api/clienti')).statusCode).toBe(403);
  });
});

describe('tile lots', () => {
  it('reserves in m² (rounded up to whole pieces) and boxes, sells to the reserving cliente first, refuses what is not free', async () => {
    const id = await lot(250);
    const byMq = await pav.post(`/api/magazzino/lotti/${id}/riserva`, {
      mq: 10,
      clienteId: ids.clienteA,
      scadenza: tomorrow(),
    });
    expect(byMq.statusCode, byMq.body).toBe(200);
    // 10 m² / 0,093025 = 107,5 → 108 pieces, 10,05 m²
    expect(byMq.json()).toMatchObject({
      pezzi: 108,
      mq: 10.05,
      lotto: { pezzi: 250, pezziRiservati: 108, pezziDisponibili: 142 },
    });
    const byCasse = await pav.post(`/api/magazzino/lotti/${id}/riserva`, {
      casse: 10,
      clienteId: ids.clienteB,
      scadenza: tomorrow(),
    });
    expect(byCasse.json()).toMatchObject({ pezzi: 120, lotto: { pezziDisponibili: 22 } });
    const both = await pav.post(`/api/magazzino/lotti/${id}/riserva`, {
      casse: 1,
      pezzi: 1,
      clienteId: ids.clienteB,
      scadenza: tomorrow(),
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().details[0].message).toBe(
      'Indica la quantità in uno solo tra pezzi, casse e m²',
    );

    const tooMany = await pav.post(`/api/magazzino/lotti/${id}/vendi`, {
      pezzi: 131,
      clienteId: ids.clienteA,
      prezzo: 60,
      unita: 'mq',
      documento: 'DDT 7',
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Non ci sono 131 pezzi liberi nel lotto: ne restano 130');
    // cliente A may buy its 108 reserved plus the 22 free, not one more; it buys 120
    const sold = await pav.post(`/api/magazzino/lotti/${id}/vendi`, {
      pezzi: 120,
      clienteId: ids.clienteA,
      prezzo: 60,
      unita: 'mq',
      documento: 'DDT 8',
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json()).toMatchObject({
      // a part of a lot is the m² of its pieces (120 × 0,093025 = 11,163), as its DDT prints it
      pezzi: 120,
      mq: 11.16,
      lotto: { pezzi: 130, casse: 11, pezziRiservati: 120, pezziDisponibili: 10 },
    });
    // the lot keeps the rest of its books (23,26 − 11,16), so the ledger adds up
    expect(await lottoBooks(id)).toEqual({
      pezzi: 130,
      mq: 12.1,
      casse: 11,
      riservati: 120,
      ledgerN: 130,
      ledgerMq: 12.1,
      activeReserved: 120,
    });

    const riserve = (await pav.get(`/api/magazzino/lotti/${id}/riserve`)).json();
    expect(riserve).toHaveLength(1);
    const released = await pav.post(`/api/magazzino/lotti/${id}/rilascia`, {
      riservaId: riserve[0]._id,
    });
    expect(released.json()).toMatchObject({
      pezzi: 120,
      lotto: { pezziRiservati: 0, pezziDisponibili: 130 },
    });
    expect((await pav.post(`/api/magazzino/lotti/${id}/rilascia`, {})).statusCode).toBe(409);
  });

  it('an inventory count writes the difference; a partial move splits the lot under its code with a suffix', async () => {
    const id = await lot(100);
    const counted = await pav.post(`/api/magazzino/lotti/${id}/rettifica`, {
      pezzi: 97,
      motivo: 'Inventario di fine mese: 3 rotti',
    });
    expect(counted.json()).toMatchObject({ pezzi: -3, lotto: { pezzi: 97 } });
    const [codice] = (
      await ctx.database.db.select({ c: lotti.codice }).from(lotti).where(eq(lotti.id, id))
    ).map((r) => r.c);
    await pav.post(`/api/magazzino/lotti/${id}/riserva`, {
      pezzi: 90,
      clienteId: ids.clienteA,
      scadenza: tomorrow(),
    });
    expect(
      (await pav.post(`/api/magazzino/lotti/${id}/rettifica`, { pezzi: 50, motivo: 'conta' }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await pav.post(`/api/magazzino/lotti/${id}/sposta`, {
          ubicazioneId: ids.ubicazione,
          pezzi: 10,
        })
      ).statusCode,
    ).toBe(409);
    await pav.post(`/api/magazzino/lotti/${id}/rilascia`, {});

    const split = await pav.post(`/api/magazzino/lotti/${id}/sposta`, {
      ubicazioneId: ids.ubicazione,
      pezzi: 40,
    });
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json()).toMatchObject({
      pezzi: 40,
      lotto: { pezzi: 57, casse: 5 },
      nuovoLotto: {
        codice: `${codice}/1`,
        pezzi: 40,
        casse: 4,
        ubicazione: { nome: 'Piazzale cava' },
      },
    });
    const again = await pav.post(`/api/magazzino/lotti/${id}/sposta`, {
      ubicazioneId: ids.ubicazione,
      pezzi: 7,
    });
    expect(again.json().nuovoLotto.codice).toBe(`${codice}/2`);
    for (const lottoId of [id, split.json().nuovoLotto._id, again.json().nuovoLotto._id]) {
      const books = await lottoBooks(lottoId);
      expect(books.ledgerN).toBe(books.pezzi);
      expect(books.ledgerMq).toBe(books.mq);
    }
    const whole = await pav.post(`/api/magazzino/lotti/${split.json().nuovoLotto._id}/sposta`, {
      ubicazioneId: ids.scaffale,
    });
    expect(whole.json()).toMatchObject({
      pezzi: 40,
      lotto: { ubicazione: { nome: 'Magazzino lastre' } },
    });
    expect(whole.json().nuovoLotto).toBeUndefined();
  });

  it('an expired lot reservation frees its pieces for everyone, and the sweep records it', async () => {
    const id = await lot(24);
    await pav.post(`/api/magazzino/lotti/${id}/riserva`, {
      pezzi: 24,
      clienteId: ids.clienteA,
      scadenza: tomorrow(),
    });
    expect(
      (
        await pav.post(`/api/magazzino/lotti/${id}/vendi`, {
          pezzi: 1,
          clienteId: ids.clienteB,
          prezzo: 5,
          unita: 'pezzo',
          documento: 'DDT 9',
        })
      ).statusCode,
    ).toBe(409);
    await ctx.database.db
      .update(riserveLotti)
      .set({ scadenza: addDays(todayInRome(), -1) })
      .where(eq(riserveLotti.lottoId, id));
    expect((await pav.get(`/api/magazzino/lotti/${id}`)).json()).toMatchObject({
      pezziRiservati: 0,
      pezziDisponibili: 24,
    });
    const sold = await pav.post(`/api/magazzino/lotti/${id}/vendi`, {
      casse: 2,
      clienteId: ids.clienteB,
      prezzo: 5,
      unita: 'pezzo',
      documento: 'DDT 9',
    });
    expect(sold.json()).toMatchObject({ pezzi: 24, lotto: { pezzi: 0, casse: 0 } });
    const system = await ctx.database.db
      .select()
      .from(movimenti)
      .where(and(eq(movimenti.lottoId, id), eq(movimenti.tipo, 'rilascio')));
    expect(system).toHaveLength(1);
    expect(system[0]!.userId).toBeNull();
    expect(await lottoBooks(id)).toEqual({
      pezzi: 0,
      mq: 0,
      casse: 0,
      riservati: 0,
      ledgerN: 0,
      ledgerMq: 0,
      activeReserved: 0,
    });
  });
});

describe('races and faults (docs/quality.md R1–R3, R6)', () => {
  it('R1: 20 parallel sales of one slab: exactly one succeeds, 19 × 409, one movimento', async () => {
    const { lastre: slabs } = await bundle(2);
    const clients = [mag, mag2];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        clients[i % 2]!.post(
          `/api/magazzino/lastre/${slabs[0]!._id}/vendi`,
          sale(i % 2 ? ids.clienteA : ids.clienteB, `DDT R1-${i}`),
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const rows = await ctx.database.db
      .select()
      .from(movimenti)
      .where(and(eq(movimenti.lastraId, slabs[0]!._id), eq(movimenti.tipo, 'scarico')));
    expect(rows).toHaveLength(1);
  });

  it('R1: 20 parallel reservations of 30 pieces of a 250-piece lot: exactly 8 succeed', async () => {
    const id = await lot(250);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        [mag, mag2, pav][i % 3]!.post(`/api/magazzino/lotti/${id}/riserva`, {
          pezzi: 30,
          clienteId: i % 2 ? ids.clienteA : ids.clienteB,
          scadenza: tomorrow(),
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(8);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(12);
    expect(await lottoBooks(id)).toMatchObject({ pezzi: 250, riservati: 240, activeReserved: 240 });
  });

  it('R3: with the guard switched off (test-only seam) the same race sells the slab more than once', async () => {
    const { lastre: slabs } = await bundle(4);
    f.faults.withoutStockGuards = true;
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          [mag, mag2][i % 2]!.post(
            `/api/magazzino/lastre/${slabs[0]!._id}/vendi`,
            sale(ids.clienteA, `DDT R3-${i}`),
          ),
        ),
      );
      const rows = await ctx.database.db
        .select()
        .from(movimenti)
        .where(and(eq(movimenti.lastraId, slabs[0]!._id), eq(movimenti.tipo, 'scarico')));
      // what R1 asserts no longer holds: several 2xx, several movimenti for one slab
      expect(results.filter((r) => r.statusCode === 200).length).toBeGreaterThan(1);
      expect(rows.length).toBeGreaterThan(1);
    } finally {
      delete f.faults.withoutStockGuards;
    }
  });

  it('R6: a fault between the stock update and its movimento leaves neither', async () => {
    const db = ctx.database.db;
    const { paccoId, lastre: slabs } = await bundle(2);
    const id = await lot(48);
    await db.execute(
      sql`create or replace function gestcava_test_fault() returns trigger language plpgsql as $$ begin if new.documento = 'GUASTO' then raise exception 'guasto simulato'; end if; return new; end $$`,
    );
    await db.execute(
      sql`create trigger gestcava_test_fault before insert on movimenti for each row execute function gestcava_test_fault()`,
    );
    try {
      const before = { pacco: await paccoBooks(paccoId), lotto: await lottoBooks(id) };
      const slabSale = await mag.post(
        `/api/magazzino/lastre/${slabs[0]!._id}/vendi`,
        sale(ids.clienteA, 'GUASTO'),
      );
      expect(slabSale.statusCode).toBe(500);
      const lotSale = await pav.post(`/api/magazzino/lotti/${id}/vendi`, {
        pezzi: 12,
        clienteId: ids.clienteA,
        prezzo: 5,
        unita: 'pezzo',
        documento: 'GUASTO',
      });
      expect(lotSale.statusCode).toBe(500);
      expect({ pacco: await paccoBooks(paccoId), lotto: await lottoBooks(id) }).toEqual(before);
      const [slab] = await db.select().from(lastre).where(eq(lastre.id, slabs[0]!._id));
      expect(slab).toMatchObject({ stato: 'disponibile', clienteId: null });
    } finally {
      await db.execute(sql`drop trigger gestcava_test_fault on movimenti`);
    }
  });

  it('R2: random reserve / release / sell / adjust / move / transfer by several users keep the books', async () => {
    const users = [mag, mag2, pav];
    const clienti = () => [ids.clienteA, ids.clienteB];
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('riserva' as const),
        pezzi: fc.integer({ min: 1, max: 40 }),
        c: fc.nat(1),
        u: fc.nat(2),
      }),
      fc.record({ kind: fc.constant('rilascia' as const), u: fc.nat(2) }),
      fc.record({
        kind: fc.constant('vendi' as const),
        pezzi: fc.integer({ min: 1, max: 40 }),
        c: fc.nat(1),
        u: fc.nat(2),
      }),
      fc.record({
        kind: fc.constant('rettifica' as const),
        pezzi: fc.integer({ min: 0, max: 120 }),
        u: fc.nat(2),
      }),
      fc.record({
        kind: fc.constant('sposta' as const),
        pezzi: fc.integer({ min: 1, max: 30 }),
        u: fc.nat(2),
      }),
      fc.record({
        kind: fc.constant('trasferisci' as const),
        pezzi: fc.integer({ min: 1, max: 30 }),
        u: fc.nat(1),
      }),
      fc.record({
        kind: fc.constant('lastra' as const),
        slab: fc.nat(3),
        action: fc.constantFrom('riserva', 'rilascia', 'vendi', 'rotta'),
        c: fc.nat(1),
        u: fc.nat(1),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 3 }), { minLength: 3, maxLength: 6 }),
        async (rounds) => {
          const id = await lot(100);
          const { paccoId, lastre: slabs } = await bundle(4);
          const lots = [id];
          for (const round of rounds) {
            // the ops of a round run at the same time, as several people would
            const results = await Promise.all(
              round.map((o) => {
                const user = users[o.u]!;
                const c = 'c' in o ? clienti()[o.c]! : ids.clienteA;
                switch (o.kind) {
                  case 'riserva':
                    return user.post(`/api/magazzino/lotti/${id}/riserva`, {
                      pezzi: o.pezzi,
                      clienteId: c,
                      scadenza: tomorrow(),
                    });
                  case 'rilascia':
                    return user.post(`/api/magazzino/lotti/${id}/rilascia`, {});
                  case 'vendi':
                    return user.post(`/api/magazzino/lotti/${id}/vendi`, {
                      pezzi: o.pezzi,
                      clienteId: c,
                      prezzo: 5,
                      unita: 'pezzo',
                      documento: 'DDT R2',
                    });
                  case 'rettifica':
                    return user.post(`/api/magazzino/lotti/${id}/rettifica`, {
                      pezzi: o.pezzi,
                      motivo: 'Conta R2',
                    });
                  case 'sposta':
                    return user.post(`/api/magazzino/lotti/${id}/sposta`, {
                      pezzi: o.pezzi,
                      ubicazioneId: ids.ubicazione,
                    });
                  case 'trasferisci':
                    // to another company of the group: part of the lot, or the bundle's free slabs
                    return [mag, mag2][o.u]!.post('/api/trasferimenti', {
                      destinazioneCompanyId: gruppo,
                      ...(o.pezzi % 2
                        ? { lotti: [{ id, pezzi: o.pezzi, prezzo: 10 }] }
                        : { pacchi: [{ id: paccoId, prezzo: 10 }] }),
                      documento: 'DDT R2',
                    });
                  case 'lastra': {
                    const url = `/api/magazzino/lastre/${slabs[o.slab]!._id}/${o.action}`;
                    const body =
                      o.action === 'riserva'
                        ? { clienteId: c, scadenza: tomorrow() }
                        : o.action === 'vendi'
                          ? sale(c)
                          : o.action === 'rotta'
                            ? { nota: 'R2' }
                            : {};
                    return [mag, mag2][o.u]!.post(url, body);
                  }
                }
              }),
            );
            for (const r of results) {
              expect([200, 201, 409], r.body).toContain(r.statusCode);
              const split =
                r.statusCode === 200
                  ? (r.json() as { nuovoLotto?: { _id: string } }).nuovoLotto
                  : undefined;
              if (split) lots.push(split._id);
            }
            for (const lottoId of lots) {
              const b = await lottoBooks(lottoId);
              expect(b.pezzi).toBeGreaterThanOrEqual(0);
              expect(b.ledgerN).toBe(b.pezzi);
              expect(b.ledgerMq).toBe(b.mq);
              expect(b.riservati).toBe(b.activeReserved);
              expect(b.riservati).toBeLessThanOrEqual(b.pezzi);
              const read = (await pav.get(`/api/magazzino/lotti/${lottoId}`)).json();
              expect(read.pezziDisponibili).toBe(b.pezzi - b.activeReserved);
            }
            const p = await paccoBooks(paccoId);
            expect(p.nLastre).toBe(p.ledgerN);
            expect(p.nLastre).toBe(p.inStock);
            expect(p.mq).toBe(p.ledgerMq);
          }
        },
      ),
      { numRuns: 6 },
    );
  }, 240_000);
});

describe('quantities of less than one piece', () => {
  it('a sale or reservation of less than one piece is a 400 that writes nothing; one piece written with 2 decimals still counts', async () => {
    const id = await lot(24);
    await pav.post(`/api/magazzino/lotti/${id}/riserva`, {
      pezzi: 5,
      clienteId: ids.clienteA,
      scadenza: tomorrow(),
    });
    const before = await lottoBooks(id);
    const riserveBefore = await ctx.database.db
      .select()
      .from(riserveLotti)
      .where(eq(riserveLotti.lottoId, id));
    for (const mq of [1e-12, 0.05]) {
      const sold = await pav.post(`/api/magazzino/lotti/${id}/vendi`, {
        mq,
        clienteId: ids.clienteA,
        prezzo: 60,
        unita: 'mq',
        documento: 'DDT 0',
      });
      expect(sold.statusCode, sold.body).toBe(400);
      expect(sold.json().details).toEqual([
        { path: 'mq', message: 'Meno di un pezzo: un pezzo misura 0,093025 m²' },
      ]);
      const reserved = await pav.post(`/api/magazzino/lotti/${id}/riserva`, {
        mq,
        clienteId: ids.clienteB,
        scadenza: tomorrow(),
      });
      expect(reserved.statusCode, reserved.body).toBe(400);
    }
    expect(await lottoBooks(id)).toEqual(before);
    expect(
      await ctx.database.db.select().from(riserveLotti).where(eq(riserveLotti.lottoId, id)),
    ).toEqual(riserveBefore);
    expect(
      await ctx.database.db
        .select()
        .from(movimenti)
        .where(and(eq(movimenti.lottoId, id), eq(movimenti.tipo, 'scarico'))),
    ).toHaveLength(0);
    // 0,09 m² is how one 305×305 piece (0,093025 m²) is written with two decimals
    const one = await pav.post(`/api/magazzino/lotti/${id}/vendi`, {
      mq: 0.09,
      clienteId: ids.clienteB,
      prezzo: 60,
      unita: 'mq',
      documento: 'DDT 1',
    });
    expect(one.json()).toMatchObject({ pezzi: 1, lotto: { pezzi: 23 } });
  });
});

describe('slab history records only changes made', () => {
  it('re-grading a sold slab is a 409 with no history row; a sale or a break records the real previous state', async () => {
    const { lastre: slabs } = await bundle(3);
    const [sold, reserved, broken] = slabs.map((l) => l._id) as [string, string, string];
    const auditOf = (id: string) =>
      ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(
      (await mag.post(`/api/magazzino/lastre/${sold}/vendi`, sale(ids.clienteA))).statusCode,
    ).toBe(200);
    const rowsBefore = (await auditOf(sold)).length;
    const regrade = await mag.put(`/api/magazzino/lastre/${sold}`, {
      scelta: 'seconda',
      difetti: ['macchia'],
    });
    expect(regrade.statusCode, regrade.body).toBe(409);
    expect(regrade.json().message).toBe(
      'La lastra è già stata venduta: cambiarne la scelta o i difetti non è possibile',
    );
    expect(await auditOf(sold)).toHaveLength(rowsBefore);
    expect((await mag.get(`/api/magazzino/lastre/${sold}`)).json()).toMatchObject({
      scelta: 'prima',
      difetti: [],
    });

    for (const id of [reserved, broken])
      await mag.post(`/api/magazzino/lastre/${id}/riserva`, {
        clienteId: ids.clienteA,
        scadenza: tomorrow(),
      });
    expect(
      (await mag.post(`/api/magazzino/lastre/${reserved}/vendi`, sale(ids.clienteA))).statusCode,
    ).toBe(200);
    expect(
      (await mag.post(`/api/magazzino/lastre/${broken}/rotta`, { nota: 'Caduta dal cavalletto' }))
        .statusCode,
    ).toBe(200);
    const stateRow = async (id: string, to: string) =>
      (await auditOf(id)).find(
        (r) => (r.changes as { stato?: { to: string } } | null)?.stato?.to === to,
      )?.changes;
    expect(await stateRow(reserved, 'venduta')).toMatchObject({
      stato: { from: 'riservata', to: 'venduta' },
    });
    expect(await stateRow(broken, 'rotta')).toMatchObject({
      stato: { from: 'riservata', to: 'rotta' },
    });
    expect(await stateRow(sold, 'venduta')).toMatchObject({
      stato: { from: 'disponibile', to: 'venduta' },
      cliente: { from: null, to: 'Stone Design GmbH' },
    });
  });
});

describe('giacenze by page', () => {
  it('lists the reservations running out soonest first, slabs and lots together', async () => {
    const { lastre: slabs } = await bundle(2);
    const id = await lot(30);
    // reserved in the opposite order of their last days
    for (const [i, days] of [3, 1].entries())
      await mag.post(`/api/magazzino/lastre/${slabs[i]!._id}/riserva`, {
        clienteId: ids.clienteA,
        scadenza: addDays(todayInRome(), days),
      });
    await pav.post(`/api/magazzino/lotti/${id}/riserva`, {
      pezzi: 3,
      clienteId: ids.clienteB,
      scadenza: addDays(todayInRome(), 2),
    });
    const { inScadenza } = (await mag.get('/api/magazzino/giacenze')).json() as {
      inScadenza: Array<{ tipo: string; item: { _id: string }; scadenza: string }>;
    };
    const ours = inScadenza.filter((r) => [slabs[0]!._id, slabs[1]!._id, id].includes(r.item._id));
    expect(ours.map((r) => [r.tipo, r.scadenza])).toEqual([
      ['lastra', addDays(todayInRome(), 1)],
      ['lotto', addDays(todayInRome(), 2)],
      ['lastra', addDays(todayInRome(), 3)],
    ]);
    const dates = inScadenza.map((r) => r.scadenza);
    expect(dates).toEqual([...dates].sort());
  });

  it('a slabs-only user sees slab stock and slab reservations only; a tiles-only user the tiles only', async () => {
    const { lastre: slabs } = await bundle(1);
    await mag.post(`/api/magazzino/lastre/${slabs[0]!._id}/riserva`, {
      clienteId: ids.clienteA,
      scadenza: tomorrow(),
    });
    const id = await lot(30);
    await pav.post(`/api/magazzino/lotti/${id}/riserva`, {
      pezzi: 3,
      clienteId: ids.clienteB,
      scadenza: tomorrow(),
    });
    const lastreOnly = (await f.org.userClient({ 'magazzino-lastre': true })).client;
    const kinds = (g: { righe: Array<{ tipo: string }>; inScadenza: Array<{ tipo: string }> }) => ({
      righe: [...new Set(g.righe.map((r) => r.tipo))].sort(),
      inScadenza: [...new Set(g.inScadenza.map((r) => r.tipo))].sort(),
    });
    expect(kinds((await mag.get('/api/magazzino/giacenze')).json())).toEqual({
      righe: ['lastre', 'pavimenti'],
      inScadenza: ['lastra', 'lotto'],
    });
    expect(kinds((await lastreOnly.get('/api/magazzino/giacenze')).json())).toEqual({
      righe: ['lastre'],
      inScadenza: ['lastra'],
    });
    expect(kinds((await pav.get('/api/magazzino/giacenze')).json())).toEqual({
      righe: ['pavimenti'],
      inScadenza: ['lotto'],
    });
  });
});

describe('movimenti carry their amount', () => {
  it('a sale row has its unit price, its unit and the amount: price × m², × slabs or × pieces, to the cent', async () => {
    const { lastre: slabs } = await bundle(2);
    await mag.post(`/api/magazzino/lastre/${slabs[0]!._id}/vendi`, {
      clienteId: ids.clienteA,
      prezzo: 185.5,
      unita: 'mq',
      documento: 'DDT 200/26',
    });
    await mag.post(`/api/magazzino/lastre/${slabs[1]!._id}/vendi`, {
      clienteId: ids.clienteA,
      prezzo: 700,
      unita: 'lastra',
      documento: 'DDT 201/26',
    });
    const id = await lot(40);
    await pav.post(`/api/magazzino/lotti/${id}/vendi`, {
      pezzi: 13,
      clienteId: ids.clienteA,
      prezzo: 4.35,
      unita: 'pezzo',
      documento: 'DDT 202/26',
    });
    const rowOf = async (query: Record<string, string>) =>
      (await mag.get('/api/magazzino/movimenti', { query: { ...query, tipo: 'scarico' } })).json()
        .items[0];
    expect(await rowOf({ lastraId: slabs[0]!._id })).toMatchObject({
      mq: -4.5,
      prezzo: 185.5,
      unitaPrezzo: 'mq',
      importo: 834.75,
    });
    expect(await rowOf({ lastraId: slabs[1]!._id })).toMatchObject({
      prezzo: 700,
      unitaPrezzo: 'lastra',
      importo: 700,
    });
    expect(await rowOf({ lottoId: id })).toMatchObject({
      pezzi: -13,
      prezzo: 4.35,
      unitaPrezzo: 'pezzo',
      importo: 56.55,
    });
    const carico = (
      await mag.get('/api/magazzino/movimenti', { query: { lottoId: id, tipo: 'carico' } })
    ).json().items[0];
    expect(carico).toMatchObject({ prezzo: null, unitaPrezzo: null, importo: null });
  });
});

describe('giacenze figures (docs/api.md "Shape of the API")', () => {
  it('a row’s valore is the sum of its items’ values each rounded to the cent', async () => {
    const other = await setupCompany(ctx);
    const admin = await other.adminClient();
    const { materialeId: materiale } = await createProductionLookups(admin);
    const year = new Date().getFullYear();
    for (const n of [1, 2]) {
      const { id } = await loadLotto(ctx, other.company.id, {
        codice: `LO-${year}-7${n}00`,
        materialeId: materiale,
        pezzi: 10,
        pezziPerCassa: 10,
      });
      // 1,01 m² at 0,50 €/m²: 0,505 €, 0,51 € on its own
      await ctx.database.db
        .update(lotti)
        .set({ mq: 1.01, prezzoListino: 0.5 })
        .where(eq(lotti.id, id));
    }
    const [row] = (await admin.get('/api/magazzino/giacenze')).json().righe;
    expect(row).toMatchObject({ tipo: 'pavimenti', pezzi: 20, mq: 2.02, valore: 1.02 });
  });
});
