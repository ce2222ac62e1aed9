export * from './roles.js';
export * from './school.js';
export * from './format.js';
export * from './exam.js';
