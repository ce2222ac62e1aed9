export * from './roles.js';
export * from './school.js';
