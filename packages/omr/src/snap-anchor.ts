// Snapping a corner box drawn by a person onto the printed mark it encloses, on the blank scan of a card made
// elsewhere. The anchor's point is whatever the engine's finder of that mark's shape measures (the ink centroid
// of a solid block or an L, the centre of a ring, the vertex of a bracket), so the rect is centred on that very
// point and sized to the mark: the blank and every scan are then measured the same way, whatever the shape,
// and the finder's size checks hold on the scans.
import { findAnchor, type AnchorHit } from './anchors.js';
import { eachBlob, sampleGrid, type Blob } from './anchor-blobs.js';
import { findBracketAnchor } from './anchors-bracket.js';
import { findRingAnchor, ringLike } from './anchors-ring.js';
import type { Raster, Rect, SheetTemplate } from './types.js';

export type AnchorShape = NonNullable<SheetTemplate['anchorShape']>;

export interface SnappedAnchor {
  rect: Rect;
  shape: AnchorShape;
  /** Grey of the mark's ink and of the paper around it (the darkness scale of the blank). */
  ink: number;
  paper: number;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** The engine's finder for a shape (locate.ts picks it the same way). */
export function anchorFinder(shape: AnchorShape | undefined): (r: Raster, s: { cx: number; cy: number; w: number; h: number; radius: number }) => AnchorHit | null {
  return shape === 'ring' ? findRingAnchor : shape === 'bracket' ? findBracketAnchor : findAnchor;
}

/** Looks for the printed mark inside `drawn` (grown by half its size: a box drawn roughly); null when none. */
export function snapAnchor(r: Raster, drawn: Rect, shape?: AnchorShape): SnappedAnchor | null {
  const grow = 0.5 * Math.max(drawn.w, drawn.h);
  const win = {
    x0: Math.max(0, Math.floor(drawn.x - grow)), y0: Math.max(0, Math.floor(drawn.y - grow)),
    x1: Math.min(r.width, Math.ceil(drawn.x + drawn.w + grow)), y1: Math.min(r.height, Math.ceil(drawn.y + drawn.h + grow)),
  };
  if (win.x1 - win.x0 < 4 || win.y1 - win.y0 < 4) return null;
  const st = Math.max(1, Math.floor(Math.min(drawn.w, drawn.h) / 30));
  const grid = sampleGrid(r, win, st, 'point');
  if (!grid.levels) return null;
  const { g, gw, gh, levels } = grid;
  // the mark: the largest blob whose box centre lies inside the drawn box, at least a fifth of its size
  const cx0 = (drawn.x - win.x0) / st; const cy0 = (drawn.y - win.y0) / st;
  const cx1 = cx0 + drawn.w / st; const cy1 = cy0 + drawn.h / st;
  let best: { blob: Omit<Blob, 'cells'>; area: number; kind: AnchorShape } | null = null;
  eachBlob(gw, gh, (i) => g[i] < levels.thr, (b) => {
    const bw = b.bx1 - b.bx0 + 1; const bh = b.by1 - b.by0 + 1;
    const mx = (b.bx0 + b.bx1 + 1) / 2; const my = (b.by0 + b.by1 + 1) / 2;
    if (mx < cx0 || mx > cx1 || my < cy0 || my > cy1) return;
    if (bw < 0.2 * (cx1 - cx0) || bh < 0.2 * (cy1 - cy0)) return;
    if (best && bw * bh <= best.area) return;
    const kind = shape ?? shapeOf(b, gw, (i) => g[i] < levels.thr);
    best = { blob: { bx0: b.bx0, by0: b.by0, bx1: b.bx1, by1: b.by1 }, area: bw * bh, kind };
  });
  const found = best as { blob: Omit<Blob, 'cells'>; kind: AnchorShape } | null;
  if (!found) return null;
  const { blob, kind } = found;
  const w = (blob.bx1 - blob.bx0 + 1) * st;
  const h = (blob.by1 - blob.by0 + 1) * st;
  const mx = win.x0 + ((blob.bx0 + blob.bx1 + 1) / 2) * st;
  const my = win.y0 + ((blob.by0 + blob.by1 + 1) / 2) * st;
  // a bracket's rect spans its vertex ± one arm (anchors-bracket.ts)
  const [rw, rh] = kind === 'bracket' ? [2 * w, 2 * h] : [w, h];
  const hit = anchorFinder(kind)(r, { cx: mx, cy: my, w: rw, h: rh, radius: Math.max(w, h) });
  if (!hit) return null;
  return { rect: { x: round1(hit.x - rw / 2), y: round1(hit.y - rh / 2), w: round1(rw), h: round1(rh) }, shape: kind, ink: hit.ink, paper: hit.paper };
}

/** Solid block or L (most of its box inked), ring (ink within the inscribed circle), bracket (thin L). */
function shapeOf(b: Blob, gw: number, ink: (i: number) => boolean): AnchorShape {
  const bw = b.bx1 - b.bx0 + 1; const bh = b.by1 - b.by0 + 1;
  const fill = b.cells.length / (bw * bh);
  if (fill >= 0.55) return 'solid';
  if (ringLike(b.cells, gw, b.bx0, b.by0, b.bx1, b.by1)) return 'ring';
  // a thin L: ink at three corners of its box, none at the fourth
  const t = Math.max(1, Math.round(0.15 * Math.min(bw, bh)));
  const corner = (x: number, y: number) => {
    for (let yy = Math.max(b.by0, y - t); yy <= Math.min(b.by1, y + t); yy++) for (let xx = Math.max(b.bx0, x - t); xx <= Math.min(b.bx1, x + t); xx++) if (ink(yy * gw + xx)) return true;
    return false;
  };
  const inked = [[b.bx0, b.by0], [b.bx1, b.by0], [b.bx1, b.by1], [b.bx0, b.by1]].filter(([x, y]) => corner(x!, y!)).length;
  return inked === 3 ? 'bracket' : 'solid';
}
