export * from './companies.js';
export * from './users.js';
export * from './operations.js';
export * from './audit.js';
export * from './anagrafica.js';
export * from './lookups.js';
export * from './production.js';
export * from './photos.js';
