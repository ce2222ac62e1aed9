// Synthetic scans for the engine's tests and benchmark: a sheet template drawn at a chosen resolution, turn,
// skew and margin shift, with printed anchors, page-code cells, bubble outlines and letters, box outlines and
// text-like strokes, and pencil marks of chosen darkness. What is drawn is what a test expects to read.
import { mulberry32 } from '@jz/shared/random';
import { applyAffine } from '../transform.js';
import type { Raster, Rect, SheetTemplate } from '../types.js';

export interface Fill {
  rect: Rect;
  /** 0 = paper, 1 = as dark as the print. */
  level: number;
  /** Share of the bubble covered, from its left edge (default 0.9: students leave a rim). */
  cover?: number;
}

export interface DrawOptions {
  dpi: number;
  rotation?: 0 | 180;
  skewDeg?: number;
  /** Content shifted on the page (mm, before the turn): a scanner feeding the sheet off-centre. */
  shiftMm?: [number, number];
  /** Scan area larger than the page by this much on every side (mm): a skewed sheet keeps its corners. */
  padMm?: number;
  paper?: number;
  ink?: number;
  /** Standard deviation of per-pixel noise (grey levels). */
  noise?: number;
  seed?: number;
  bits?: (0 | 1)[];
  fills?: Fill[];
  /** Anchors (template indices) left undrawn, or drawn shifted by 4 mm (a blot beside the anchor). */
  dropAnchors?: number[];
  smudgeAnchors?: number[];
  /** Extra printed solid rectangles (e.g. the bars of a barcode label). */
  solids?: Rect[];
  /** Areas filled with text-like strokes (headings, notes). */
  textAreas?: Rect[];
}

export interface Drawn {
  raster: Raster;
  /** The exact template → pixel map used. */
  transform: number[];
}

export function drawSheet(template: SheetTemplate, o: DrawOptions): Drawn {
  const rnd = mulberry32(o.seed ?? 1);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  const k = template.unit === 'mm' ? o.dpi / 25.4 : o.dpi / 200;
  const pad = o.padMm ?? 0;
  const W = Math.round((template.width + 2 * pad) * k);
  const H = Math.round((template.height + 2 * pad) * k);
  const paper = o.paper ?? 250;
  const ink = o.ink ?? 25;
  const a = ((o.skewDeg ?? 0) * Math.PI) / 180;
  const [dx, dy] = o.shiftMm ?? [0, 0];
  const cx = template.width / 2;
  const cy = template.height / 2;
  const cos = Math.cos(a) * k;
  const sin = Math.sin(a) * k;
  // turn by `a` about the page centre, shift, then 180° if asked
  let t = [cos, -sin, 0, sin, cos, 0];
  t[2] = W / 2 - cos * cx + sin * cy + dx * k;
  t[5] = H / 2 - sin * cx - cos * cy + dy * k;
  if (o.rotation === 180) t = [-t[0], -t[1], W - t[2], -t[3], -t[4], H - t[5]];
  const det = t[0] * t[4] - t[1] * t[3];
  const inv = [t[4] / det, -t[1] / det, (t[1] * t[5] - t[4] * t[2]) / det, -t[3] / det, t[0] / det, (t[3] * t[2] - t[0] * t[5]) / det];

  const data = new Uint8Array(W * H).fill(paper);
  const paint = (r: Rect, value: () => number) => {
    const pts = [applyAffine(t, r.x, r.y), applyAffine(t, r.x + r.w, r.y), applyAffine(t, r.x, r.y + r.h), applyAffine(t, r.x + r.w, r.y + r.h)];
    const x0 = Math.max(0, Math.floor(Math.min(...pts.map((p) => p[0]))));
    const x1 = Math.min(W - 1, Math.ceil(Math.max(...pts.map((p) => p[0]))));
    const y0 = Math.max(0, Math.floor(Math.min(...pts.map((p) => p[1]))));
    const y1 = Math.min(H - 1, Math.ceil(Math.max(...pts.map((p) => p[1]))));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const [u, v] = applyAffine(inv, x + 0.5, y + 0.5);
        if (u < r.x || u >= r.x + r.w || v < r.y || v >= r.y + r.h) continue;
        const val = Math.max(0, Math.min(255, Math.round(value())));
        if (val < data[y * W + x]) data[y * W + x] = val;
      }
    }
  };
  const solid = () => ink;
  const line = 0.2 * (template.unit === 'mm' ? 1 : 8);
  const outline = (r: Rect, th = line) => {
    paint({ x: r.x, y: r.y, w: r.w, h: th }, solid);
    paint({ x: r.x, y: r.y + r.h - th, w: r.w, h: th }, solid);
    paint({ x: r.x, y: r.y, w: th, h: r.h }, solid);
    paint({ x: r.x + r.w - th, y: r.y, w: th, h: r.h }, solid);
  };

  template.anchors.forEach((r, i) => {
    if (o.dropAnchors?.includes(i)) return;
    if (o.smudgeAnchors?.includes(i)) {
      paint({ ...r, x: r.x + 4 * (template.unit === 'mm' ? 1 : 8) }, solid);
      return;
    }
    paint(r, solid);
  });
  template.pageCode?.cells.forEach((c, i) => (o.bits?.[i] ? paint(c, solid) : outline(c)));
  const bubbles = [...template.questions.flatMap((g) => g.bubbles), ...(template.admission?.digits ?? []).flatMap((g) => g.bubbles), ...(template.absent ? [{ ...template.absent, value: '' }] : [])];
  for (const b of bubbles) {
    outline(b);
    if (b.value) paint({ x: b.x + b.w * 0.4, y: b.y + b.h * 0.2, w: b.w * 0.2, h: b.h * 0.6 }, () => ink + 40); // the printed letter
  }
  for (const b of template.blocks) outline(b.rect, line * 1.5);
  for (const area of o.textAreas ?? []) {
    // glyph-like strokes on lines 4 mm apart
    const unit = template.unit === 'mm' ? 1 : 8;
    for (let y = area.y + unit; y + 3 * unit <= area.y + area.h; y += 4 * unit) {
      for (let x = area.x + unit; x + 3 * unit <= area.x + area.w; x += 3.5 * unit) {
        if (rnd() < 0.3) continue;
        paint({ x, y, w: 3 * unit, h: 0.35 * unit }, solid);
        paint({ x: x + rnd() * 2.5 * unit, y, w: 0.35 * unit, h: 3 * unit }, solid);
        paint({ x, y: y + 1.5 * unit, w: 3 * unit * rnd(), h: 0.35 * unit }, solid);
      }
    }
  }
  for (const r of o.solids ?? []) paint(r, solid);
  for (const f of o.fills ?? []) {
    const cover = f.cover ?? 0.9;
    const inset = 0.05 * Math.min(f.rect.w, f.rect.h);
    const r = { x: f.rect.x + inset, y: f.rect.y + inset, w: (f.rect.w - 2 * inset) * cover, h: f.rect.h - 2 * inset };
    // pencil: mean at the level, grainy
    paint(r, () => paper - f.level * (paper - ink) + gauss() * 18 * f.level);
  }
  if (o.noise) {
    for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round(data[i] + gauss() * o.noise)));
  }
  return { raster: { width: W, height: H, data, dpi: o.dpi }, transform: t };
}
