// Page finding in a photo (OMRChecker's CropPage): the sheet is the large bright region of the picture. On a
// shrunk copy, Otsu's threshold splits paper from background; every bright connected region is outlined (the
// ends of its rows and columns), its convex hull reduced to the largest inscribed quadrilateral, and the region
// most like a filled quadrilateral wins. Each side is then fitted as a straight line to the paper's edge found
// at full resolution (where the grey crosses half-way from paper to background), and the corners are where
// the lines meet: a torn or rounded corner, or a finger over it, does not move them.
import type { Point } from './transform.js';
import type { Raster } from './types.js';
import { convexHull, largestQuad, lineThrough, meet, type Line } from './quad-geometry.js';

/** Page corners in pixels of the raster: top-left, top-right, bottom-right, bottom-left. */
export type Quad = [Point, Point, Point, Point];

/** The shrunk copy's longer side. */
const GRID = 480;
/** A page covers at least this share of the picture. */
const MIN_AREA = 0.04;

interface Shrunk { g: Uint8Array; gw: number; gh: number; f: number }

function shrink(r: Raster): Shrunk {
  const f = Math.max(1, Math.ceil(Math.max(r.width, r.height) / GRID));
  const gw = Math.floor(r.width / f);
  const gh = Math.floor(r.height / f);
  const g = new Uint8Array(gw * gh);
  for (let j = 0; j < gh; j++) {
    for (let i = 0; i < gw; i++) {
      let s = 0;
      for (let y = j * f; y < (j + 1) * f; y++) { const row = y * r.width; for (let x = i * f; x < (i + 1) * f; x++) s += r.data[row + x]; }
      g[j * gw + i] = Math.round(s / (f * f));
    }
  }
  return { g, gw, gh, f };
}

function otsu255(g: Uint8Array): number {
  const hist = new Float64Array(256);
  for (const v of g) hist[v]++;
  let sumAll = 0;
  for (let i = 0; i < 256; i++) sumAll += i * hist[i];
  let wB = 0; let sumB = 0; let best = -1; let t = 128;
  for (let i = 0; i < 255; i++) {
    wB += hist[i];
    if (!wB) continue;
    const wF = g.length - wB;
    if (!wF) break;
    sumB += i * hist[i];
    const between = wB * wF * (sumB / wB - (sumAll - sumB) / wF) ** 2;
    if (between > best) { best = between; t = i; }
  }
  return t + 0.5;
}

interface Candidate { quad: Quad; score: number; outline: Point[] }

/** Bright regions as outlines (row and column ends), each with its best quadrilateral and how well it fills it. */
function candidates(s: Shrunk, thr: number): Candidate[] {
  const { g, gw, gh } = s;
  const seen = new Uint8Array(gw * gh);
  const stack = new Int32Array(gw * gh);
  const out: Candidate[] = [];
  for (let start = 0; start < g.length; start++) {
    if (seen[start] || g[start] < thr) continue;
    const rowMin = new Int32Array(gh).fill(gw); const rowMax = new Int32Array(gh).fill(-1);
    const colMin = new Int32Array(gw).fill(gh); const colMax = new Int32Array(gw).fill(-1);
    let sp = 0; let area = 0;
    stack[sp++] = start; seen[start] = 1;
    while (sp) {
      const p = stack[--sp];
      const x = p % gw; const y = (p - x) / gw;
      area++;
      if (x < rowMin[y]) rowMin[y] = x; if (x > rowMax[y]) rowMax[y] = x;
      if (y < colMin[x]) colMin[x] = y; if (y > colMax[x]) colMax[x] = y;
      if (x > 0 && !seen[p - 1] && g[p - 1] >= thr) { seen[p - 1] = 1; stack[sp++] = p - 1; }
      if (x < gw - 1 && !seen[p + 1] && g[p + 1] >= thr) { seen[p + 1] = 1; stack[sp++] = p + 1; }
      if (y > 0 && !seen[p - gw] && g[p - gw] >= thr) { seen[p - gw] = 1; stack[sp++] = p - gw; }
      if (y < gh - 1 && !seen[p + gw] && g[p + gw] >= thr) { seen[p + gw] = 1; stack[sp++] = p + gw; }
    }
    if (area < MIN_AREA * gw * gh) continue;
    const outline: Point[] = [];
    let filled = 0;
    for (let y = 0; y < gh; y++) if (rowMax[y] >= 0) { outline.push([rowMin[y], y + 0.5], [rowMax[y] + 1, y + 0.5]); filled += rowMax[y] - rowMin[y] + 1; }
    for (let x = 0; x < gw; x++) if (colMax[x] >= 0) outline.push([x + 0.5, colMin[x]], [x + 0.5, colMax[x] + 1]);
    const quad = largestQuad(convexHull(outline));
    if (!quad) continue;
    const qa = polygonArea(quad);
    // how much of the quadrilateral the region fills, and how much of the region the quadrilateral holds
    const fit = Math.min(filled, qa) / Math.max(filled, qa);
    // a region running into two or more picture edges is the background (a table, a banner), not a sheet
    const touches = [rowMin.some((v, y) => v === 0 && rowMax[y] >= 0), rowMax.some((v) => v === gw - 1), colMin.some((v, x) => v === 0 && colMax[x] >= 0), colMax.some((v) => v === gh - 1)].filter(Boolean).length;
    out.push({ quad: order(quad), outline, score: qa * fit ** 6 * (touches >= 2 ? 0.25 : 1) });
  }
  return out;
}

function polygonArea(p: Point[]): number {
  let a = 0;
  for (let i = 0; i < p.length; i++) { const q = p[(i + 1) % p.length]; a += p[i][0] * q[1] - q[0] * p[i][1]; }
  return Math.abs(a) / 2;
}

/** Corners as top-left, top-right, bottom-right, bottom-left (by the sums and differences of coordinates). */
export function order(q: Point[]): Quad {
  const by = (f: (p: Point) => number) => q.reduce((a, p) => (f(p) < f(a) ? p : a));
  return [by((p) => p[0] + p[1]), by((p) => p[1] - p[0]), by((p) => -(p[0] + p[1])), by((p) => p[0] - p[1])];
}

function bilinear(r: Raster, x: number, y: number): number {
  const u = Math.min(r.width - 1.001, Math.max(0, x - 0.5));
  const v = Math.min(r.height - 1.001, Math.max(0, y - 0.5));
  const ix = Math.floor(u); const iy = Math.floor(v);
  const fx = u - ix; const fy = v - iy;
  const o = iy * r.width + ix;
  const top = r.data[o] + (r.data[o + 1] - r.data[o]) * fx;
  const bottom = r.data[o + r.width] + (r.data[o + r.width + 1] - r.data[o + r.width]) * fx;
  return top + (bottom - top) * fy;
}

/**
 * Edge points of one side at full resolution: along the side, a grey profile across it (paper inside, background
 * outside), and where it crosses half-way. `inward`: unit normal pointing into the page.
 */
function edgePoints(r: Raster, a: Point, b: Point, inward: Point, reach: number): Point[] {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const n = Math.max(8, Math.min(200, Math.round(len / 4)));
  const out: Point[] = [];
  for (let k = 0; k < n; k++) {
    const t = 0.1 + (0.8 * (k + 0.5)) / n; // corners left out: torn, rounded or covered
    const px = a[0] + (b[0] - a[0]) * t; const py = a[1] + (b[1] - a[1]) * t;
    const prof: number[] = [];
    for (let s = -reach; s <= reach; s++) prof.push(bilinear(r, px + inward[0] * s, py + inward[1] * s));
    // paper: the brighter end, inside; background: outside
    const inner = Math.max(...prof.slice(prof.length - Math.ceil(reach / 2)));
    const outer = Math.min(...prof.slice(0, Math.ceil(reach / 2)));
    if (inner - outer < 20) continue;
    const mid = (inner + outer) / 2;
    // the last crossing going inwards from the background, so print near the edge does not pull it
    for (let i = prof.length - 1; i > 0; i--) {
      if (prof[i - 1] < mid && prof[i] >= mid) {
        const s = i - 1 - reach + (mid - prof[i - 1]) / (prof[i] - prof[i - 1]);
        out.push([px + inward[0] * s, py + inward[1] * s]);
        break;
      }
    }
  }
  return out;
}

/** A side's line from its edge points, twice dropping the points more than 1.5 px (then 1 px) off. */
function robustLine(points: Point[]): Line | null {
  let pts = points;
  let line = lineThrough(pts);
  for (const tol of [3, 1.5]) {
    if (!line) return null;
    const l = line;
    const kept = pts.filter((p) => Math.abs(l.nx * p[0] + l.ny * p[1] - l.c) <= tol);
    if (kept.length < 4) return l;
    pts = kept;
    line = lineThrough(pts);
  }
  return line;
}

/** Paper corners in a photo, or null when no bright quadrilateral region stands out. */
export function findPage(r: Raster): Quad | null {
  if (r.width < 16 || r.height < 16) return null;
  const s = shrink(r);
  const cands = candidates(s, otsu255(s.g));
  if (!cands.length) return null;
  const best = cands.reduce((a, c) => (c.score > a.score ? c : a));
  const coarse = best.quad.map(([x, y]) => [x * s.f, y * s.f] as Point) as Quad;
  // refined twice more from its own result: a torn or clipped corner first misleads the side next to it
  const side = Math.min(...coarse.map((p, i) => Math.hypot(p[0] - coarse[(i + 1) % 4][0], p[1] - coarse[(i + 1) % 4][1])));
  let quad = coarse;
  for (let round = 0; round < 3; round++) {
    const next = refine(r, quad, Math.max(6, 3 * s.f));
    // a refined corner far from the coarse one (beyond a torn-off corner's reach) followed something else
    if (!next || next.some((p, i) => Math.hypot(p[0] - coarse[i][0], p[1] - coarse[i][1]) > Math.max(4 * s.f + 4, 0.15 * side))) break;
    quad = next;
  }
  return quad;
}

/** Each side a line fitted to the paper's edge near it; corners where neighbouring lines meet. */
function refine(r: Raster, quad: Quad, reach: number): Quad | null {
  const cx = quad.reduce((a, p) => a + p[0], 0) / 4;
  const cy = quad.reduce((a, p) => a + p[1], 0) / 4;
  const lines: Line[] = [];
  for (let i = 0; i < 4; i++) {
    const a = quad[i]; const b = quad[(i + 1) % 4];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    let nx = -(b[1] - a[1]) / len; let ny = (b[0] - a[0]) / len;
    const mx = (a[0] + b[0]) / 2; const my = (a[1] + b[1]) / 2;
    if (nx * (cx - mx) + ny * (cy - my) < 0) { nx = -nx; ny = -ny; }
    const line = robustLine(edgePoints(r, a, b, [nx, ny], reach));
    if (!line) return null;
    lines.push(line);
  }
  const corners: Point[] = [];
  for (let i = 0; i < 4; i++) {
    const p = meet(lines[(i + 3) % 4], lines[i]);
    if (!p) return null;
    corners.push(p);
  }
  return corners as Quad;
}
