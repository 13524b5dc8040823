import type { Dashboard } from './dashboard.js';
import { ENTITY_PAGES } from './pages.js';

// Where each dashboard number leads: one place, so the web draws these links and the
// server's test opens each list with the same filters and checks that it shows the same number.

const BLOCCHI = ENTITY_PAGES.blocco.path;
const ESTERNI = ENTITY_PAGES['blocco-esterno'].path;

/** A list's path with its filters in the URL (the web's useListParams reads them). */
export function listLink(path: string, filters: Record<string, string> = {}): string {
  const query = Object.entries(filters)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** YYYY-MM `delta` months from `yyyyMm`. */
export function shiftMonth(yyyyMm: string, delta: number): string {
  const [y, m] = yyyyMm.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + delta, 1)).toISOString().slice(0, 7);
}

/** The first and last day of a month, as the lists' `dal`/`al` URL filters take them. */
export function monthRange(yyyyMm: string): { dal: string; al: string } {
  const [y, m] = yyyyMm.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { dal: `${yyyyMm}-01`, al: `${yyyyMm}-${String(last).padStart(2, '0')}` };
}

/** One block figure: the tile's total (own and bought-in together when it adds both), and each part. */
function blocchiLinks(blocchi: Dashboard['blocchi'], filters: Record<string, string>) {
  const both = Boolean(blocchi.interni && blocchi.esterni);
  return {
    totale: both
      ? listLink(BLOCCHI, { ...filters, origine: 'tutte' })
      : listLink(blocchi.interni ? BLOCCHI : ESTERNI, filters),
    interni: listLink(BLOCCHI, filters),
    esterni: listLink(ESTERNI, filters),
  };
}

/** Every dashboard number's link; a section the user may not read has none. */
export function dashboardLinks(d: Dashboard) {
  const p = d.produzione;
  const chiuse = d.rese?.ultime;
  return {
    produzione: p && {
      mese: listLink(BLOCCHI, monthRange(p.mese)),
      precedente: listLink(BLOCCHI, monthRange(shiftMonth(p.mese, -1))),
      annoScorso: listLink(BLOCCHI, monthRange(shiftMonth(p.mese, -12))),
    },
    disponibili: blocchiLinks(d.blocchi, { stato: 'disponibile' }),
    opzionati: blocchiLinks(d.blocchi, { stato: 'opzionato' }),
    inScadenza: blocchiLinks(d.blocchi, { stato: 'opzionato', inScadenza: 'true' }),
    inCollaudo: blocchiLinks(d.blocchi, { stato: 'in_collaudo' }),
    lastre: d.lastre && listLink(ENTITY_PAGES.lastra.path),
    pavimenti: d.pavimenti && listLink(ENTITY_PAGES.lotto.path),
    collaudi:
      d.collaudi &&
      listLink(ENTITY_PAGES.collaudo.path, {
        stato: 'programmato',
        dal: d.collaudi.dal,
        al: d.collaudi.al,
      }),
    rese: d.rese && {
      // The closed bancate since the oldest of those averaged: the list shows them, newest first.
      chiuse: listLink(ENTITY_PAGES.bancata.path, {
        stato: 'chiusa',
        ...(chiuse?.length ? { dal: chiuse.at(-1)!.dataTaglio } : {}),
        sort: '-dataTaglio',
      }),
      ultima: chiuse?.[0] ? `${ENTITY_PAGES.bancata.path}/${chiuse[0]._id}` : null,
    },
  };
}
export type DashboardLinks = ReturnType<typeof dashboardLinks>;
