/**
 * `npm run seed:bench`: fills the database in DATA_DIR (or DATABASE_URL) with 100 000 blocchi over
 * three companies, with one bancata for every 20 own blocks, for the benchmarks (docs/quality.md P1, P2, P5).
 * Demo users and data stay. Rows are made by the database itself (`generate_series`) in statements of
 * 10 000, so the embedded engine is never held for long. Usage: npm run seed:bench [-- --blocchi 100000]
 */
import { parseArgs } from 'node:util';
import { and, eq, like, sql } from 'drizzle-orm';
import { loadConfig } from '../config/config.js';
import { openDatabase, type Db } from '../db/client.js';
import {
  bancate,
  blocchi,
  cave,
  companies,
  fornitori,
  materiali,
  photos,
  ubicazioni,
} from '../db/schema/index.js';
import { isDatabaseEmpty, seedDemo } from '../seed/demo.js';

const BATCH = 10_000;
const BLOCCHI_PER_BANCATA = 20;
const BENCH_COMPANY = 'Cave Apuane Bench S.r.l.';

async function ensureLookups(db: Db, companyId: string) {
  const ensure = async <T extends { id: string }>(existing: T[], create: () => Promise<T[]>) =>
    existing.length ? existing : create();
  const mats = await ensure(
    await db.select().from(materiali).where(eq(materiali.companyId, companyId)),
    () =>
      db
        .insert(materiali)
        .values(
          ['Bianco Carrara', 'Statuario', 'Calacatta', 'Arabescato', 'Bardiglio'].map((nome) => ({
            companyId,
            nome,
            densita: 2.7,
          })),
        )
        .returning(),
  );
  const quarries = await ensure(
    await db.select().from(cave).where(eq(cave.companyId, companyId)),
    () =>
      db
        .insert(cave)
        .values([
          { companyId, codice: 'B1', nome: 'Cava Bench Nord' },
          { companyId, codice: 'B2', nome: 'Cava Bench Sud' },
        ])
        .returning(),
  );
  const places = await ensure(
    await db.select().from(ubicazioni).where(eq(ubicazioni.companyId, companyId)),
    () =>
      db
        .insert(ubicazioni)
        .values([{ companyId, nome: 'Piazzale bench', tipo: 'piazzale_cava' }])
        .returning(),
  );
  const suppliers = await ensure(
    await db.select().from(fornitori).where(eq(fornitori.companyId, companyId)),
    () =>
      db
        .insert(fornitori)
        .values([
          {
            companyId,
            ragioneSociale: 'Fornitore Bench S.r.l.',
            indirizzo: 'Via Bench 1',
            comune: 'Carrara',
            nazione: 'IT',
          },
        ])
        .returning(),
  );
  return { mats, quarries, places, suppliers };
}

const uuidArray = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;

const PHOTOS = 10_000;

type Company = typeof companies.$inferSelect;
type Lookups = Awaited<ReturnType<typeof ensureLookups>>;

async function main() {
  const { values } = parseArgs({ options: { blocchi: { type: 'string', default: '100000' } } });
  const total = Number(values.blocchi);
  if (!Number.isInteger(total) || total < 1000)
    throw new Error('--blocchi: un numero intero di almeno 1000');
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.pgliteDir,
  });
  const { db } = database;
  const started = Date.now();
  try {
    await database.migrate();
    if (await isDatabaseEmpty(db)) {
      console.log('Database vuoto: carico prima i dati dimostrativi…');
      await seedDemo(db);
    }
    const targets = await benchCompanies(db);
    const perCompany = Math.ceil(total / targets.length);
    for (const company of targets) await seedBenchBlocchi(db, company, perCompany);
    await seedBenchPhotos(db, targets);
    // the tables as a running server keeps them: vacuumed (autovacuum on PostgreSQL, the maintenance
    // on PGlite, docs/performance.md "Vacuum on the embedded database") and analyzed
    await db.execute(sql`vacuum (analyze)`);
    const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(blocchi)) as [
      { n: number },
    ];
    console.log(`Fatto: ${n} blocchi in tutto, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

/** The two demo companies and the bench company (created on the first run). */
async function benchCompanies(db: Db): Promise<Company[]> {
  const [bench] = await db.select().from(companies).where(eq(companies.name, BENCH_COMPANY));
  if (!bench) await db.insert(companies).values({ name: BENCH_COMPANY, quarryName: 'Bench' });
  return (await db.select().from(companies)).filter((c) =>
    ['Marmi Demo S.r.l.', 'Segheria Demo S.r.l.', BENCH_COMPANY].includes(c.name),
  );
}

/** Replaces the company's bench bancate and blocchi unless it already has enough of them. */
async function seedBenchBlocchi(db: Db, company: Company, perCompany: number) {
  const existing = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(blocchi)
    .where(and(eq(blocchi.companyId, company.id), like(blocchi.codice, 'BL-B%')));
  const have = existing[0]!.n;
  if (have >= perCompany) {
    console.log(`${company.name}: già ${have} blocchi di prova`);
    return;
  }
  const l = await ensureLookups(db, company.id);
  await db
    .delete(blocchi)
    .where(and(eq(blocchi.companyId, company.id), like(blocchi.codice, 'BL-B%')));
  await db
    .delete(bancate)
    .where(and(eq(bancate.companyId, company.id), like(bancate.codice, 'BA-B%')));
  await insertBenchBancate(db, company, l, Math.ceil(perCompany / BLOCCHI_PER_BANCATA));
  for (let from = 0; from < perCompany; from += BATCH) {
    const to = Math.min(perCompany, from + BATCH) - 1;
    await insertBenchBlocchi(db, company, l, { from, to, perCompany });
    process.stdout.write(`\r${company.name}: ${to + 1}/${perCompany} blocchi`);
    await new Promise((r) => setImmediate(r));
  }
  process.stdout.write('\n');
}

async function insertBenchBancate(db: Db, company: Company, l: Lookups, nBancate: number) {
  await db.execute(sql`
    insert into ${bancate} (id, company_id, codice, cava_id, materiale_id, data_taglio, lunghezza, altezza, profondita, volume_lordo, peso_stimato, stato, resa_chiusura, created_at, updated_at)
    select gen_random_uuid(), ${company.id}, 'BA-B-' || lpad(g::text, 6, '0'),
      (${uuidArray(l.quarries.map((q) => q.id))})[1 + g % ${l.quarries.length}::int],
      (${uuidArray(l.mats.map((m) => m.id))})[1 + g % ${l.mats.length}::int],
      date '2022-01-01' + (g * 1500 / ${nBancate}::int), 1200, 600, 400, 288, 777.6, 'chiusa', 41.5,
      timestamp '2022-01-01' + g * (interval '1500 days' / ${nBancate}::int), now()
    from generate_series(0, ${nBancate - 1}::int) g`);
}

/** One statement of blocchi numbered `from`..`to`, each on its bancata (by number). */
async function insertBenchBlocchi(
  db: Db,
  company: Company,
  l: Lookups,
  { from, to, perCompany }: { from: number; to: number; perCompany: number },
) {
  // One in ten is bought in; states cycle so every filter finds rows.
  await db.execute(sql`
    with b as (
      select id, cava_id, materiale_id, (row_number() over (order by codice) - 1)::int as rn
      from ${bancate} where company_id = ${company.id} and codice like 'BA-B%'),
    g as (
      select s, 230 + (s * 7) % 80 as l, 110 + (s * 11) % 60 as h, 90 + (s * 13) % 60 as p
      from generate_series(${from}::int, ${to}::int) s)
    insert into ${blocchi} (id, company_id, codice, origine, bancata_id, cava_id, fornitore_id, numero_fornitore, codice_tracciabilita,
      materiale_id, scelta, categoria, lunghezza, altezza, profondita, lunghezza_netta, altezza_netta, profondita_netta,
      volume_lordo, volume_netto, peso_teorico, ubicazione_id, prezzo_listino, unita_prezzo, stato, note, created_at, updated_at)
    select gen_random_uuid(), ${company.id}, 'BL-B-' || lpad(g.s::text, 6, '0'),
      case when g.s % 10 = 0 then 'esterno' else 'interno' end,
      case when g.s % 10 = 0 then null else b.id end,
      case when g.s % 10 = 0 then null else b.cava_id end,
      case when g.s % 10 = 0 then (${uuidArray(l.suppliers.map((f) => f.id))})[1 + g.s % ${l.suppliers.length}::int] else null end,
      case when g.s % 10 = 0 then 'F-' || g.s else null end,
      'TRC-' || lpad((g.s * 37 % 1000000)::text, 6, '0'),
      b.materiale_id,
      (array['prima','seconda','commerciale'])[1 + g.s % 3],
      (array['squadrato','squadrato','semisquadrato','informe'])[1 + g.s % 4],
      g.l, g.h, g.p, g.l, g.h, g.p,
      round(g.l * g.h * g.p / 1e6, 3), round(g.l * g.h * g.p / 1e6, 3), round(g.l * g.h * g.p / 1e6 * 2.7, 2),
      (${uuidArray(l.places.map((u) => u.id))})[1 + g.s % ${l.places.length}::int],
      1500, 'm3',
      (array['disponibile','disponibile','disponibile','in_piazzale','venduto','spedito','segato','in_segagione','scartato'])[1 + (g.s * 7) % 9],
      case when g.s % 50 = 0 then 'Blocco di prova con venatura marcata' else null end,
      timestamp '2022-01-01' + g.s * (interval '1500 days' / ${perCompany}::int), now()
    from g join b on b.rn = g.s / ${BLOCCHI_PER_BANCATA}::int`);
}

/** Photo rows for the gallery benchmark (P5): files are not needed to page and sign them. */
async function seedBenchPhotos(db: Db, targets: Company[]) {
  const photosPerCompany = Math.ceil(PHOTOS / targets.length);
  for (const company of targets) {
    const [{ n: have }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(photos)
      .where(and(eq(photos.companyId, company.id), eq(photos.checksum, 'bench')))) as [
      { n: number },
    ];
    if (have >= photosPerCompany) continue;
    await db.execute(sql`
      insert into ${photos} (id, company_id, entity_type, entity_id, codice, description, file_name, mime, size, width, height, checksum,
        original_key, preview_key, thumbnail_key, created_at)
      select gen_random_uuid(), ${company.id}, 'blocco', b.id, b.codice,
        case when b.rn % 5 = 0 then 'Foto di prova del fronte' else null end,
        b.codice || '.jpg', 'image/jpeg', 3000000, 4000, 3000, 'bench',
        ${company.id}::text || '/00/00/' || b.u || '.jpg', ${company.id}::text || '/00/00/' || b.u || '-preview.webp',
        ${company.id}::text || '/00/00/' || b.u || '-thumb.webp', b.created_at
      from (
        select id, codice, created_at, row_number() over (order by codice) as rn, gen_random_uuid()::text as u
        from ${blocchi} where company_id = ${company.id} and codice like 'BL-B%' and origine = 'interno'
        order by codice limit ${photosPerCompany - have}::int) b`);
    console.log(`${company.name}: ${photosPerCompany} foto di prova`);
  }
}

main().catch((error: unknown) => {
  const cause = (error as { cause?: { message?: string } }).cause?.message;
  console.error(cause ?? (error instanceof Error ? error.message : error));
  process.exit(1);
});
