/**
 * The one home of query keys (docs/architecture.md "Web: one API shape"): the root of every cache
 * of the web client. Each resource (`defineResource({ key: queryRoots.x })`) builds all its keys
 * under its root, so a write refreshes everything of it with one invalidation; a feature that
 * refreshes another's cache (features do not import each other) names the same constant in its
 * `invalidates`. A feature adds its root here once another feature refreshes it; until then its
 * resource's own `key: ['<name>']` is its root (docs/architecture.md, the recipe's step 12).
 */
export const queryRoots = {
  anagrafica: ['anagrafica'],
  automezzi: ['automezzi'],
  bancate: ['bancate'],
  blocchi: ['blocchi'],
  /** the chat's conversations, contacts and unread count (features/chat) */
  chat: ['chat'],
  /** the links sent to clienti (features/condivisioni) */
  condivisioni: ['condivisioni'],
  /** what a shared link shows, on the public page (no session) */
  pubblico: ['pubblico'],
  /** bundles and slabs in stock (features/magazzino-lastre), loaded by a sawing's completion */
  magazzinoLastre: ['magazzino-lastre'],
  /** tile lots in stock (features/magazzino-pavimenti), loaded by a tile cut's completion */
  magazzinoPavimenti: ['magazzino-pavimenti'],
  /** the magazzino pages' own pickers (clienti, places), read under the stock pages' permission */
  magazzinoPickers: ['magazzino-pickers'],
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
  lavorazioniLastre: ['lavorazioni-lastre'],
  lavorazioniPavimenti: ['lavorazioni-pavimenti'],
  /** cave, materiali, ubicazioni, macchine (lib/lookups.ts reads them, features/lookups writes) */
  lookups: ['lookups'],
  /** what the shell shows of the group companies (selector, top bar) */
  companies: ['companies'],
  /** the group companies' full records (features/group-companies, admin) */
  groupCompanies: ['group-companies'],
  /** the users (features/settings, admin) */
  users: ['users'],
  /** photos of every entity and the gallery (features/photos) */
  photos: ['photos'],
  dashboard: ['dashboard'],
  statistiche: ['statistiche'],
  etichette: ['etichette'],
  /** the agenda's bundled file (features/schedule) */
  schedule: ['schedule'],
  /** what this device keeps for offline reading (not the API: IndexedDB) */
  deviceCopies: ['device-copies'],
  health: ['health'],
} as const;
