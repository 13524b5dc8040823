export * from './common.js';
export * from './quantities.js';
export * from './segagione.js';
export * from './lavorazioni-lastre.js';
export * from './lavorazioni-pavimenti.js';
export * from './magazzino.js';
export * from './stock.js';
export * from './trasferimenti.js';
