export * from './countries.js';
