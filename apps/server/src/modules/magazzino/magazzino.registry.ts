import { casseText, pesoLastraT, pesoText } from '@gestcava/contracts';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { cave, lastre, lotti, materiali, pacchi } from '../../db/schema/index.js';
import { matchesSearch } from '../../lib/search.js';
import { outer } from '../../lib/sql.js';
import { bloccoOf, lastraStatoEffettivo, nameOf, type BloccoRefs } from './magazzino.columns.js';
import { companyScope } from '../../lib/company-table.js';
import { bloccoIdsInCava, bloccoRefs } from '../blocchi/blocchi.reads.js';

// The stock items as the entity registry and a block's genealogy read them (codes, photo cards,
// quarries, bundles and lots of a block); the lists and the ledger are in magazzino.repository.ts.

export function findCodice(
  db: DbOrTx,
  table: typeof pacchi | typeof lastre | typeof lotti,
  companyId: string,
  by: { id: string } | { codice: string },
) {
  return db
    .select({ id: table.id, codice: table.codice })
    .from(table)
    .where(
      companyScope(
        table,
        companyId,
        'id' in by ? eq(table.id, by.id) : eq(table.codice, by.codice),
      ),
    )
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Stock items whose code contains the text (a code search's candidates). */
export function searchCodice(
  db: DbOrTx,
  table: typeof pacchi | typeof lastre | typeof lotti,
  companyId: string,
  text: string,
  limit: number,
) {
  return db
    .select({ id: table.id, codice: table.codice })
    .from(table)
    .where(companyScope(table, companyId, matchesSearch(table.codice, text)))
    .orderBy(desc(table.codice))
    .limit(limit);
}

/** The quarry of the block a stock item was cut from, by name (`blocco`: the company's blocks). */
const cavaOf = (blocco: BloccoRefs) => nameOf(cave, cave.nome, blocco.cavaId, blocco.companyId);

/** Code, state, material, quarry and facts of some slabs (photo cards). */
function lastraSummaries(db: DbOrTx, companyId: string, ids: string[]) {
  const blocco = bloccoRefs(db, companyId);
  return db
    .select({
      id: lastre.id,
      codice: lastre.codice,
      stato: lastraStatoEffettivo,
      materiale: materiali.nome,
      cava: cavaOf(blocco),
      facts: sql<
        string[]
      >`array['Scelta ' || ${lastre.scelta}, ${lastre.lunghezzaMm} || ' × ' || ${lastre.altezzaMm} || ' mm', ${pacchi.spessoreMm} || ' mm di spessore', 'Pacco ' || ${pacchi.codice}]`,
    })
    .from(lastre)
    .innerJoin(pacchi, and(eq(pacchi.id, lastre.paccoId), companyScope(pacchi, lastre.companyId)))
    .innerJoin(materiali, eq(materiali.id, pacchi.materialeId))
    .leftJoin(blocco, bloccoOf(blocco, lastre.bloccoId))
    .where(companyScope(lastre, companyId, inArray(lastre.id, ids)));
}

/** Code, material, quarry and facts of some bundles or lots, with what their weight and boxes need. */
function itemRows(db: DbOrTx, kind: 'pacco' | 'lotto', companyId: string, ids: string[]) {
  const table = kind === 'pacco' ? pacchi : lotti;
  const blocco = bloccoRefs(db, companyId);
  const facts =
    kind === 'pacco'
      ? sql<
          string[]
        >`array[${pacchi.spessoreMm} || ' mm · ' || ${pacchi.finitura}, ${pacchi.nLastre} || ' lastre · ' || replace(${pacchi.mq}::text, '.', ',') || ' m²']`
      : sql<
          string[]
        >`array[${lotti.lunghezzaMm} || ' × ' || ${lotti.larghezzaMm} || ' × ' || ${lotti.spessoreMm} || ' mm · ' || ${lotti.finitura}]`;
  return db
    .select({
      id: table.id,
      codice: table.codice,
      stato: sql<string | null>`null`,
      materiale: materiali.nome,
      cava: cavaOf(blocco),
      facts,
      pezzi: kind === 'lotto' ? lotti.pezzi : sql<number>`0`,
      pezziPerCassa: kind === 'lotto' ? lotti.pezziPerCassa : sql<number>`1`,
      mq: table.mq,
      spessoreMm: table.spessoreMm,
      densita: materiali.densita,
    })
    .from(table)
    .innerJoin(materiali, eq(materiali.id, table.materialeId))
    .leftJoin(blocco, bloccoOf(blocco, table.bloccoId))
    .where(companyScope(table, companyId, inArray(table.id, ids)));
}

/** Code, material, state and quarry of many stock items at once (photo cards). */
export async function summaries(
  db: DbOrTx,
  kind: 'pacco' | 'lastra' | 'lotto',
  companyId: string,
  ids: string[],
) {
  if (ids.length === 0) return [];
  if (kind === 'lastra') return lastraSummaries(db, companyId, ids);
  const rows = await itemRows(db, kind, companyId, ids);
  // a lot's boxes in the one text the app uses for them (`casseText`: "30 casse da 8 + 1 da 5");
  // a bundle's weight for the crane and the truck (m² × thickness × density: nothing weighs a bundle)
  return rows.map(({ pezzi, pezziPerCassa, mq, spessoreMm, densita, ...r }) =>
    kind === 'lotto'
      ? { ...r, facts: [...r.facts, `${pezzi} pezzi · ${casseText(pezzi, pezziPerCassa)}`] }
      : {
          ...r,
          facts: [
            ...r.facts,
            pesoText({ t: pesoLastraT(mq, spessoreMm, densita), base: 'teorico' }),
          ],
        },
  );
}

/** The ids of a quarry's stock items, as a subquery (photos filtered by cava). */
export function idsInCava(
  table: typeof pacchi | typeof lastre | typeof lotti,
  companyId: string,
  cavaId: string,
): SQL {
  return sql`select ${table.id} from ${table} where ${companyScope(table, companyId, sql`${table.bloccoId} in (${bloccoIdsInCava(companyId, cavaId)})`)}`;
}

/** A block's bundles with their slabs' codes in sawing order (genealogy). */
export function pacchiOfBlocco(db: DbOrTx, companyId: string, bloccoId: string) {
  return db
    .select({
      id: pacchi.id,
      codice: pacchi.codice,
      lavorazioneId: pacchi.lavorazioneId,
      lastre: sql<
        Array<{ id: string; codice: string; progressivo: number }>
      >`(select coalesce(json_agg(json_build_object('id', ${lastre.id}, 'codice', ${lastre.codice}, 'progressivo', ${lastre.progressivo}) order by ${lastre.progressivo}), '[]'::json) from ${lastre} where ${lastre.paccoId} = ${outer(pacchi.id)})`,
    })
    .from(pacchi)
    .where(companyScope(pacchi, companyId, eq(pacchi.bloccoId, bloccoId)))
    .orderBy(asc(pacchi.codice));
}

/** The tile lots of some lavorazioni pavimenti (a block's genealogy lists each under its cut). */
export function lottiOfLavorazioni(db: DbOrTx, companyId: string, lavorazioneIds: string[]) {
  if (lavorazioneIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: lotti.id,
      codice: lotti.codice,
      lavorazioneId: lotti.lavorazioneId,
      pezzi: lotti.pezzi,
      mq: lotti.mq,
    })
    .from(lotti)
    .where(companyScope(lotti, companyId, inArray(lotti.lavorazioneId, lavorazioneIds)))
    .orderBy(asc(lotti.codice));
}
