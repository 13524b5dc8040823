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

export const HISTORY_ACTION_LABELS: Record<string, string> = {
  create: 'Creazione',
  update: 'Modifica',
  delete: 'Eliminazione',
  stato: 'Cambio di stato',
  declassa: 'Declassamento',
  disattivazione: 'Disattivazione',
  riattivazione: 'Riattivazione',
  /** a collaudo's blocks: added, measured and judged, or removed */
  riga: 'Blocchi del collaudo',
  /** a buyer answered through a link (docs/condivisioni.md) */
  risposta_cliente: 'Risposta del cliente',
  condivisione: 'Condiviso con un cliente',
  /** the defects marked on one of its photos (the note names the photo and counts them) */
  segni: 'Difetti segnati su una foto',
};
