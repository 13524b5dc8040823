export * from './identifiers.js';
export * from './anagrafica.schema.js';
export * from './anagrafica.query.js';
