export * from './collaudi-quantities.js';
export * from './collaudi.js';
