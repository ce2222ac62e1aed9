// Bracket anchors (template.anchorShape 'bracket'): thin L-shaped corner lines, as on FormScanner's
// questionnaire. The anchor point is the L's vertex, so the template's anchor rect is centred on the vertex and
// sized like the L's arms. Within the search window: a dark connected blob about as large as the arms, thin
// (little of its box inked), with ink at three corners of its box and none at the fourth — the vertex is the
// corner opposite the empty one, refined at full resolution to where the two arms' inner edges meet.
import type { AnchorHit, AnchorSearch } from './anchors.js';
import type { Raster } from './types.js';

const MIN_CONTRAST = 50;

export function findBracketAnchor(r: Raster, s: AnchorSearch): AnchorHit | null {
  const { width: W, height: H, data } = r;
  const x0 = Math.max(0, Math.floor(s.cx - s.radius));
  const y0 = Math.max(0, Math.floor(s.cy - s.radius));
  const x1 = Math.min(W, Math.ceil(s.cx + s.radius));
  const y1 = Math.min(H, Math.ceil(s.cy + s.radius));
  if (x1 - x0 < s.w / 2 || y1 - y0 < s.h / 2) return null;
  const hist = new Uint32Array(256);
  for (let y = y0; y < y1; y += 2) for (let x = x0; x < x1; x += 2) hist[data[y * W + x]]++;
  let n = 0;
  for (const c of hist) n += c;
  const pct = (q: number) => { let acc = 0; for (let v = 0; v < 256; v++) { acc += hist[v]; if (acc >= q * n) return v; } return 255; };
  const paper = pct(0.6);
  const dark = pct(0.0005);
  if (paper - dark < MIN_CONTRAST) return null;
  const thr = (paper + dark) / 2;

  // Full resolution: the arms are only a few pixels thick.
  const gw = x1 - x0;
  const gh = y1 - y0;
  const seen = new Uint8Array(gw * gh);
  const stack = new Int32Array(gw * gh);
  const ink = (i: number) => data[(y0 + Math.floor(i / gw)) * W + x0 + (i % gw)] < thr;
  let best: { d: number; vx: number; vy: number; inkGrey: number } | null = null;
  for (let start = 0; start < gw * gh; start++) {
    if (seen[start] || !ink(start)) continue;
    let sp = 0;
    stack[sp++] = start;
    seen[start] = 1;
    let area = 0; let greySum = 0;
    let bx0 = gw; let by0 = gh; let bx1 = -1; let by1 = -1;
    while (sp) {
      const p = stack[--sp];
      const px = p % gw;
      const py = (p - px) / gw;
      area++;
      greySum += data[(y0 + py) * W + x0 + px];
      if (px < bx0) bx0 = px; if (px > bx1) bx1 = px;
      if (py < by0) by0 = py; if (py > by1) by1 = py;
      if (px > 0 && !seen[p - 1] && ink(p - 1)) { seen[p - 1] = 1; stack[sp++] = p - 1; }
      if (px < gw - 1 && !seen[p + 1] && ink(p + 1)) { seen[p + 1] = 1; stack[sp++] = p + 1; }
      if (py > 0 && !seen[p - gw] && ink(p - gw)) { seen[p - gw] = 1; stack[sp++] = p - gw; }
      if (py < gh - 1 && !seen[p + gw] && ink(p + gw)) { seen[p + gw] = 1; stack[sp++] = p + gw; }
    }
    const bw = bx1 - bx0 + 1;
    const bh = by1 - by0 + 1;
    // The rect spans the vertex ± one arm: the L itself is about half the rect's size.
    if (bw < 0.3 * s.w || bw > 0.75 * s.w || bh < 0.3 * s.h || bh > 0.75 * s.h) continue;
    if (area / (bw * bh) > 0.35) continue; // thin lines, not a solid mark
    const t = Math.max(2, Math.round(0.15 * Math.min(bw, bh)));
    const cornerInk = (cx: number, cy: number) => {
      let k = 0;
      for (let y = Math.max(by0, cy - t); y <= Math.min(by1, cy + t); y++) for (let x = Math.max(bx0, cx - t); x <= Math.min(bx1, cx + t); x++) if (ink(y * gw + x)) k++;
      return k > 0;
    };
    const corners = [[bx0, by0], [bx1, by0], [bx1, by1], [bx0, by1]].map(([x, y]) => cornerInk(x, y));
    const empty = corners.map((c, i) => (c ? -1 : i)).filter((i) => i >= 0);
    if (empty.length !== 1) continue;
    const [vx, vy] = [[bx0, by0], [bx1, by0], [bx1, by1], [bx0, by1]][(empty[0] + 2) % 4];
    const px = x0 + vx + (vx === bx0 ? 0 : 1); // outer edge of the vertex pixel
    const py = y0 + vy + (vy === by0 ? 0 : 1);
    const d = Math.hypot(px - s.cx, py - s.cy);
    if (!best || d < best.d) best = { d, vx: px, vy: py, inkGrey: greySum / area };
  }
  return best ? { x: best.vx, y: best.vy, ink: best.inkGrey, paper } : null;
}
