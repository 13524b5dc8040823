import { z } from 'zod';

/** One row of an entity's history timeline (`GET /api/<plural>/:id/history`). */
export const historyItemSchema = z.object({
  _id: z.string(),
  action: z.string(),
  at: z.string(),
  user: z.object({ _id: z.string(), name: z.string() }).nullable(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  note: z.string().nullable(),
  /** The names of the records this row's ids point to (a cliente, a fornitore, a material…), by id. */
  names: z.record(z.string(), z.string()).optional(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;
export const historySchema = z.array(historyItemSchema);

/**
 * Every action a history row may record, once: its label on the history timeline, its icon there,
 * and the word the dashboard's "Ultime attività" uses (docs/architecture.md "History actions").
 * A module that records a new action adds its entry here; the server's `recordAudit` accepts only
 * these, so a missing entry is a compile error rather than a raw word on screen.
 */
export const HISTORY_ACTIONS = {
  create: { label: 'Creazione', icon: 'pi pi-plus', verb: 'creato' },
  update: { label: 'Modifica', icon: 'pi pi-pencil', verb: 'modificato' },
  delete: { label: 'Eliminazione', icon: 'pi pi-trash', verb: 'eliminato' },
  stato: { label: 'Cambio di stato', icon: 'pi pi-arrow-right', verb: 'stato cambiato' },
  declassa: { label: 'Declassamento', icon: 'pi pi-arrow-down', verb: 'declassato' },
  disattivazione: { label: 'Disattivazione', icon: 'pi pi-ban', verb: 'disattivato' },
  riattivazione: { label: 'Riattivazione', icon: 'pi pi-replay', verb: 'riattivato' },
  /** a collaudo's blocks: added, measured and judged, or removed */
  riga: { label: 'Blocchi del collaudo', icon: 'pi pi-box', verb: 'righe modificate' },
  /** a buyer answered through a link (docs/condivisioni.md) */
  risposta_cliente: {
    label: 'Risposta del cliente',
    icon: 'pi pi-comment',
    verb: 'risposta del cliente',
  },
  condivisione: { label: 'Condiviso con un cliente', icon: 'pi pi-share-alt', verb: 'condiviso' },
  revoca: {
    label: 'Condivisione revocata',
    icon: 'pi pi-times-circle',
    verb: 'condivisione revocata',
  },
  /** the defects marked on one of its photos (the note names the photo and counts them) */
  segni: { label: 'Difetti segnati su una foto', icon: 'pi pi-pencil', verb: 'difetti segnati' },
  esito: { label: 'Esito SDI', icon: 'pi pi-inbox', verb: 'esito registrato' },
  riserva: { label: 'Riserva', icon: 'pi pi-lock', verb: 'riservato' },
  rilascio: { label: 'Riserva rilasciata', icon: 'pi pi-lock-open', verb: 'riserva rilasciata' },
  vendita: { label: 'Vendita', icon: 'pi pi-euro', verb: 'venduto' },
  sposta: { label: 'Spostamento', icon: 'pi pi-map-marker', verb: 'spostato' },
  rettifica: { label: 'Rettifica', icon: 'pi pi-sliders-h', verb: 'rettificato' },
  divisione: { label: 'Divisione', icon: 'pi pi-clone', verb: 'diviso' },
  trasferimento: { label: 'Trasferimento', icon: 'pi pi-send', verb: 'trasferito' },
  operazione: { label: 'Operazione di magazzino', icon: 'pi pi-sync', verb: 'movimentato' },
  spedizione: { label: 'Spedizione', icon: 'pi pi-truck', verb: 'spedito' },
} as const satisfies Record<string, { label: string; icon: string; verb: string }>;
export type HistoryAction = keyof typeof HISTORY_ACTIONS;

const isHistoryAction = (action: string): action is HistoryAction =>
  Object.hasOwn(HISTORY_ACTIONS, action);

/** The timeline's label of an action (an unknown one, from older data, as written). */
export const historyActionLabel = (action: string): string =>
  isHistoryAction(action) ? HISTORY_ACTIONS[action].label : action;
export const historyActionIcon = (action: string): string =>
  isHistoryAction(action) ? HISTORY_ACTIONS[action].icon : 'pi pi-circle';
/** The dashboard's word for an action ("creato", "spostato"…). */
export const historyActionVerb = (action: string): string =>
  isHistoryAction(action) ? HISTORY_ACTIONS[action].verb : action.replaceAll('_', ' ');
