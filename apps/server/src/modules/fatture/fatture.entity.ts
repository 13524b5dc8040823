import {
  FATTURA_STATO_LABELS,
  FATTURA_TIPO_LABELS,
  detailPath,
  type FatturaStato,
  type FatturaTipo,
  type GenealogyNode,
} from '@gestcava/contracts';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.js';
import { fatture } from '../../db/schema/fatture.js';
import { companyScope } from '../../lib/company-table.js';
import { italianDate } from '../../lib/dates.js';
import { refJsonOf, type EntityRegistry, type EntitySummary } from '../../lib/entities.js';
import { rowsOf } from '../../lib/pagination.js';
import { bloccoIdsInCava } from '../blocchi/blocchi.reads.js';
import { ddtRigheConSql } from '../ddt/ddt.reads.js';
import { ddtRefsOf } from './fatture.repository.js';

// The invoice in the entity registry (docs/fatture.md "Ricerca e genealogia"): the code lookup finds
// "fattura 12/2026", its genealogy names its DDTs and cliente, and a DDT and each invoiced item name it back.

/** "FATTURA 12/2026", "FATT. N. 12/2026", "12/2026" (upper-cased by `normalizeCodice`); `partial` for search. */
export function parseNumeroFattura(text: string, partial = false) {
  const m = (
    partial
      ? /^(?:FATT(?:URA)?\.?\s*(?:N[.°º]?\s*)?)?(\d{1,9})(?:\s*\/\s*(\d{0,4}))?$/
      : /^(?:FATT(?:URA)?\.?\s*(?:N[.°º]?\s*)?)?(\d{1,9})\s*\/\s*(\d{4})$/
  ).exec(text.toUpperCase().trim());
  if (!m || Number(m[1]) === 0) return null;
  return { numero: Number(m[1]), anno: m[2] ?? '' };
}

/** The invoice as `f` in the hand-written SQL below. */
const fa = alias(fatture, 'f');

interface RefRow {
  id: string;
  codice: string;
}

/**
 * A fattura's code is its number, "12/2026" (`numeroFattura`); a draft has none. One rule for every
 * read of the registry below, on the table or its alias `f`.
 */
const numeroFatturaText = (t: typeof fatture | typeof fa) =>
  sql<
    string | null
  >`case when ${t.numero} is null then null else ${t.numero}::text || '/' || ${t.anno}::text end`;

async function refs(db: DbOrTx, where: ReturnType<typeof sql>, limit = 1): Promise<RefRow[]> {
  return rowsOf<RefRow>(
    await db.execute(sql`
      select id, ${numeroFatturaText(fatture)} as codice from fatture
      where numero is not null and ${where} order by anno desc, numero desc limit ${limit}`),
  );
}

interface Linked {
  id: string;
  /** `numeroFatturaText`: null for a draft. */
  codice: string | null;
  data: string;
  tipo_documento: FatturaTipo;
  stato: FatturaStato;
  cliente: string;
}

const nodeOf = (r: Linked): GenealogyNode => ({
  entityType: 'fattura',
  _id: r.id,
  label: `${FATTURA_TIPO_LABELS[r.tipo_documento]} ${r.codice ?? '(bozza)'} del ${italianDate(r.data)} a ${r.cliente}`,
  codice: r.codice,
  relation: 'vendita',
  path: detailPath('fattura', r.id),
});

const linked = (db: DbOrTx, companyId: string, where: ReturnType<typeof sql>) =>
  db
    .execute(
      sql`select f.id, ${numeroFatturaText(fa)} as codice, f.data::text as data, f.tipo_documento, f.stato, f.cessionario->>'ragioneSociale' as cliente
      from fatture f where ${companyScope(fa, companyId)} and f.stato = 'emessa' and exists (
        select 1 from fatture_righe r where r.fattura_id = f.id and ${where}) order by f.anno, f.numero`,
    )
    .then((r) => rowsOf<Linked>(r).map(nodeOf));

/** The invoice's id and code ("bozza" for a draft) in the company. */
async function findFattura(tx: DbOrTx, companyId: string, id: string): Promise<RefRow | null> {
  return (
    (
      await rowsOf<RefRow>(
        await tx.execute(
          sql`select id, coalesce(${numeroFatturaText(fatture)}, 'bozza') as codice from fatture where ${companyScope(fatture, companyId, eq(fatture.id, id))}`,
        ),
      )
    )[0] ?? null
  );
}

/** The emitted invoice a typed code "fattura 12/2026" names. */
async function findFatturaByCodice(
  tx: DbOrTx,
  companyId: string,
  codice: string,
  typed?: string,
): Promise<RefRow | null> {
  const n = parseNumeroFattura(typed ?? codice) ?? parseNumeroFattura(codice);
  if (!n) return null;
  return (
    (
      await refs(
        tx,
        companyScope(fatture, companyId, sql`numero = ${n.numero} and anno = ${Number(n.anno)}`),
      )
    )[0] ?? null
  );
}

/** Emitted invoices whose code begins as typed, newest first. */
async function searchFatture(
  tx: DbOrTx,
  companyId: string,
  text: string,
  limit: number,
): Promise<RefRow[]> {
  const n = parseNumeroFattura(text, true);
  if (!n) return [];
  return refs(
    tx,
    companyScope(fatture, companyId, sql`numero = ${n.numero} and anno::text like ${`${n.anno}%`}`),
    limit,
  );
}

/** What a card or a code lookup says of invoices: type, cliente, date and total. */
async function describeFatture(
  tx: DbOrTx,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, EntitySummary>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<Linked & { totale: number }>(
    await tx.execute(sql`
      select id, ${numeroFatturaText(fatture)} as codice, data::text as data, tipo_documento, stato, totale::float8 as totale,
        cessionario->>'ragioneSociale' as cliente
      from fatture where ${companyScope(fatture, companyId)} and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        codice: r.codice,
        materiale: null,
        stato: FATTURA_STATO_LABELS[r.stato],
        cava: null,
        facts: [
          FATTURA_TIPO_LABELS[r.tipo_documento],
          r.cliente,
          italianDate(r.data),
          `${r.totale.toFixed(2).replace('.', ',')} €`,
        ],
      },
    ]),
  );
}

/** The invoice's DDTs, the invoice it corrects, and its cliente. */
async function fatturaGenealogy(
  tx: DbOrTx,
  companyId: string,
  id: string,
): Promise<GenealogyNode[]> {
  const ddt = await ddtRefsOf(tx, companyId, id);
  const [f] = rowsOf<{
    cliente_id: string;
    cliente: string;
    collegata: string | null;
    codice: string | null;
  }>(
    await tx.execute(sql`
      select f.cliente_id, f.cessionario->>'ragioneSociale' as cliente, f.fattura_collegata_id as collegata,
        c.numero || '/' || c.anno as codice
      from fatture f left join fatture c on c.id = f.fattura_collegata_id
      where ${companyScope(fa, companyId, eq(fa.id, id))}`),
  );
  if (!f) return [];
  return [
    ...ddt.map((d): GenealogyNode => ({
      entityType: 'ddt',
      _id: d.id,
      label: `DDT ${d.numero}/${d.anno} del ${italianDate(d.data)}`,
      codice: `${d.numero}/${d.anno}`,
      relation: 'origine',
      path: detailPath('ddt', d.id),
    })),
    ...(f.collegata
      ? [
          {
            entityType: 'fattura',
            _id: f.collegata,
            label: `Fattura ${f.codice ?? ''}`.trim(),
            codice: f.codice,
            relation: 'origine',
            path: detailPath('fattura', f.collegata),
          } satisfies GenealogyNode,
        ]
      : []),
    {
      entityType: 'cliente',
      _id: f.cliente_id,
      label: f.cliente,
      codice: null,
      relation: 'vendita',
      path: detailPath('cliente', f.cliente_id),
    },
  ];
}

export function registerFatturaEntity(entities: EntityRegistry, _db: Db) {
  entities.register({
    type: 'fattura',
    label: 'Fattura',
    notFound: 'Fattura non trovata',
    permission: () => 'fatture',
    findInCompany: findFattura,
    findByCodice: findFatturaByCodice,
    searchCodice: searchFatture,
    detailPath: (ref) => detailPath('fattura', ref.id),
    refJsonSql: refJsonOf(fatture, numeroFatturaText(fatture)),
    pages: ['fatture'],
    readableIds: (canRead) => (canRead('fatture') ? 'all' : 'none'),
    idsInCava: (companyId, cavaId) =>
      sql`select r.fattura_id from fatture_righe r where r.entity_type = 'blocco' and r.entity_id in (${bloccoIdsInCava(companyId, cavaId)})`,
    describe: describeFatture,
  });

  // blocco → collaudo → DDT → fattura → cliente: a DDT and each invoiced item name their invoices
  entities.addGenealogy('ddt', (tx, companyId, id) => linked(tx, companyId, sql`r.ddt_id = ${id}`));
  for (const kind of ['blocco', 'pacco', 'lastra', 'lotto'] as const)
    entities.addGenealogy(kind, (tx, companyId, id) =>
      linked(
        tx,
        companyId,
        kind === 'lotto' || kind === 'lastra'
          ? sql`(r.entity_id = ${id} or r.ddt_riga_id in (${ddtRigheConSql(companyId, kind, id)}))`
          : sql`r.entity_id = ${id}`,
      ),
    );

  entities.addGenealogy('fattura', fatturaGenealogy);
}
