import type { CondivisioniEvents } from '../modules/condivisioni/condivisioni.events.js';
import { userRoom } from './chat-events.js';
import type { ChatIo } from './socket-server.js';

/** A buyer's answer reaches its link's maker through the same connection as the chat. */
export function createSocketCondivisioniEvents(io: ChatIo): CondivisioniEvents {
  return {
    rispostaRicevuta(userId) {
      io.to(userRoom(userId)).emit('condivisioni_risposta');
    },
  };
}
