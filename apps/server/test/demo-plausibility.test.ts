import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../src/db/schema/index.js';
import type { EntityRefJson } from '../src/lib/entities.js';
import { rowsOf } from '../src/lib/pagination.js';
import { packingRows } from '../src/modules/ddt/ddt.packing.js';
import { seedDemo } from '../src/seed/demo.js';
import { createServices } from '../src/services.js';
import { readPdf } from './ddt-helpers.js';
import { buildTestApp, login, type TestClient, type TestContext } from './helpers.js';

// The demo as an auditor reads it (docs/screens.md "What the demo's figures obey"): list prices that fall with the scelta
// and sit at Carrara's levels, informi cheaper by the tonne, bought-in blocks from quarries that cut their
// stone, a handful of scrapped blocks each with its defect, trucks within the road limit; and every PDF
// the app prints keeps the demo's longest values whole (docs/reportistica.md, lib/pdf.ts `fitWidths`).

let ctx: TestContext;
let admin: TestClient;
let marmiId: string;
beforeAll(async () => {
  ctx = await buildTestApp({ RATE_LIMIT_LABELS: '10000', RATE_LIMIT_EXPORTS: '10000' });
  await seedDemo(ctx.database.db);
  admin = await login(ctx.app, 'admin@cava.example', 'Cava-Demo-2026');
  const [marmi] = await ctx.database.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, 'Marmi Demo S.r.l.'));
  marmiId = marmi!.id;
}, 600_000);
afterAll(() => ctx.close());

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(q));

interface Listino {
  company: string;
  materiale: string;
  scelta: 'prima' | 'seconda' | 'commerciale';
  informe: boolean;
  /** € per tonne: a price per m³ over the density, per quintale × 10 */
  perT: number;
}

describe('demo plausibility', () => {
  it('list prices fall from prima to seconda to commerciale, informi below any squared block, at Carrara’s levels', async () => {
    const rows = await query<Listino>(sql`
      select b.company_id as company, m.nome as materiale, b.scelta, b.categoria = 'informe' as informe,
        case b.unita_prezzo when 'm3' then b.prezzo_listino / m.densita when 'q' then b.prezzo_listino * 10
          else b.prezzo_listino end::float8 as "perT"
      from blocchi b join materiali m on m.id = b.materiale_id where b.prezzo_listino is not null`);
    expect(rows.length).toBeGreaterThan(100);
    const of = (f: (r: Listino) => boolean) => rows.filter(f).map((r) => r.perT);
    const groups = new Set(rows.map((r) => `${r.company}|${r.materiale}`));
    for (const g of groups) {
      const mine = (r: Listino) => `${r.company}|${r.materiale}` === g;
      for (const informe of [false, true]) {
        const [prima, seconda, commerciale] = (['prima', 'seconda', 'commerciale'] as const).map(
          (s) => of((r) => mine(r) && r.informe === informe && r.scelta === s),
        );
        if (prima!.length && seconda!.length)
          expect(Math.max(...seconda!), `${g} seconda < prima`).toBeLessThan(Math.min(...prima!));
        if (seconda!.length && commerciale!.length)
          expect(Math.max(...commerciale!), `${g} commerciale < seconda`).toBeLessThan(
            Math.min(...seconda!),
          );
        if (prima!.length && commerciale!.length)
          expect(Math.max(...commerciale!)).toBeLessThan(Math.min(...prima!));
      }
      const informi = of((r) => mine(r) && r.informe);
      const squadrati = of((r) => mine(r) && !r.informe);
      if (informi.length && squadrati.length)
        expect(Math.max(...informi), `${g} informi < squadrati per t`).toBeLessThan(
          Math.min(...squadrati),
        );
    }
    const prima = (materiale: string) =>
      of((r) => r.materiale === materiale && r.scelta === 'prima' && !r.informe);
    const within = (v: number[], from: number, to: number) => {
      expect(v.length).toBeGreaterThan(0);
      expect(Math.min(...v)).toBeGreaterThanOrEqual(from);
      expect(Math.max(...v)).toBeLessThanOrEqual(to);
    };
    within(prima('Statuario'), 4000, 8000);
    within(prima('Calacatta'), 3000, 6000);
    within(prima('Bianco Carrara'), 600, 1000);
  });

  it('slabs and tiles list by stone and scelta too: a seconda never above a prima of the same stone, thickness and finish', async () => {
    const rows = await query<{ k: string; scelta: string; prezzo: number }>(sql`
      select concat_ws('|', p.company_id, p.materiale_id, p.spessore_mm, p.finitura) as k, p.scelta,
        p.prezzo_listino::float8 as prezzo from pacchi p where p.prezzo_listino is not null
      union all
      select concat_ws('|', l.company_id, l.materiale_id, l.spessore_mm, l.finitura), l.scelta,
        l.prezzo_listino::float8 from lotti l where l.prezzo_listino is not null`);
    expect(rows.length).toBeGreaterThan(3);
    const rank = { prima: 0, seconda: 1, commerciale: 2 } as Record<string, number>;
    for (const a of rows)
      for (const b of rows)
        if (a.k === b.k && rank[a.scelta]! < rank[b.scelta]!)
          expect(a.prezzo).toBeGreaterThan(b.prezzo);
    // a Statuario or Calacatta slab lists above any Bianco Carrara one
    const named = await query<{ nome: string; prezzo: number }>(sql`
      select m.nome, p.prezzo_listino::float8 as prezzo from pacchi p join materiali m on m.id = p.materiale_id
      where p.prezzo_listino is not null`);
    const bianco = named.filter((r) => r.nome === 'Bianco Carrara').map((r) => r.prezzo);
    for (const r of named.filter((x) => ['Statuario', 'Calacatta'].includes(x.nome)))
      expect(r.prezzo).toBeGreaterThan(Math.max(0, ...bianco));
  });

  it('scraps a handful of blocks, each for a declared defect, none of them a sound prima', async () => {
    const scartati = await query<{
      scelta: string;
      difettoso: boolean;
      difetti: string[] | string;
      note: string | null;
    }>(
      sql`select scelta, difettoso, difetti, note_difetti as note from blocchi where stato = 'scartato'`,
    );
    expect(scartati.length).toBeGreaterThan(0);
    expect(scartati.length).toBeLessThanOrEqual(5);
    for (const b of scartati) {
      expect(b.difettoso).toBe(true);
      expect(String(b.difetti)).toContain('crepa');
      expect(b.note).toBeTruthy();
      expect(b.scelta).not.toBe('prima');
    }
  });

  it('buys blocks from quarries that cut their stone, and from the group what its quarry cuts', async () => {
    const bought = await query<{ fornitore: string; note: string | null; materiale: string }>(sql`
      select f.ragione_sociale as fornitore, f.note, m.nome as materiale
      from blocchi b join fornitori f on f.id = b.fornitore_id join materiali m on m.id = b.materiale_id
      where b.origine = 'esterno'`);
    expect(bought.length).toBeGreaterThanOrEqual(12);
    const group = await query<{ name: string }>(sql`select name from companies`);
    const quarried = new Set(
      (
        await query<{ nome: string }>(sql`
          select distinct m.nome from blocchi b join materiali m on m.id = b.materiale_id
          where b.company_id = ${marmiId} and b.origine = 'interno'`)
      ).map((r) => r.nome),
    );
    for (const b of bought) {
      if (group.some((g) => g.name === b.fornitore)) expect(quarried.has(b.materiale)).toBe(true);
      // the supplier's card says which stones it sells
      else expect(b.note ?? '', `${b.fornitore} sells ${b.materiale}`).toContain(b.materiale);
    }
  });

  it('loads no truck above the road limit (30 t of stone on a 44 t lorry)', async () => {
    const ddts = await query<{ kg: number }>(sql`select peso_kg::float8 as kg from ddt`);
    expect(ddts.length).toBeGreaterThan(0);
    for (const d of ddts) expect(d.kg).toBeLessThanOrEqual(30_000);
  });
});

/** Every text of a PDF, whitespace collapsed: a value cut ("Fossa deg…") or broken inside a word fails a whole match. */
async function pdfText(url: string) {
  const res = await admin.get(url);
  expect(res.statusCode, url).toBe(200);
  return readPdf(res.rawPayload).text;
}
const DATE = /\b\d{2}\/\d{2}\/\d{4}\b/;

describe('demo documents print the longest values whole', () => {
  it('reports: scelte, categorie, quarries, places and dates whole, nothing cut with an ellipsis', async () => {
    const period = 'dal=2020-01-01&al=2030-12-31';
    const blocchi = await pdfText(`/api/reports/blocchi?formato=pdf&${period}`);
    for (const whole of ['Commerciale', 'Fossa degli Angeli', 'Piazzale cava Fossa degli Angeli'])
      expect(blocchi, whole).toContain(whole);
    const estrazione = await pdfText(`/api/reports/estrazione?formato=pdf&${period}`);
    for (const whole of ['Fossa degli Angeli', 'Commerciale', 'Semisquadrato', 't teoriche'])
      expect(estrazione, whole).toContain(whole);
    for (const name of [
      'registro-produzione',
      'estrazione',
      'giacenze',
      'vendite',
      'rese',
      'blocchi',
    ]) {
      const text =
        name === 'blocchi' ? blocchi : await pdfText(`/api/reports/${name}?formato=pdf&${period}`);
      expect(text, name).not.toContain('…');
      if (name !== 'giacenze') expect(text).toMatch(DATE);
    }
  });

  it('verbali, DDTs, packing lists and invoices break cells between words only', async () => {
    const collaudi = (await admin.get('/api/collaudi?limit=100')).json().items as Array<{
      _id: string;
    }>;
    let commerciale = 0;
    for (const c of collaudi) {
      const text = await pdfText(`/api/collaudi/${c._id}/verbale`);
      // a commerciale row's "Materiale e scelta" cell once printed "Commercial e scelta"
      expect(text).not.toMatch(/\bCommercia( le|l e)\b/);
      if (text.includes('Commerciale scelta')) commerciale += 1;
      for (const code of text.match(/CARRARA-\d+-\d+/g) ?? []) expect(code).toMatch(/-\d{5}$/);
    }
    expect(commerciale).toBeGreaterThan(0);
    const ddts = (await admin.get('/api/ddt?limit=100')).json().items as Array<{ _id: string }>;
    expect(ddts.length).toBeGreaterThan(0);
    for (const d of ddts) {
      const text = await pdfText(`/api/ddt/${d._id}/pdf`);
      expect(text).toMatch(DATE);
      const en = await pdfText(`/api/ddt/${d._id}/packing-list?lingua=en`);
      expect(en).toContain('Packages');
      // the English list speaks English in every cell
      expect(en).not.toMatch(/\b(spessore|Spessore|Pacco|Lastra|Pezzi|Casse|Scelta|grezzo)\b/);
    }
    const fatture = (await admin.get('/api/fatture?limit=100')).json().items as Array<{
      _id: string;
    }>;
    expect(fatture.length).toBeGreaterThan(0);
    for (const f of fatture) expect(await pdfText(`/api/fatture/${f._id}/pdf`)).toMatch(DATE);
  });
});

describe('the English packing list', () => {
  it('says a bundle’s thickness in English even when its slabs are not listed', () => {
    const riga = {
      rigaId: 'r1',
      entityType: 'pacco',
      codice: 'PK-2026-0009',
      descrizione: 'Pacco di 10 lastre di Statuario',
      materiale: 'Statuario',
      misure: 'spessore 30 mm',
      scelta: 'prima',
      pezzi: 10,
      casse: null,
      colli: 1,
      mq: 40,
      m3: null,
      pesoKg: 3252,
      pesoNettoKg: 3252,
    };
    const ddt = { righe: [riga], colli: 1, mq: 40, m3: 0, pesoKg: 3252, pesoNettoKg: 3252 };
    const rows = packingRows({
      ddt: ddt as unknown as Parameters<typeof packingRows>[0]['ddt'],
      lingua: 'en',
      lastre: {},
    });
    expect(rows[0]).toMatchObject({ tipo: 'Bundle', misure: 'thickness 30 mm', scelta: 'First' });
  });
});

describe("the demo's records, named alike on every screen", () => {
  it("every kind's code in the dashboard's activity (one statement) is its card's code", async () => {
    const db = ctx.database.db;
    const { entities } = createServices({ db });
    let esterni = 0;
    for (const definition of entities.all()) {
      const companies = await query<{ company_id: string }>(sql`
        select distinct company_id from audit_log where entity_type = ${definition.type}`);
      expect(companies.length, `${definition.type} in the demo's history`).toBeGreaterThan(0);
      for (const { company_id: companyId } of companies) {
        // every record of the kind the history names, deleted ones included
        const refs = await query<{ id: string; ref: EntityRefJson }>(sql`
          select a.entity_id as id, ${definition.refJsonSql(companyId, sql`a.entity_id`)} as ref
          from (select distinct entity_id from audit_log
            where company_id = ${companyId} and entity_type = ${definition.type}) a`);
        const cards = await definition.describe(
          db,
          companyId,
          refs.map((r) => r.id),
        );
        for (const { id, ref } of refs) {
          const card = cards.get(id);
          const named = card ? { codice: card.codice, kind: card.kind ?? null } : null;
          expect(ref, `${definition.type} ${id}`).toEqual(named);
          if (ref?.kind === 'esterno') esterni++;
        }
      }
    }
    // the sub-kind too: a bought-in block's page is not an own block's
    expect(esterni).toBeGreaterThan(0);
  });
});
