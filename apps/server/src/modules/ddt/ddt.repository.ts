import type { DdtListQuery } from '@gestcava/contracts';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { outer } from '../../lib/sql.js';
import type { DbOrTx } from '../../db/client.js';
import {
  blocchi,
  clienti,
  collaudi,
  collaudoRighe,
  ddt,
  ddtContatori,
  ddtRighe,
  lastre,
  lotti,
  materiali,
  movimenti,
  pacchi,
  users,
} from '../../db/schema/index.js';
import { cappedCount, orderByOf, type PageOpts } from '../../lib/pagination.js';
import { matchesSearch } from '../../lib/search.js';
import { selectLastre } from '../../lib/stock-queries.js';

export type DdtRow = typeof ddt.$inferSelect;
const destinatarioText = sql<string>`${ddt.destinatario}->>'ragioneSociale'`;
export type NewDdt = typeof ddt.$inferInsert;
export type RigaRow = typeof ddtRighe.$inferSelect;
export type NewRiga = Omit<typeof ddtRighe.$inferInsert, 'ddtId' | 'posizione'>;

/* ---------------------------------------------------------------- what is sold and not shipped */

// The reads behind `da-spedire` and behind each line of a draft: items of the company sold to one
// cliente and not yet shipped. `ids` narrows them to a draft's lines.

/**
 * Blocks `venduto` to the cliente, each with the row of the last confirmed collaudo that accepted it,
 * if any: its measures, abbuono, accepted m³ and weighbridge reading are what the DDT line shows.
 */
export function blocchiVenduti(
  db: DbOrTx,
  companyId: string,
  clienteId: string,
  ids?: readonly string[],
) {
  const rigaAccettata = sql`(select ${collaudoRighe.id} from ${collaudoRighe} inner join ${collaudi} on ${collaudi.id} = ${collaudoRighe.collaudoId}
    where ${collaudoRighe.bloccoId} = ${blocchi.id} and ${collaudi.stato} = 'confermato' and ${collaudoRighe.esito} in ('accettato', 'accettato_con_riserva')
    order by ${collaudi.data} desc, ${collaudi.createdAt} desc limit 1)`;
  return db
    .select({
      id: blocchi.id,
      codice: blocchi.codice,
      scelta: blocchi.scelta,
      lunghezza: blocchi.lunghezzaNetta,
      altezza: blocchi.altezzaNetta,
      profondita: blocchi.profonditaNetta,
      volumeLordo: blocchi.volumeLordo,
      volumeNetto: blocchi.volumeNetto,
      pesoPesa: blocchi.pesoPesa,
      materiale: materiali.nome,
      densita: materiali.densita,
      // the id first: drizzle reads a left-joined object as absent when its first field is null
      collaudo: {
        rigaId: collaudoRighe.id,
        lunghezzaRilevata: collaudoRighe.lunghezzaRilevata,
        altezzaRilevata: collaudoRighe.altezzaRilevata,
        profonditaRilevata: collaudoRighe.profonditaRilevata,
        abbuonoTipo: collaudoRighe.abbuonoTipo,
        abbuonoValore: collaudoRighe.abbuonoValore,
        volumeNettoAccettato: collaudoRighe.volumeNettoAccettato,
        pesoRilevato: collaudoRighe.pesoRilevato,
      },
    })
    .from(blocchi)
    .innerJoin(materiali, eq(materiali.id, blocchi.materialeId))
    .leftJoin(collaudoRighe, eq(collaudoRighe.id, rigaAccettata))
    .where(
      and(
        eq(blocchi.companyId, companyId),
        eq(blocchi.stato, 'venduto'),
        eq(blocchi.clienteId, clienteId),
        ids ? inArray(blocchi.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(blocchi.codice));
}
export type BloccoVenduto = Awaited<ReturnType<typeof blocchiVenduti>>[number];

/**
 * Slabs `venduta` to the cliente, each with how many other slabs of its bundle are neither sold to
 * this cliente nor broken (0: the bundle travels whole, as one collo).
 */
export function lastreVendute(
  db: DbOrTx,
  companyId: string,
  clienteId: string,
  where?: { ids?: readonly string[]; paccoIds?: readonly string[] },
) {
  return selectLastre(db, {
    id: lastre.id,
    codice: lastre.codice,
    paccoId: lastre.paccoId,
    paccoCodice: pacchi.codice,
    lunghezzaMm: lastre.lunghezzaMm,
    altezzaMm: lastre.altezzaMm,
    mq: lastre.mq,
    scelta: lastre.scelta,
    spessoreMm: pacchi.spessoreMm,
    finitura: pacchi.finitura,
    materiale: materiali.nome,
    densita: materiali.densita,
    // the inner table is aliased, so "lastre" below is the outer row
    altre:
      sql<number>`(select count(*)::int from ${lastre} as altra where altra.pacco_id = ${lastre.paccoId} and altra.stato <> 'rotta'
      and not (altra.stato = 'venduta' and altra.cliente_id = ${clienteId}))`.mapWith(Number),
  })
    .innerJoin(materiali, eq(materiali.id, pacchi.materialeId))
    .where(
      and(
        eq(lastre.companyId, companyId),
        eq(lastre.stato, 'venduta'),
        eq(lastre.clienteId, clienteId),
        where?.ids ? inArray(lastre.id, [...where.ids]) : undefined,
        where?.paccoIds ? inArray(lastre.paccoId, [...where.paccoIds]) : undefined,
      ),
    )
    .orderBy(asc(pacchi.codice), asc(lastre.progressivo));
}
export type LastraVenduta = Awaited<ReturnType<typeof lastreVendute>>[number];

/** Tile sales (a lot's `scarico` or `trasferimento`) to the cliente with pieces not yet shipped. */
export function venditeLotti(
  db: DbOrTx,
  companyId: string,
  clienteId: string,
  ids?: readonly string[],
) {
  return db
    .select({
      id: movimenti.id,
      lottoId: lotti.id,
      codice: lotti.codice,
      venduti: sql<number>`-${movimenti.pezzi}`.mapWith(Number),
      spediti: movimenti.pezziSpediti,
      lunghezzaMm: lotti.lunghezzaMm,
      larghezzaMm: lotti.larghezzaMm,
      spessoreMm: lotti.spessoreMm,
      finitura: lotti.finitura,
      scelta: lotti.scelta,
      pezziPerCassa: lotti.pezziPerCassa,
      materiale: materiali.nome,
      densita: materiali.densita,
      data: movimenti.createdAt,
    })
    .from(movimenti)
    .innerJoin(lotti, eq(lotti.id, movimenti.lottoId))
    .innerJoin(materiali, eq(materiali.id, lotti.materialeId))
    .where(
      and(
        eq(movimenti.companyId, companyId),
        eq(movimenti.clienteId, clienteId),
        inArray(movimenti.tipo, ['scarico', 'trasferimento']),
        sql`-${movimenti.pezzi} > ${movimenti.pezziSpediti}`,
        ids ? inArray(movimenti.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(movimenti.createdAt));
}
export type VenditaLotto = Awaited<ReturnType<typeof venditeLotti>>[number];

/** An item's code in the company, whatever its state (to name it in a 409), or undefined when it is not there. */
export async function codiceOf(
  db: DbOrTx,
  companyId: string,
  entityType: string,
  id: string,
): Promise<string | undefined> {
  const pick = async (q: Promise<Array<{ codice: string }>>) => (await q)[0]?.codice;
  switch (entityType) {
    case 'blocco':
      return pick(
        db
          .select({ codice: blocchi.codice })
          .from(blocchi)
          .where(and(eq(blocchi.companyId, companyId), eq(blocchi.id, id))),
      );
    case 'pacco':
      return pick(
        db
          .select({ codice: pacchi.codice })
          .from(pacchi)
          .where(and(eq(pacchi.companyId, companyId), eq(pacchi.id, id))),
      );
    case 'lastra':
      return pick(
        db
          .select({ codice: lastre.codice })
          .from(lastre)
          .where(and(eq(lastre.companyId, companyId), eq(lastre.id, id))),
      );
    default:
      return pick(
        db
          .select({ codice: lotti.codice })
          .from(movimenti)
          .innerJoin(lotti, eq(lotti.id, movimenti.lottoId))
          .where(
            and(
              eq(movimenti.companyId, companyId),
              eq(movimenti.id, id),
              isNotNull(movimenti.clienteId),
            ),
          ),
      );
  }
}

/** Slabs as the packing list prints them: those a line shipped, or (a draft's bundle) those sold to its cliente. */
export function lastrePacking(
  db: DbOrTx,
  companyId: string,
  which: { ids: readonly string[] } | { paccoId: string; clienteId: string },
) {
  const where =
    'ids' in which
      ? inArray(lastre.id, [...which.ids])
      : and(
          eq(lastre.paccoId, which.paccoId),
          eq(lastre.stato, 'venduta'),
          eq(lastre.clienteId, which.clienteId),
        );
  if ('ids' in which && which.ids.length === 0) return Promise.resolve([]);
  return selectLastre(db, {
    codice: lastre.codice,
    lunghezzaMm: lastre.lunghezzaMm,
    altezzaMm: lastre.altezzaMm,
    spessoreMm: pacchi.spessoreMm,
    mq: lastre.mq,
    scelta: lastre.scelta,
    densita: materiali.densita,
  })
    .innerJoin(materiali, eq(materiali.id, pacchi.materialeId))
    .where(and(eq(lastre.companyId, companyId), where))
    .orderBy(asc(lastre.codice));
}

/* ---------------------------------------------------------------- the DDT */

export async function insertDdt(tx: DbOrTx, row: NewDdt): Promise<DdtRow> {
  const [created] = await tx.insert(ddt).values(row).returning();
  return created!;
}

/** The draft's lines replaced by these (in this order). */
export async function replaceRighe(tx: DbOrTx, ddtId: string, righe: NewRiga[]): Promise<void> {
  await tx.delete(ddtRighe).where(eq(ddtRighe.ddtId, ddtId));
  if (righe.length)
    await tx.insert(ddtRighe).values(righe.map((r, i) => ({ ...r, ddtId, posizione: i + 1 })));
}

export async function setLastraIds(tx: DbOrTx, rigaId: string, ids: string[]): Promise<void> {
  await tx.update(ddtRighe).set({ lastraIds: ids }).where(eq(ddtRighe.id, rigaId));
}

export async function updateDdt(
  tx: DbOrTx,
  companyId: string,
  id: string,
  set: Partial<NewDdt>,
  stato?: string,
): Promise<DdtRow | undefined> {
  const [row] = await tx
    .update(ddt)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(eq(ddt.companyId, companyId), eq(ddt.id, id), stato ? eq(ddt.stato, stato) : undefined),
    )
    .returning();
  return row;
}

export async function deleteBozza(tx: DbOrTx, companyId: string, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(ddt)
    .where(and(eq(ddt.companyId, companyId), eq(ddt.id, id), eq(ddt.stato, 'bozza')))
    .returning({ id: ddt.id });
  return deleted.length > 0;
}

/** The DDT locked for a change of state (two emissions of one draft wait for each other). */
export async function lockDdt(
  tx: DbOrTx,
  companyId: string,
  id: string,
): Promise<DdtRow | undefined> {
  const [row] = await tx
    .select()
    .from(ddt)
    .where(and(eq(ddt.companyId, companyId), eq(ddt.id, id)))
    .for('update');
  return row;
}

export async function findDdt(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select({ ddt, cliente: clienti.ragioneSociale, utente: users.name })
    .from(ddt)
    .innerJoin(clienti, eq(clienti.id, ddt.clienteId))
    .leftJoin(users, eq(users.id, ddt.createdBy))
    .where(and(eq(ddt.companyId, companyId), eq(ddt.id, id)));
  return row;
}

export function righeOf(db: DbOrTx, ddtId: string) {
  return db
    .select()
    .from(ddtRighe)
    .where(eq(ddtRighe.ddtId, ddtId))
    .orderBy(asc(ddtRighe.posizione));
}

/**
 * The company's next DDT number of the year, under the counter row's lock until the transaction ends:
 * a rollback gives the number back, so the series has no gap; the unique index forbids a repeat.
 */
export async function nextNumero(tx: DbOrTx, companyId: string, anno: number): Promise<number> {
  const [row] = await tx
    .insert(ddtContatori)
    .values({ companyId, anno, ultimo: 1 })
    .onConflictDoUpdate({
      target: [ddtContatori.companyId, ddtContatori.anno],
      set: { ultimo: sql`${ddtContatori.ultimo} + 1` },
    })
    .returning({ ultimo: ddtContatori.ultimo });
  return row!.ultimo;
}

/** The emitted or cancelled DDTs that carried an item (a block, a bundle or some of its slabs, a slab on its own or in its bundle, a lot's sale): its page links them. */
export async function ddtOfItem(db: DbOrTx, companyId: string, entityId: string) {
  const rows = await db
    .selectDistinct({
      id: ddt.id,
      numero: ddt.numero,
      anno: ddt.anno,
      data: ddt.data,
      destinatario: destinatarioText,
      stato: ddt.stato,
      emessoAt: ddt.emessoAt,
    })
    .from(ddtRighe)
    .innerJoin(ddt, eq(ddt.id, ddtRighe.ddtId))
    .where(
      and(
        eq(ddt.companyId, companyId),
        ne(ddt.stato, 'bozza'),
        or(
          eq(ddtRighe.entityId, entityId),
          eq(ddtRighe.lottoId, entityId),
          sql`${entityId}::uuid = any(${ddtRighe.lastraIds})`,
          // a bundle sold slab by slab left with the DDTs of its slabs
          sql`exists (select 1 from ${lastre} where ${lastre.paccoId} = ${entityId} and ${lastre.id} = any(${ddtRighe.lastraIds}))`,
        ),
      ),
    );
  return rows.sort((a, b) => (a.emessoAt?.getTime() ?? 0) - (b.emessoAt?.getTime() ?? 0));
}

/* ---------------------------------------------------------------- the list */

function filterWhere(companyId: string, f: Omit<DdtListQuery, 'page' | 'limit' | 'sort'>): SQL {
  const conditions: Array<SQL | undefined> = [eq(ddt.companyId, companyId)];
  if (f.stato) conditions.push(eq(ddt.stato, f.stato));
  if (f.causale) conditions.push(eq(ddt.causale, f.causale));
  if (f.clienteId) conditions.push(eq(ddt.clienteId, f.clienteId));
  // the period is of the document's date; a draft has none yet and counts on the day it was written
  const giorno = sql`coalesce(${ddt.data}, (${ddt.createdAt} at time zone 'Europe/Rome')::date)`;
  if (f.dal) conditions.push(gte(giorno, f.dal));
  if (f.al) conditions.push(lte(giorno, f.al));
  if (f.q) {
    const numero = /^\s*(\d{1,9})(?:\s*\/\s*(\d{4}))?\s*$/.exec(f.q);
    conditions.push(
      or(
        numero
          ? and(
              eq(ddt.numero, Number(numero[1])),
              numero[2] ? eq(ddt.anno, Number(numero[2])) : undefined,
            )
          : undefined,
        matchesSearch(destinatarioText, f.q),
        sql`exists (select 1 from ${ddtRighe} where ${ddtRighe.ddtId} = ${ddt.id} and ${matchesSearch(ddtRighe.codice, f.q)})`,
        // a slab's code finds the DDT its bundle travelled with
        sql`exists (select 1 from ${ddtRighe} inner join ${lastre} on ${lastre.id} = any(${ddtRighe.lastraIds}) where ${ddtRighe.ddtId} = ${ddt.id} and ${matchesSearch(lastre.codice, f.q)})`,
      ),
    );
  }
  return and(...conditions)!;
}

const listColumns = {
  ddt,
  // outer(): a one-table select renders its columns bare, and a bare `id` would be the line's own
  righe:
    sql<number>`(select count(*)::int from ${ddtRighe} where ${ddtRighe.ddtId} = ${outer(ddt.id)})`.mapWith(
      Number,
    ),
};

export async function page(db: DbOrTx, companyId: string, query: DdtListQuery & PageOpts) {
  const where = filterWhere(companyId, query);
  const order = orderByOf(
    query.sort,
    { numero: ddt.numero, data: ddt.data, stato: ddt.stato, createdAt: ddt.createdAt },
    desc(ddt.createdAt),
    ddt.id,
  );
  const [items, [counted]] = await Promise.all([
    db
      .select(listColumns)
      .from(ddt)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: cappedCount(sql`select 1 from ${ddt} where ${where}`) })
      .from(sql`(select 1) as one`),
  ]);
  return { items, counted: counted?.n ?? 0 };
}

/** The filtered list's totals: every DDT counted, the emitted ones' colli and kg summed. */
export async function summary(
  db: DbOrTx,
  companyId: string,
  filter: Omit<DdtListQuery, 'page' | 'limit' | 'sort'>,
) {
  const emesso = sql`${ddt.stato} = 'emesso'`;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      emessi: sql<number>`(count(*) filter (where ${emesso}))::int`,
      colli: sql<number>`coalesce(sum(${ddt.colli}) filter (where ${emesso}), 0)::int`,
      pesoKg: sql<number>`coalesce(sum(${ddt.pesoKg}) filter (where ${emesso}), 0)::int`,
    })
    .from(ddt)
    .where(filterWhere(companyId, filter));
  return row!;
}

/** The export's rows, a keyset batch at a time. */
export function exportBatch(
  db: DbOrTx,
  companyId: string,
  filter: Omit<DdtListQuery, 'page' | 'limit'>,
  after: { createdAt: Date; id: string } | null,
  limit: number,
) {
  const keyset = after
    ? sql`(${ddt.createdAt}, ${ddt.id}) < (${after.createdAt}, ${after.id})`
    : undefined;
  return db
    .select(listColumns)
    .from(ddt)
    .where(and(filterWhere(companyId, filter), keyset))
    .orderBy(desc(ddt.createdAt), desc(ddt.id))
    .limit(limit);
}
export type ListRow = Awaited<ReturnType<typeof exportBatch>>[number];

/* ---------------------------------------------------------------- the entity registry */

/** A DDT's code is its number, "12/2026" (`numeroDdt`); a draft has none. */
const codiceText = sql<
  string | null
>`case when ${ddt.numero} is null then null else ${ddt.numero}::text || '/' || ${ddt.anno}::text end`;

/** The DDT's id and code, by id or by number and year, inside the company. */
export async function findRef(
  db: DbOrTx,
  companyId: string,
  by: { id: string } | { numero: number; anno: number },
) {
  const [row] = await db
    .select({ id: ddt.id, codice: codiceText })
    .from(ddt)
    .where(
      and(
        eq(ddt.companyId, companyId),
        'id' in by ? eq(ddt.id, by.id) : and(eq(ddt.numero, by.numero), eq(ddt.anno, by.anno)),
      ),
    );
  return row ?? null;
}

/** DDTs of that number, of the years that begin with `anno` (any year when empty): newest first. */
export function searchRefs(
  db: DbOrTx,
  companyId: string,
  numero: number,
  anno: string,
  limit: number,
) {
  return db
    .select({ id: ddt.id, codice: codiceText })
    .from(ddt)
    .where(
      and(
        eq(ddt.companyId, companyId),
        eq(ddt.numero, numero),
        anno ? sql`${ddt.anno}::text like ${`${anno}%`}` : undefined,
      ),
    )
    .orderBy(desc(ddt.anno))
    .limit(limit);
}

/** What a card or a code lookup says of DDTs. */
export async function summaries(db: DbOrTx, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: ddt.id,
      codice: codiceText,
      stato: ddt.stato,
      data: ddt.data,
      destinatario: destinatarioText,
      colli: ddt.colli,
      pesoKg: ddt.pesoKg,
    })
    .from(ddt)
    .where(and(eq(ddt.companyId, companyId), inArray(ddt.id, [...ids])));
}

/** The DDTs whose blocks come from the cava (the cross-type lists' cava filter). */
export function idsInCava(companyId: string, cavaId: string): SQL {
  return sql`select ${ddtRighe.ddtId} from ${ddtRighe} inner join ${blocchi} on ${blocchi.id} = ${ddtRighe.entityId} where ${ddtRighe.entityType} = 'blocco' and ${blocchi.companyId} = ${companyId} and ${blocchi.cavaId} = ${cavaId}`;
}

/** The DDT's lines with what their pages need (a block's origine picks its page), and its receiver. */
export async function genealogyOf(db: DbOrTx, companyId: string, id: string) {
  const [head] = await db
    .select({ clienteId: ddt.clienteId, destinatario: destinatarioText })
    .from(ddt)
    .where(and(eq(ddt.companyId, companyId), eq(ddt.id, id)));
  if (!head) return null;
  // a block's sale: the last confirmed collaudo that accepted it (blocco → collaudo → DDT → cliente)
  const collaudo = (column: typeof collaudi.id | typeof collaudi.codice) =>
    sql<
      string | null
    >`(select ${column} from ${collaudoRighe} inner join ${collaudi} on ${collaudi.id} = ${collaudoRighe.collaudoId}
      where ${collaudoRighe.bloccoId} = ${ddtRighe.entityId} and ${collaudi.stato} = 'confermato' and ${collaudoRighe.esito} in ('accettato', 'accettato_con_riserva')
      order by ${collaudi.data} desc limit 1)`;
  const righe = await db
    .select({
      entityType: ddtRighe.entityType,
      entityId: ddtRighe.entityId,
      lottoId: ddtRighe.lottoId,
      codice: ddtRighe.codice,
      origine: blocchi.origine,
      collaudoId: collaudo(collaudi.id),
      collaudoCodice: collaudo(collaudi.codice),
    })
    .from(ddtRighe)
    .leftJoin(blocchi, and(eq(ddtRighe.entityType, 'blocco'), eq(blocchi.id, ddtRighe.entityId)))
    .where(eq(ddtRighe.ddtId, id))
    .orderBy(asc(ddtRighe.posizione));
  return { ...head, righe };
}
