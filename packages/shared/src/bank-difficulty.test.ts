import { describe, expect, it } from 'vitest';
import { difficultyLabel } from './bank-difficulty.js';

// The bands of docs/DOMAIN-RULES.md §11, checked at and beside their edges.
describe('difficulty label', () => {
  it('bands score rates', () => {
    expect([null, 0, 0.39, 0.4, 0.69, 0.7, 1].map(difficultyLabel)).toEqual(['未测', '困难', '困难', '中等', '中等', '容易', '容易']);
  });
});
