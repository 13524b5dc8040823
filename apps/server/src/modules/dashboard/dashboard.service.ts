import {
  can,
  historyActionVerb,
  type Dashboard,
  type DashboardBlocchiOrigine,
  type PageKey,
  type PermissionSubject,
  roundTo,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { addDays, todayInRome } from '../../lib/dates.js';
import type { CountCache } from '../../lib/count-cache.js';
import type { EntityRegistry, EntitySummary } from '../../lib/entities.js';
import * as repo from './dashboard.repository.js';

/** How many audit rows the "Ultime attività" list shows. */
const ATTIVITA = 10;
/** How many closed bancate the yield tile averages. */
const BANCATE_CHIUSE = 5;
/** Derived agenda events per kind: enough for a week's card, never a whole table. */
const EVENTI_PER_TIPO = 20;

const words = (stato: string) => stato.replaceAll('_', ' ');

function descrizione(action: string, statoDa: string | null, statoA: string | null): string {
  if (action === 'stato' && statoA)
    return statoDa ? `stato: ${words(statoDa)} → ${words(statoA)}` : `stato: ${words(statoA)}`;
  return historyActionVerb(action);
}

const iso = (at: string | Date) => (at instanceof Date ? at : new Date(at)).toISOString();

/** YYYY-MM of the month `delta` months from `yyyyMm`. */
function shiftMonth(yyyyMm: string, delta: number): string {
  const [y, m] = yyyyMm.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * The dashboard: every figure from SQL aggregates in the repository; this service decides
 * which of them the user may see (`can(user, page, 'read')` on the page that explains each number)
 * and asks only for those, so a hidden tile costs no query either.
 */
export function createDashboardService({
  db,
  entities,
  counts,
}: {
  db: DbOrTx;
  entities: EntityRegistry;
  counts: CountCache;
}) {
  /** Codes, labels and links of the audit rows, one `describe` per kind present (at most a handful). */
  async function attivita(
    companyId: string,
    rows: Awaited<ReturnType<typeof repo.ultimeAttivita>>,
  ): Promise<Dashboard['attivita']> {
    const idsByType = new Map<string, string[]>();
    for (const r of rows)
      idsByType.set(r.entity_type, [...(idsByType.get(r.entity_type) ?? []), r.entity_id]);
    const described = new Map<string, Map<string, EntitySummary>>();
    for (const [type, ids] of idsByType) {
      const definition = entities.get(type);
      if (definition)
        described.set(type, await definition.describe(db, companyId, [...new Set(ids)]));
    }
    return rows.map((r) => {
      const definition = entities.get(r.entity_type);
      const summary = described.get(r.entity_type)?.get(r.entity_id);
      // A deleted row has no summary: the line stays, without a link to a page that would 404.
      const path =
        definition && summary
          ? definition.detailPath({ id: r.entity_id, codice: summary.codice, kind: summary.kind })
          : null;
      return {
        _id: r.id,
        at: iso(r.at),
        utente: r.utente,
        entityType: r.entity_type,
        entityLabel: definition?.label ?? r.entity_type,
        codice: summary?.codice ?? null,
        action: r.action,
        descrizione: descrizione(r.action, r.stato_da, r.stato_a),
        path,
      };
    });
  }

  return {
    async get(companyId: string, user: PermissionSubject): Promise<Dashboard> {
      const may = (page: PageKey) => can(user, page, 'read');
      const origini = [
        ...(may('blocchi') ? (['interno'] as const) : []),
        ...(may('blocchi-esterni') ? (['esterno'] as const) : []),
      ];
      const oggi = todayInRome();
      // The block figures are the costly part (tens of thousands of rows): kept in the blocchi count
      // cache, which every write to blocchi clears on every instance (lib/count-cache.ts); the day in
      // the key, because an option lapses at midnight without a write.
      const kept = <T>(name: string, load: () => Promise<T>) =>
        counts.get(`dashboard:${name}:${companyId}:${origini.join('+')}:${oggi}`, load);
      const kinds = entities
        .all()
        .map((d) => ({ type: d.type, ids: d.readableIds(may) }))
        .filter((k): k is { type: string; ids: Exclude<typeof k.ids, 'none'> } => k.ids !== 'none');

      // PGlite runs one statement at a time anyway; on PostgreSQL the pool answers them side by side.
      const [
        righe,
        bancateMese,
        perStato,
        lastre,
        pavimenti,
        settimana,
        bancate,
        audit,
        collaudi,
        opzioni,
        riserve,
      ] = await Promise.all([
        may('blocchi') ? kept('produzione', () => repo.produzionePerMese(db, companyId)) : null,
        may('blocchi') && may('bancate') ? repo.bancateTagliateMese(db, companyId) : null,
        kept('blocchi', () => repo.blocchiPerStato(db, companyId, origini)),
        may('magazzino-lastre') ? repo.lastreInGiacenza(db, companyId) : null,
        may('magazzino-pavimenti') ? repo.pavimentiInGiacenza(db, companyId) : null,
        may('collaudi') ? repo.collaudiSettimana(db, companyId) : null,
        may('bancate') ? repo.ultimeBancateChiuse(db, companyId, BANCATE_CHIUSE) : null,
        repo.ultimeAttivita(db, companyId, kinds, ATTIVITA),
        may('collaudi') ? repo.collaudiProgrammati(db, companyId, EVENTI_PER_TIPO) : [],
        kept('opzioni', () => repo.opzioniInScadenza(db, companyId, origini, EVENTI_PER_TIPO)),
        repo.riserveInScadenza(
          db,
          companyId,
          { lastre: may('magazzino-lastre'), lotti: may('magazzino-pavimenti') },
          EVENTI_PER_TIPO,
        ),
      ]);

      const mese = oggi.slice(0, 7);
      const serie =
        righe?.map((r) => ({
          mese: r.mese,
          m3: r.m3,
          blocchi: r.blocchi,
          tInformi: r.t_informi,
        })) ?? null;
      const m3Of = (m: string) => serie?.find((r) => r.mese === m)?.m3 ?? 0;
      const origine = (o: 'interno' | 'esterno'): DashboardBlocchiOrigine | null => {
        if (!origini.includes(o as never)) return null;
        const r = perStato.find((x) => x.origine === o);
        return {
          disponibili: r?.disponibili ?? 0,
          opzionati: r?.opzionati ?? 0,
          opzioniInScadenza: r?.in_scadenza ?? 0,
          inCollaudo: r?.in_collaudo ?? 0,
        };
      };
      const volumeChiuse = bancate?.reduce((s, b) => s + b.volume, 0) ?? 0;

      return {
        oggi,
        produzione: serie && {
          mese,
          m3Mese: m3Of(mese),
          m3MesePrecedente: m3Of(shiftMonth(mese, -1)),
          m3StessoMeseAnnoScorso: m3Of(shiftMonth(mese, -12)),
          tInformiMese: serie.find((r) => r.mese === mese)?.tInformi ?? 0,
          bancateMese,
          // The series holds 13 months for the year-ago figure; the chart shows the last 12.
          serie: serie.slice(-12),
        },
        blocchi: { interni: origine('interno'), esterni: origine('esterno') },
        lastre,
        pavimenti,
        collaudi: settimana && {
          programmatiSettimana: settimana.programmati,
          dal: settimana.dal,
          al: settimana.al,
        },
        rese: bancate && {
          // the frozen yields weighted by volume, one decimal half up (contracts' rounding)
          resaMedia:
            volumeChiuse > 0
              ? roundTo(bancate.reduce((s, b) => s + b.resa * b.volume, 0) / volumeChiuse, 1)
              : null,
          ultime: bancate.map((b) => ({
            _id: b.id,
            codice: b.codice,
            dataTaglio: b.data_taglio,
            resa: b.resa,
          })),
        },
        attivita: await attivita(companyId, audit),
        agenda: [
          ...collaudi.map((c) => ({
            id: `collaudo-${c.id}`,
            title: `Collaudo ${c.codice} · ${c.cliente}${c.luogo ? ` (${c.luogo})` : ''}`,
            start: c.data,
            end: addDays(c.data, 1),
            allDay: true as const,
            tipo: 'collaudo' as const,
            path: entities.get('collaudo')?.detailPath({ id: c.id, codice: c.codice }) ?? '',
          })),
          ...opzioni.map((o) => ({
            id: `opzione-${o.id}`,
            title: `Scade l'opzione sul blocco ${o.codice}${o.cliente ? ` · ${o.cliente}` : ''}`,
            start: o.scadenza,
            end: addDays(o.scadenza, 1),
            allDay: true as const,
            tipo: 'scadenza' as const,
            path:
              entities.get('blocco')?.detailPath({ id: o.id, codice: o.codice, kind: o.origine }) ??
              '',
          })),
          ...riserve.map((r) => ({
            id: `riserva-${r.tipo}-${r.id}`,
            title: `Scade la riserva ${r.tipo === 'lastra' ? 'sulla lastra' : 'sul lotto'} ${r.codice} · ${r.cliente}`,
            start: r.scadenza,
            end: addDays(r.scadenza, 1),
            allDay: true as const,
            tipo: 'scadenza' as const,
            path: entities.get(r.tipo)?.detailPath({ id: r.id, codice: r.codice }) ?? '',
          })),
        ].sort((a, b) => a.start.localeCompare(b.start)),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
