// A template without anchors (a third-party form scanned edge to edge) takes the page edges as its frame, but
// scanners crop and scale a little differently from sheet to sheet: a third of a bubble off, and every mark is
// read from the wrong place. The printed bubbles themselves are the reference: starting from the page frame,
// shift (± half a bubble pitch) and stretch (± 3 %) the frame to where the bubble areas hold the most ink —
// on their printed circles rather than on the paper between them. Coarse-to-fine search; only for templates that
// ask for it (template.alignFrame): the measure suits round printed bubbles, and square outlines can fool it.
import { applyAffine } from './transform.js';
import type { Raster, Rect, SheetTemplate } from './types.js';

/** At most this many bubbles are sampled (spread over the whole template). */
const MAX_BUBBLES = 400;
/** Sample points per bubble (a 5 × 5 grid over its rect). */
const GRID = 5;

interface Frame { dx: number; dy: number; sx: number; sy: number }

/** The page-frame transform `t0`, moved onto the printed bubbles. */
export function alignToPrint(r: Raster, template: SheetTemplate, t0: number[]): number[] {
  const rects = sampleRects(template);
  if (rects.length < 4) return t0;
  const pitch = bubblePitch(template);
  const cx = template.width / 2;
  const cy = template.height / 2;
  const points = rects.flatMap((q) => {
    const pts: [number, number][] = [];
    for (let j = 0; j < GRID; j++) for (let i = 0; i < GRID; i++) pts.push([q.x + ((i + 0.5) * q.w) / GRID, q.y + ((j + 0.5) * q.h) / GRID]);
    return pts;
  });
  const compose = (f: Frame): number[] => {
    // p → t0(S(p)), S(x, y) = (cx + sx (x − cx) + dx, cy + sy (y − cy) + dy)
    const [a, b, c, d, e, g] = t0;
    const ox = cx - f.sx * cx + f.dx;
    const oy = cy - f.sy * cy + f.dy;
    return [a * f.sx, b * f.sy, a * ox + b * oy + c, d * f.sx, e * f.sy, d * ox + e * oy + g];
  };
  const ink = (f: Frame): number => {
    const t = compose(f);
    let sum = 0;
    for (const [x, y] of points) {
      const [u, v] = applyAffine(t, x, y);
      const ix = Math.floor(u);
      const iy = Math.floor(v);
      sum += ix < 0 || iy < 0 || ix >= r.width || iy >= r.height ? 255 : r.data[iy * r.width + ix];
    }
    return sum; // lower = more ink under the bubbles
  };
  let best: Frame = { dx: 0, dy: 0, sx: 1, sy: 1 };
  let bestInk = ink(best);
  const tryFrame = (f: Frame) => {
    const v = ink(f);
    if (v < bestInk) { bestInk = v; best = f; }
  };
  const R = pitch / 2;
  for (const step of [R / 6, R / 24]) {
    const base = best;
    const span = step === R / 6 ? R : R / 6;
    for (let dy = -span; dy <= span + 1e-9; dy += step) for (let dx = -span; dx <= span + 1e-9; dx += step) tryFrame({ ...base, dx: base.dx + dx, dy: base.dy + dy });
    for (let round = 0; round < 2; round++) {
      const b = best;
      for (let k = -6; k <= 6; k++) tryFrame({ ...b, sx: 1 + k * 0.005 });
      const b2 = best;
      for (let k = -6; k <= 6; k++) tryFrame({ ...b2, sy: 1 + k * 0.005 });
      const b3 = best;
      for (let dy = -step * 2; dy <= step * 2 + 1e-9; dy += step) for (let dx = -step * 2; dx <= step * 2 + 1e-9; dx += step) tryFrame({ ...b3, dx: b3.dx + dx, dy: b3.dy + dy });
    }
  }
  return compose(best);
}

function sampleRects(template: SheetTemplate): Rect[] {
  const all = [...(template.admission?.digits ?? []), ...template.questions].flatMap((g) => g.bubbles);
  const step = Math.max(1, Math.ceil(all.length / MAX_BUBBLES));
  return all.filter((_, i) => i % step === 0);
}

/** Median distance between neighbouring bubbles of a group (template units). */
function bubblePitch(template: SheetTemplate): number {
  const d: number[] = [];
  for (const g of [...(template.admission?.digits ?? []), ...template.questions]) {
    for (let i = 1; i < g.bubbles.length; i++) {
      const p = g.bubbles[i - 1];
      const q = g.bubbles[i];
      d.push(Math.hypot(q.x - p.x, q.y - p.y));
    }
  }
  if (!d.length) return Math.min(template.width, template.height) / 50;
  d.sort((a, b) => a - b);
  return d[Math.floor(d.length / 2)];
}
