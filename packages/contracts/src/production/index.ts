export * from './quantities.js';
export * from './lookups.js';
export * from './bancate.js';
export * from './blocchi.js';
export * from './blocchi-lista.js';
export * from './peso-blocco.js';
export * from './tariffe.js';
export * from './bilancio-massa.js';
