// Bracket anchors (template.anchorShape 'bracket'): thin L-shaped corner lines, as on FormScanner's
// questionnaire. The anchor point is the L's vertex, so the template's anchor rect is centred on the vertex and
// sized like the L's arms. Within the search window: a dark connected blob about as large as the arms, thin
// (little of its box inked), with ink at three corners of its box and none at the fourth — the vertex is the
// corner opposite the empty one, refined at full resolution to where the two arms' inner edges meet.
import type { AnchorHit, AnchorSearch } from './anchors.js';
import { eachBlob, inkLevels, searchWindow } from './anchor-blobs.js';
import type { Raster } from './types.js';

export function findBracketAnchor(r: Raster, s: AnchorSearch): AnchorHit | null {
  const { width: W, data } = r;
  const { x0, y0, x1, y1 } = searchWindow(r, s);
  if (x1 - x0 < s.w / 2 || y1 - y0 < s.h / 2) return null;
  const hist = new Uint32Array(256);
  for (let y = y0; y < y1; y += 2) for (let x = x0; x < x1; x += 2) hist[data[y * W + x]]++;
  let n = 0;
  for (const c of hist) n += c;
  const levels = inkLevels(hist, n, 0.0005);
  if (!levels) return null;
  const { paper, thr } = levels;

  // Full resolution: the arms are only a few pixels thick.
  const gw = x1 - x0;
  const ink = (i: number) => data[(y0 + Math.floor(i / gw)) * W + x0 + (i % gw)] < thr;
  let best: { d: number; vx: number; vy: number; inkGrey: number } | null = null;
  eachBlob(gw, y1 - y0, ink, ({ cells, bx0, by0, bx1, by1 }) => {
    const area = cells.length;
    const bw = bx1 - bx0 + 1;
    const bh = by1 - by0 + 1;
    // The rect spans the vertex ± one arm: the L itself is about half the rect's size.
    if (bw < 0.3 * s.w || bw > 0.75 * s.w || bh < 0.3 * s.h || bh > 0.75 * s.h) return;
    if (area / (bw * bh) > 0.35) return; // thin lines, not a solid mark
    const t = Math.max(2, Math.round(0.15 * Math.min(bw, bh)));
    const cornerInk = (cx: number, cy: number) => {
      let k = 0;
      for (let y = Math.max(by0, cy - t); y <= Math.min(by1, cy + t); y++) for (let x = Math.max(bx0, cx - t); x <= Math.min(bx1, cx + t); x++) if (ink(y * gw + x)) k++;
      return k > 0;
    };
    const corners = [[bx0, by0], [bx1, by0], [bx1, by1], [bx0, by1]].map(([x, y]) => cornerInk(x, y));
    const empty = corners.map((c, i) => (c ? -1 : i)).filter((i) => i >= 0);
    if (empty.length !== 1) return;
    const [vx, vy] = [[bx0, by0], [bx1, by0], [bx1, by1], [bx0, by1]][(empty[0] + 2) % 4];
    const px = x0 + vx + (vx === bx0 ? 0 : 1); // outer edge of the vertex pixel
    const py = y0 + vy + (vy === by0 ? 0 : 1);
    const d = Math.hypot(px - s.cx, py - s.cy);
    if (best && d >= best.d) return;
    let greySum = 0;
    for (const p of cells) greySum += data[(y0 + Math.floor(p / gw)) * W + x0 + (p % gw)];
    best = { d, vx: px, vy: py, inkGrey: greySum / area };
  });
  // assigned inside the callback, which TypeScript's narrowing does not see
  const b = best as { vx: number; vy: number; inkGrey: number } | null;
  return b ? { x: b.vx, y: b.vy, ink: b.inkGrey, paper } : null;
}
