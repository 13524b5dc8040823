import { historyActionVerb, type Dashboard } from '@gestcava/contracts';
import { addDays } from '../../lib/dates.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { iso } from './dashboard.common.js';
import type { Figures } from './dashboard.load.js';

// The dashboard's two lists: the latest activity and the agenda of the days to come.

const words = (stato: string) => stato.replaceAll('_', ' ');

function descrizione(action: string, statoDa: string | null, statoA: string | null): string {
  if (action === 'stato' && statoA)
    return statoDa ? `stato: ${words(statoDa)} → ${words(statoA)}` : `stato: ${words(statoA)}`;
  return historyActionVerb(action);
}

/** Codes, labels and links of the audit rows. */
export function attivitaOf(
  entities: EntityRegistry,
  rows: Figures['audit'],
): Dashboard['attivita'] {
  return rows.map((r) => {
    const definition = entities.get(r.entity_type);
    // A deleted row has no ref: the line stays, without a link to a page that would 404.
    const path =
      definition && r.ref
        ? definition.detailPath({
            id: r.entity_id,
            codice: r.ref.codice,
            ...(r.ref.kind ? { kind: r.ref.kind } : {}),
          })
        : null;
    return {
      _id: r.id,
      at: iso(r.at),
      utente: r.utente,
      entityType: r.entity_type,
      entityLabel: definition?.label ?? r.entity_type,
      codice: r.ref?.codice ?? null,
      action: r.action,
      descrizione: descrizione(r.action, r.stato_da, r.stato_a),
      path,
    };
  });
}

/** One whole-day event of the agenda. */
const giorno = (start: string) => ({ start, end: addDays(start, 1), allDay: true as const });

/** The collaudi programmed and the options and reservations that lapse, by date. */
export function agendaOf(
  entities: EntityRegistry,
  { collaudi, opzioni, riserve }: Pick<Figures, 'collaudi' | 'opzioni' | 'riserve'>,
): Dashboard['agenda'] {
  return [
    ...collaudi.map((c) => ({
      id: `collaudo-${c.id}`,
      title: `Collaudo ${c.codice} · ${c.cliente}${c.luogo ? ` (${c.luogo})` : ''}`,
      ...giorno(c.data),
      tipo: 'collaudo' as const,
      path: entities.get('collaudo')?.detailPath({ id: c.id, codice: c.codice }) ?? '',
    })),
    ...opzioni.map((o) => ({
      id: `opzione-${o.id}`,
      title: `Scade l'opzione sul blocco ${o.codice}${o.cliente ? ` · ${o.cliente}` : ''}`,
      ...giorno(o.scadenza),
      tipo: 'scadenza' as const,
      path:
        entities.get('blocco')?.detailPath({ id: o.id, codice: o.codice, kind: o.origine }) ?? '',
    })),
    ...riserve.map((r) => ({
      id: `riserva-${r.tipo}-${r.id}`,
      title: `Scade la riserva ${r.tipo === 'lastra' ? 'sulla lastra' : 'sul lotto'} ${r.codice} · ${r.cliente}`,
      ...giorno(r.scadenza),
      tipo: 'scadenza' as const,
      path: entities.get(r.tipo)?.detailPath({ id: r.id, codice: r.codice }) ?? '',
    })),
  ].sort((a, b) => a.start.localeCompare(b.start));
}
