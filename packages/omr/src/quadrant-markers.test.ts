import { describe, expect, it } from 'vitest';
import { findQuadrantMarkers } from './quadrant-markers.js';
import { paint, ring } from './testing/paint.js';

// OMRChecker's bullseyes inset from the page corners (as on sample1's form, where the bottom pair sits half-way
// down), with printed bubbles (small rings) about: each found at its painted centre.
describe('findQuadrantMarkers', () => {
  const at = [[60.5, 90.5], [540.5, 90.5], [540.5, 420.5], [60.5, 420.5]];
  const page = paint(600, 800, (c) => {
    for (const [x, y] of at) { ring(c, x, y, 22, 5); ring(c, x, y, 8, 8); }
    for (let k = 0; k < 8; k++) ring(c, 150 + 40 * k, 300, 9, 2);
  });
  it('finds one marker per quarter, wherever it lies there', () => {
    const hits = findQuadrantMarkers(page, 40)!;
    expect(hits).not.toBeNull();
    hits.forEach((h, i) => expect(Math.hypot(h.x - at[i][0], h.y - at[i][1])).toBeLessThan(1));
  });
  it('a quarter without a marker: null', () => {
    const three = paint(600, 800, (c) => { for (const [x, y] of at.slice(0, 3)) { ring(c, x, y, 22, 5); ring(c, x, y, 8, 8); } });
    expect(findQuadrantMarkers(three, 40)).toBeNull();
  });
});
