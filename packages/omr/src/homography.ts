// Perspective map (homography) between two planes, for photographed sheets: a phone held at an angle turns the
// page's rectangle into a general quadrilateral, which no affine map reproduces. h = [h0 … h8] row-major,
// (x, y) → ((h0 x + h1 y + h2) / w, (h3 x + h4 y + h5) / w), w = h6 x + h7 y + h8.
import type { Point } from './transform.js';

export type Homography = [number, number, number, number, number, number, number, number, number];

export function applyHomography(h: readonly number[], x: number, y: number): Point {
  const w = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w];
}

/** a ∘ b: first b, then a. */
export function composeHomography(a: readonly number[], b: readonly number[]): Homography {
  const out = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) out[i * 3 + j] += a[i * 3 + k] * b[k * 3 + j];
  return normalise(out);
}

export function invertHomography(h: readonly number[]): Homography | null {
  const [a, b, c, d, e, f, g, k, l] = h;
  const A = e * l - f * k; const B = -(d * l - f * g); const C = d * k - e * g;
  const det = a * A + b * B + c * C;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return null;
  const inv = [A, -(b * l - c * k), b * f - c * e, B, a * l - c * g, -(a * f - c * d), C, -(a * k - b * g), a * e - b * d];
  return normalise(inv.map((v) => v / det));
}

function normalise(h: number[]): Homography {
  const s = Math.abs(h[8]) > 1e-12 ? h[8] : 1;
  return h.map((v) => v / s) as Homography;
}

/** Solves m·x = r (n × n) by Gaussian elimination with partial pivoting; null when singular. */
function solve(m: number[][], r: number[]): number[] | null {
  const n = r.length;
  const a = m.map((row, i) => [...row, r[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let i = c + 1; i < n; i++) if (Math.abs(a[i][c]) > Math.abs(a[p][c])) p = i;
    if (Math.abs(a[p][c]) < 1e-12) return null;
    [a[c], a[p]] = [a[p], a[c]];
    for (let i = c + 1; i < n; i++) {
      const f = a[i][c] / a[c][c];
      for (let j = c; j <= n; j++) a[i][j] -= f * a[c][j];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let s = a[i][n];
    for (let j = i + 1; j < n; j++) s -= a[i][j] * x[j];
    x[i] = s / a[i][i];
  }
  return x;
}

/** Moves points to their centroid and scales them to a mean distance of √2 (Hartley), for a stable system. */
function conditioner(p: Point[]): Homography {
  const mx = p.reduce((s, q) => s + q[0], 0) / p.length;
  const my = p.reduce((s, q) => s + q[1], 0) / p.length;
  const d = p.reduce((s, q) => s + Math.hypot(q[0] - mx, q[1] - my), 0) / p.length || 1;
  const k = Math.SQRT2 / d;
  return [k, 0, -k * mx, 0, k, -k * my, 0, 0, 1];
}

/**
 * Homography src → dst from ≥ 4 point pairs (exact for 4, least squares in the algebraic error for more),
 * with h8 = 1; null when degenerate (three of four points on a line).
 */
export function fitHomography(src: Point[], dst: Point[]): Homography | null {
  if (src.length < 4 || src.length !== dst.length) return null;
  const ts = conditioner(src);
  const td = conditioner(dst);
  const m = Array.from({ length: 8 }, () => new Array<number>(8).fill(0));
  const r = new Array<number>(8).fill(0);
  const add = (row: number[], v: number) => {
    for (let i = 0; i < 8; i++) {
      for (let j = 0; j < 8; j++) m[i][j] += row[i] * row[j];
      r[i] += row[i] * v;
    }
  };
  src.forEach((s, i) => {
    const [x, y] = applyHomography(ts, s[0], s[1]);
    const [u, v] = applyHomography(td, dst[i][0], dst[i][1]);
    add([x, y, 1, 0, 0, 0, -u * x, -u * y], u);
    add([0, 0, 0, x, y, 1, -v * x, -v * y], v);
  });
  const sol = solve(m, r);
  if (!sol || sol.some((v) => !Number.isFinite(v))) return null;
  const hn = [...sol, 1];
  const tdInv = invertHomography(td);
  if (!tdInv) return null;
  return composeHomography(tdInv, composeHomography(hn, ts));
}

/** Root-mean-square distance (pixels) between h(src) and dst. */
export function homographyResidual(h: readonly number[], src: Point[], dst: Point[]): number {
  let sum = 0;
  src.forEach((p, i) => {
    const [x, y] = applyHomography(h, p[0], p[1]);
    sum += (x - dst[i][0]) ** 2 + (y - dst[i][1]) ** 2;
  });
  return Math.sqrt(sum / src.length);
}
