export * from './identifiers.js';
export * from './anagrafica.schema.js';
