// Page transform: an affine map from template units to raster pixels, fitted by least squares to the anchor
// centres. Affine (not only rotation + scale) because scanners stretch one axis slightly and shear a little.
export type Affine = [number, number, number, number, number, number];
export type Point = [number, number];

export function applyAffine(t: readonly number[], x: number, y: number): Point {
  return [t[0] * x + t[1] * y + t[2], t[3] * x + t[4] * y + t[5]];
}

/** Solves the 3×3 system m·v = r by Cramer's rule; null when singular (collinear points). */
function solve3(m: number[][], r: number[]): number[] | null {
  const det = (a: number[][]) =>
    a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
  const d = det(m);
  if (!Number.isFinite(d) || Math.abs(d) < 1e-9) return null;
  return [0, 1, 2].map((c) => det(m.map((row, i) => row.map((v, j) => (j === c ? r[i] : v)))) / d);
}

export interface Fit {
  t: Affine;
  /** Root-mean-square distance (pixels) between the fitted and the found anchor centres. */
  residual: number;
  /** Largest single-point error (pixels). */
  worst: number;
  worstIndex: number;
}

/** Least-squares affine from ≥ 3 point pairs (template → raster); null when degenerate. */
export function fitAffine(src: Point[], dst: Point[]): Fit | null {
  if (src.length < 3 || src.length !== dst.length) return null;
  // Normalise template coordinates around their mean for a well-conditioned system.
  const mx = src.reduce((a, p) => a + p[0], 0) / src.length;
  const my = src.reduce((a, p) => a + p[1], 0) / src.length;
  const m = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  const rx = [0, 0, 0];
  const ry = [0, 0, 0];
  src.forEach(([x0, y0], i) => {
    const v = [x0 - mx, y0 - my, 1];
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 3; b++) m[a][b] += v[a] * v[b];
      rx[a] += v[a] * dst[i][0];
      ry[a] += v[a] * dst[i][1];
    }
  });
  const px = solve3(m, rx);
  const py = solve3(m, ry);
  if (!px || !py) return null;
  const t: Affine = [px[0], px[1], px[2] - px[0] * mx - px[1] * my, py[0], py[1], py[2] - py[0] * mx - py[1] * my];
  let sum = 0;
  let worst = 0;
  let worstIndex = 0;
  src.forEach(([x, y], i) => {
    const [fx, fy] = applyAffine(t, x, y);
    const e = Math.hypot(fx - dst[i][0], fy - dst[i][1]);
    sum += e * e;
    if (e > worst) { worst = e; worstIndex = i; }
  });
  return { t, residual: Math.sqrt(sum / src.length), worst, worstIndex };
}

/** Scale (pixels per unit) along each template axis and the angle of the x axis (radians). */
export function describe(t: readonly number[]): { sx: number; sy: number; angle: number; shear: number } {
  const sx = Math.hypot(t[0], t[3]);
  const sy = Math.hypot(t[1], t[4]);
  const angle = Math.atan2(t[3], t[0]);
  // cosine of the angle between the mapped axes: 0 for a pure rotation + scale
  const shear = (t[0] * t[1] + t[3] * t[4]) / (sx * sy);
  return { sx, sy, angle, shear };
}

/** Axis-aligned bounding box (pixels, rounded outwards, clipped to the raster) of a template rectangle. */
export function rectToPixels(t: readonly number[], r: { x: number; y: number; w: number; h: number }, width: number, height: number) {
  const pts = [applyAffine(t, r.x, r.y), applyAffine(t, r.x + r.w, r.y), applyAffine(t, r.x + r.w, r.y + r.h), applyAffine(t, r.x, r.y + r.h)];
  const x0 = Math.max(0, Math.floor(Math.min(...pts.map((p) => p[0]))));
  const y0 = Math.max(0, Math.floor(Math.min(...pts.map((p) => p[1]))));
  const x1 = Math.min(width, Math.ceil(Math.max(...pts.map((p) => p[0]))));
  const y1 = Math.min(height, Math.ceil(Math.max(...pts.map((p) => p[1]))));
  return { x: x0, y: y0, w: Math.max(0, x1 - x0), h: Math.max(0, y1 - y0) };
}
