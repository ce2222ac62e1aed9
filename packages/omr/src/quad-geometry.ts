// Plane geometry for page finding: convex hull, the largest quadrilateral inside a convex polygon, straight
// lines fitted to points, and where two lines meet.
import type { Point } from './transform.js';

/** A line n·p = c with |n| = 1. */
export interface Line { nx: number; ny: number; c: number }

/** Convex hull (Andrew's monotone chain), counter-clockwise in y-down coordinates' mirror, no collinear points. */
export function convexHull(points: Point[]): Point[] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point[] = [];
  for (const q of p) { while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop(); lower.push(q); }
  const upper: Point[] = [];
  for (let i = p.length - 1; i >= 0; i--) { const q = p[i]; while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop(); upper.push(q); }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

const tri = (a: Point, b: Point, c: Point) => Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) / 2;

/**
 * The largest-area quadrilateral with its corners on the hull's vertices: for each diagonal (i, k), the vertex
 * farthest from it on either side. O(n³) over a hull thinned to at most 120 vertices.
 */
export function largestQuad(hull: Point[]): Point[] | null {
  let h = hull;
  if (h.length > 120) { const step = h.length / 120; h = Array.from({ length: 120 }, (_, i) => hull[Math.floor(i * step)]); }
  const n = h.length;
  if (n < 4) return null;
  let best = 0;
  let quad: Point[] | null = null;
  for (let i = 0; i < n; i++) {
    for (let k = i + 2; k < n; k++) {
      let a1 = 0; let j1 = -1;
      for (let j = i + 1; j < k; j++) { const a = tri(h[i], h[j], h[k]); if (a > a1) { a1 = a; j1 = j; } }
      let a2 = 0; let j2 = -1;
      for (let j = k + 1; j < n + i; j++) { const a = tri(h[i], h[k], h[j % n]); if (a > a2) { a2 = a; j2 = j % n; } }
      if (j1 < 0 || j2 < 0) continue;
      if (a1 + a2 > best) { best = a1 + a2; quad = [h[i], h[j1], h[k], h[j2]]; }
    }
  }
  return quad;
}

/** Total-least-squares line through points (the principal axis); null for fewer than 2. */
export function lineThrough(p: Point[]): Line | null {
  if (p.length < 2) return null;
  const mx = p.reduce((s, q) => s + q[0], 0) / p.length;
  const my = p.reduce((s, q) => s + q[1], 0) / p.length;
  let sxx = 0; let sxy = 0; let syy = 0;
  for (const [x, y] of p) { sxx += (x - mx) ** 2; sxy += (x - mx) * (y - my); syy += (y - my) ** 2; }
  // direction of largest spread; the normal is perpendicular to it
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const nx = -Math.sin(theta); const ny = Math.cos(theta);
  return { nx, ny, c: nx * mx + ny * my };
}

export function meet(a: Line, b: Line): Point | null {
  const det = a.nx * b.ny - a.ny * b.nx;
  if (Math.abs(det) < 1e-9) return null;
  return [(a.c * b.ny - a.ny * b.c) / det, (a.nx * b.c - a.c * b.nx) / det];
}
