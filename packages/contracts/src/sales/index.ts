export * from './collaudi-quantities.js';
export * from './collaudi.js';
export * from './ddt.js';
export * from './ddt-ref.js';
export * from './ddt-quantities.js';
export * from './automezzi.js';
export * from './condivisioni.js';
