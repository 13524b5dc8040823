import { indirizzoEtichetteSchema } from '@gestcava/contracts';
import { defineResource } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

const etichette = defineResource({ key: queryRoots.etichette, base: '/api/etichette' });

/** GET /api/etichette/indirizzo: the address the labels' QR codes carry, and whether it is a loopback one. */
export const useLabelsAddress = etichette.read(() => ({
  key: ['indirizzo'],
  url: '/api/etichette/indirizzo',
  schema: indirizzoEtichetteSchema,
  // the server's configuration: it changes only with a restart
  staleTime: Infinity,
})).use;
