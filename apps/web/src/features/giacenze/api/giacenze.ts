import { giacenzeSchema } from '@gestcava/contracts';
import { defineResource } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

/** /api/magazzino/giacenze: the stock on hand; every stock operation refreshes its root. */
const giacenze = defineResource({ key: queryRoots.giacenze, base: '/api/magazzino/giacenze' });

export const useGiacenze = giacenze.read(() => ({
  key: [],
  url: '/api/magazzino/giacenze',
  schema: giacenzeSchema,
})).use;
