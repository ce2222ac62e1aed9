import { describe, expect, it } from 'vitest';
import { standardErrorOfMeasurement } from './standardErrorOfMeasurement.js';

// Hand-worked: SD 10, α 0.84 → 10·√0.16 = 4; SD 6, α 0.75 → 6·√0.25 = 3; SD 5, α 1 → 0;
// SD 4, α −0.44 → 4·√1.44 = 4.8 (a negative α makes SEM exceed SD).
describe('standardErrorOfMeasurement SEM = SD·√(1 − α)', () => {
  it.each([
    [10, 0.84, 4],
    [6, 0.75, 3],
    [5, 1, 0],
    [4, -0.44, 4.8],
  ])('SD %s, α %s → %s', (sd, alpha, want) => {
    expect(standardErrorOfMeasurement(sd, alpha)).toBeCloseTo(want, 12);
  });
  it('missing or impossible input → null', () => {
    expect(standardErrorOfMeasurement(null, 0.8)).toBeNull();
    expect(standardErrorOfMeasurement(10, null)).toBeNull();
    expect(standardErrorOfMeasurement(10, 1.2)).toBeNull();
    expect(standardErrorOfMeasurement(-1, 0.5)).toBeNull();
    expect(standardErrorOfMeasurement(NaN, 0.5)).toBeNull();
  });
});
