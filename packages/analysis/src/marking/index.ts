export * from './rules.js';
export * from './marker-quality.js';
export * from './marker-charts.js';
export * from './consistency.js';
