/**
 * The root query key of every feature cache that another feature refreshes. Features do not import
 * each other, so the owner builds its keys on its root here and the other feature invalidates
 * through the same constant.
 */
export const queryRoots = {
  bancate: ['bancate'],
  blocchi: ['blocchi'],
  /** bundles and slabs in stock (features/magazzino-lastre), loaded by a sawing's completion */
  magazzinoLastre: ['magazzino-lastre'],
  /** tile lots in stock (features/magazzino-pavimenti), loaded by a tile cut's completion */
  magazzinoPavimenti: ['magazzino-pavimenti'],
  /** the stock on hand of both magazzini (features/giacenze): every stock operation changes it */
  giacenze: ['giacenze'],
  /** the collaudi (features/collaudi): a DDT ships their sold blocks */
  collaudi: ['collaudi'],
  /** the DDTs (features/spedizioni) */
  spedizioni: ['spedizioni'],
  /** the invoices (features/fatture): emitting one marks its DDTs' lines invoiced */
  fatture: ['fatture'],
  /** transfers between group companies (features/trasferimenti): a stock or block change may add one */
  trasferimenti: ['trasferimenti'],
  /** the unread buyers' answers of the user's links (features/condivisioni), pushed by the chat socket */
  condivisioniNotifiche: ['condivisioni', 'notifiche'],
  companies: ['companies'],
  health: ['health'],
} as const;
