/**
 * Italian and international identifiers of customers and suppliers (docs/domain.md "Clienti /
 * Fornitori", docs/domain.md): pure functions, no I/O, the same on server and browser.
 *
 * Every `validate…` function takes what the user typed and answers either the normalised value
 * or an Italian message that names the field and says why it is wrong.
 */
export type { CheckResult } from './check.js';
export * from './partita-iva.js';
export * from './vat-number.js';
export * from './codice-fiscale.js';
export * from './cap.js';
export * from './provincia.js';
export * from './codice-sdi.js';
export * from './email.js';
export * from './iban.js';
export * from './telefono.js';
