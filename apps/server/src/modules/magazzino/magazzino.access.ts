import { pageAccess } from '../../plugins/list-routes.js';

// The magazzino's pages, for its reads (magazzino.routes.ts) and its operations (stock.routes.ts):
// slabs and bundles under `magazzino-lastre`, tile lots under `magazzino-pavimenti`, the ledger and the
// pickers under either.
export const lastreAccess = pageAccess('magazzino-lastre');
export const pavimentiAccess = pageAccess('magazzino-pavimenti');
export const eitherAccess = pageAccess(['magazzino-lastre', 'magazzino-pavimenti']);
export const tags = ['magazzino'];
