import { describe, expect, it } from 'vitest';
import { findRingAnchor } from './anchors-ring.js';
import { paint, ring, square } from './testing/paint.js';

// A 400 × 400 white page; shapes painted at known centres (continuous pixel coordinates).
describe('ring anchors', () => {
  it('finds a circle outline and a bullseye at their centres', () => {
    const r = paint(400, 400, (p) => {
      ring(p, 100.5, 120.5, 30, 5); // FormScanner: an outline
      ring(p, 300.5, 280.5, 30, 6); // OMRChecker: outer ring…
      ring(p, 300.5, 280.5, 10, 10); // …and its dot
    });
    const a = findRingAnchor(r, { cx: 110, cy: 110, w: 60, h: 60, radius: 80 });
    const b = findRingAnchor(r, { cx: 290, cy: 290, w: 60, h: 60, radius: 80 });
    expect(a!.x).toBeCloseTo(100.5, 0);
    expect(a!.y).toBeCloseTo(120.5, 0);
    expect(b!.x).toBeCloseTo(300.5, 0);
    expect(b!.y).toBeCloseTo(280.5, 0);
  });

  it('does not take a filled square, a square outline or a small bubble for a ring', () => {
    const r = paint(400, 400, (p) => {
      square(p, 70, 70, 60, false);
      square(p, 270, 270, 60, true);
      ring(p, 300, 100, 8, 2); // a printed bubble, far smaller than the ring looked for
    });
    expect(findRingAnchor(r, { cx: 100, cy: 100, w: 60, h: 60, radius: 60 })).toBeNull();
    expect(findRingAnchor(r, { cx: 300, cy: 300, w: 60, h: 60, radius: 60 })).toBeNull();
    expect(findRingAnchor(r, { cx: 300, cy: 100, w: 60, h: 60, radius: 60 })).toBeNull();
  });

  it('accepts a ring from half to 1.6 times the expected size (OMRChecker matches its marker at 35–100 %)', () => {
    const r = paint(400, 400, (p) => ring(p, 200.5, 200.5, 18, 4)); // 36 px across
    expect(findRingAnchor(r, { cx: 200, cy: 200, w: 60, h: 60, radius: 80 })).not.toBeNull(); // 0.6 of 60
    expect(findRingAnchor(r, { cx: 200, cy: 200, w: 80, h: 80, radius: 80 })).toBeNull(); // 0.45 of 80
  });
});
