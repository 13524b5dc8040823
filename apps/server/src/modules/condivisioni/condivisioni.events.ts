/**
 * What the condivisioni module tells connected clients: the realtime layer implements it over the
 * user's socket.io room, so every tab of the link's maker on every instance refetches its unread
 * answers (docs/condivisioni.md "Le risposte"). Called only after the answer is committed.
 */
export interface CondivisioniEvents {
  rispostaRicevuta(userId: string): void;
}
