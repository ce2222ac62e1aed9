/** @jz/analysis — the pure score-analysis engine (docs/DOMAIN-RULES.md §3): statistics, then report builders. No I/O. */
export * from './stats/index.js';
export * from './group.js';
export * from './model.js';
export * from './settings.js';
export * from './reports/index.js';
export * from './marking/index.js';
