export * from './rules.js';
export * from './quality.js';
