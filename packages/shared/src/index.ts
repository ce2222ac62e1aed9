export * from './roles.js';
export * from './school.js';
export * from './format.js';
export * from './exam.js';
export * from './random.js';
