export * from './identifiers/index.js';
export * from './anagrafica.schema.js';
export * from './anagrafica.query.js';
