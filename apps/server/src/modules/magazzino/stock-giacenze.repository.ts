import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { lastre, lotti, pacchi, riserveLotti } from '../../db/schema/index.js';
import { companyScope } from '../../lib/company-table.js';
import { todayInRomeSql } from '../../lib/dates.js';
import { rowsOf } from '../../lib/pagination.js';
import { jsonArrayOf } from '../../lib/sql.js';

import { lockLotti, lotReservationExpired } from './stock-lotti.repository.js';
import { slabReservationExpired } from './stock.repository.js';

// The sweep of expired reservations and the stock on hand, over slabs and lots together.

/** The advisory lock that lets one instance at a time sweep expired stock reservations. */
const SWEEP_LOCK = 726_402;

/**
 * The sweep's locks, taken before it writes anything: the bundles of the slabs whose reservation has
 * expired, then the lots of the expired lot reservations, each in id order. Parent first, as every
 * stock transaction does, so the sweep waits in line with the users' operations instead of deadlocking.
 */
export async function lockForSweep(tx: DbOrTx): Promise<void> {
  const expiredSlabs = tx.select({ id: lastre.paccoId }).from(lastre).where(slabReservationExpired);
  await tx
    .select({ id: pacchi.id })
    .from(pacchi)
    .where(inArray(pacchi.id, expiredSlabs))
    .orderBy(pacchi.id)
    .for('no key update');
  await lockLotti(
    tx,
    null,
    tx.select({ id: riserveLotti.lottoId }).from(riserveLotti).where(lotReservationExpired),
  );
}

/* ---------------------------------------------------------------- sweep */

/** Takes the sweep's advisory lock for this transaction: false when another instance holds it. */
export async function trySweepLock(tx: DbOrTx): Promise<boolean> {
  const lock = await tx.execute<{ ok: boolean }>(
    sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as ok`,
  );
  return Boolean(rowsOf<{ ok: boolean }>(lock)[0]?.ok);
}

/* ---------------------------------------------------------------- giacenze */

interface GiacenzaRow {
  tipo: 'lastre' | 'pavimenti';
  materiale_id: string;
  materiale_nome: string;
  densita: number;
  spessore_mm: number;
  finitura: string;
  scelta: string;
  ubicazione_id: string | null;
  ubicazione_nome: string | null;
  pezzi: number;
  mq: number;
  valore: number;
  senza_prezzo: number;
}

interface InScadenzaRow {
  tipo: 'lastra' | 'lotto';
  id: string;
  codice: string;
  cliente_id: string;
  ragione_sociale: string;
  pezzi: number;
  scadenza: string;
}

/**
 * The giacenze page's two lists in one statement, each one JSON array in its order: as two
 * statements they held two of the instance's pool connections at once, and cost two socket writes
 * and parses (docs/performance.md "One statement where a page had several").
 */
export async function giacenze(db: DbOrTx, companyId: string, days: number) {
  const result = await db.execute(sql`
    select
      ${jsonArrayOf(righeGiacenza(companyId), sql`t.materiale_nome, t.tipo, t.spessore_mm, t.finitura, t.scelta, t.ubicazione_nome nulls last`)} as righe,
      ${jsonArrayOf(riserveInScadenza(companyId, days), sql`t.scadenza, t.codice`)} as "inScadenza"`);
  const [row] = rowsOf<{ righe: GiacenzaRow[]; inScadenza: InScadenzaRow[] }>(result);
  return row!;
}

/**
 * Stock on hand grouped by material, thickness, finish, scelta and location, valued at list price: each
 * item's value rounded to the cent before the sum (docs/api.md "Shape of the API", as `sumRounded`), so a row is its items.
 */
function righeGiacenza(companyId: string) {
  return sql`
    with righe as (
      select 'lastre' as tipo, pacchi.materiale_id, pacchi.spessore_mm, pacchi.finitura, lastre.scelta, coalesce(lastre.ubicazione_id, pacchi.ubicazione_id) as ubicazione_id,
             count(*)::int as pezzi, sum(lastre.mq)::float8 as mq, sum(round(lastre.mq * coalesce(pacchi.prezzo_listino, 0), 2))::float8 as valore,
             count(*) filter (where pacchi.prezzo_listino is null)::int as senza_prezzo
      from ${lastre} join ${pacchi} on pacchi.id = lastre.pacco_id
      where ${companyScope(lastre, companyId)} and lastre.stato in ('disponibile', 'riservata')
      group by 1, 2, 3, 4, 5, 6
      union all
      select 'pavimenti', materiale_id, spessore_mm, finitura, scelta, ubicazione_id,
             sum(pezzi)::int, sum(mq)::float8, sum(round(mq * coalesce(prezzo_listino, 0), 2))::float8,
             count(*) filter (where prezzo_listino is null)::int
      from ${lotti} where ${companyScope(lotti, companyId)} and pezzi > 0
      group by 1, 2, 3, 4, 5, 6
    )
    select r.*, m.nome as materiale_nome, m.densita::float8 as densita, u.nome as ubicazione_nome
    from righe r join materiali m on m.id = r.materiale_id left join ubicazioni u on u.id = r.ubicazione_id`;
}

/** Reservations whose last day is within `days` from today (Rome), slabs and lots, soonest first. */
function riserveInScadenza(companyId: string, days: number) {
  return sql`
    select 'lastra' as tipo, lastre.id, lastre.codice, c.id as cliente_id, c.ragione_sociale, 1 as pezzi, lastre.scadenza_riserva as scadenza
    from ${lastre} join clienti c on c.id = lastre.cliente_id
    where ${companyScope(lastre, companyId)} and lastre.stato = 'riservata' and lastre.scadenza_riserva between ${todayInRomeSql} and ${todayInRomeSql} + ${days}::int
    union all
    select 'lotto' as tipo, lo.id, lo.codice, c.id as cliente_id, c.ragione_sociale, riserve_lotti.pezzi, riserve_lotti.scadenza as scadenza
    from ${riserveLotti} join lotti lo on lo.id = riserve_lotti.lotto_id join clienti c on c.id = riserve_lotti.cliente_id
    where ${companyScope(riserveLotti, companyId)} and riserve_lotti.stato = 'attiva' and riserve_lotti.scadenza between ${todayInRomeSql} and ${todayInRomeSql} + ${days}::int
    order by scadenza, codice
    limit 200`;
}
