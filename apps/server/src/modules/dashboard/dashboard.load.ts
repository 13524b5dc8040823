import { can, PAGE_KEYS, type PageKey, type PermissionSubject } from '@gestcava/contracts';
import { todayInRome } from '../../lib/dates.js';
import type { DashboardDeps } from './dashboard.common.js';
import * as repo from './dashboard.repository.js';

/** How many audit rows the "Ultime attività" list shows. */
const ATTIVITA = 10;
/** How many closed bancate the yield tile averages. */
const BANCATE_CHIUSE = 5;
/** Derived agenda events per kind: enough for a week's card, never a whole table. */
const EVENTI_PER_TIPO = 20;

export type Origine = 'interno' | 'esterno';

/** Every value of `pending` awaited at once, under its own name. */
async function allOf<T extends Record<string, unknown>>(
  pending: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const keys = Object.keys(pending);
  const values = await Promise.all(keys.map((k) => pending[k]));
  return Object.fromEntries(keys.map((k, i) => [k, values[i]])) as {
    [K in keyof T]: Awaited<T[K]>;
  };
}

/** The origins of blocks the user may see: each has a page of its own. */
const originiOf = (may: (page: PageKey) => boolean): Origine[] => [
  ...(may('blocchi') ? (['interno'] as const) : []),
  ...(may('blocchi-esterni') ? (['esterno'] as const) : []),
];

/**
 * Every figure the user may see, each an SQL aggregate of the repository; a figure of a page the
 * user may not read is null (or empty) and costs no query.
 */
export async function loadFigures(
  { db, entities, counts }: DashboardDeps,
  companyId: string,
  user: PermissionSubject,
) {
  const may = (page: PageKey) => can(user, page, 'read');
  const origini = originiOf(may);
  const oggi = todayInRome();
  // The block figures are the costly part (tens of thousands of rows): kept in the blocchi count
  // cache, which every write to blocchi clears on every instance (lib/count-cache.ts); the day in
  // the key, because an option lapses at midnight without a write.
  const kept = <T>(name: string, load: () => Promise<T>) =>
    counts.get(`dashboard:${name}:${companyId}:${origini.join('+')}:${oggi}`, load);
  const kinds = entities
    .all()
    .map((d) => ({ type: d.type, ids: d.readableIds(may), ref: d.refJsonSql }))
    .filter((k): k is repo.ActivityKind => k.ids !== 'none');

  // PGlite runs one statement at a time anyway; on PostgreSQL the pool answers them side by side.
  // What is not kept is one statement (`figuresOnce`), whatever the user may see.
  const figures = await allOf({
    righe: may('blocchi') ? kept('produzione', () => repo.produzionePerMese(db, companyId)) : null,
    once: repo.figuresOnce(
      db,
      companyId,
      // what the statement's text follows from: `may` alone decides the figures and the kinds
      PAGE_KEYS.filter(may).join(','),
      {
        bancateMese: may('blocchi') && may('bancate'),
        lastre: may('magazzino-lastre'),
        pavimenti: may('magazzino-pavimenti'),
        collaudi: may('collaudi'),
        bancate: may('bancate'),
        riserve: { lastre: may('magazzino-lastre'), lotti: may('magazzino-pavimenti') },
      },
      kinds,
      { bancate: BANCATE_CHIUSE, audit: ATTIVITA, eventi: EVENTI_PER_TIPO },
    ),
    perStato: kept('blocchi', () => repo.blocchiPerStato(db, companyId, origini)),
    opzioni: kept('opzioni', () => repo.opzioniInScadenza(db, companyId, origini, EVENTI_PER_TIPO)),
  });
  const { once, ...rest } = figures;
  return { oggi, origini, ...once, ...rest };
}

export type Figures = Awaited<ReturnType<typeof loadFigures>>;
