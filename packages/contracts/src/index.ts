import { z } from 'zod';

// Italian messages for every zod failure that has no message of its own, on both sides.
z.config(z.locales.it());

export * from './permissions.js';
export * from './pages.js';
export * from './errors.js';
export * from './pagination.js';
export * from './auth.js';
export * from './companies.js';
export const APP_VERSION = '1.0.0';
export * from './countries/index.js';
export * from './anagrafica/index.js';
export * from './history.js';
export * from './production/index.js';
export * from './processing/index.js';
export * from './schema-utils.js';
/** The field builders, as `fields.cm('Lunghezza', fields.BLOCCO_MAX_CM)`: short names kept in their own namespace. */
export * as fields from './fields.js';
export * from './photos.js';
export * from './chat.js';
export * from './search.js';
export * from './codici.js';
export * from './sales/index.js';
export * from './dashboard.js';
export * from './dashboard-links.js';
export * from './statistiche.js';
export * from './reports.js';
export * from './etichette.js';
export * from './segni.js';
export * from './mesi.js';
