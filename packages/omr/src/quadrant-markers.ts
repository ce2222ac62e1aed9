// OMRChecker's CropOnMarkers: one printed marker (a bullseye) in each quarter of the page, wherever it lies in
// that quarter; their centres are the corners of the template's frame. Each quarter is searched whole with the
// ring finder, at two expected sizes (the marker's size on the page is known only roughly), and the ring
// nearest the page's corner wins.
import { findRingAnchor } from './anchors-ring.js';
import type { AnchorHit } from './anchors.js';
import type { Point } from './transform.js';
import type { Raster } from './types.js';

function crop(r: Raster, x0: number, y0: number, w: number, h: number): Raster {
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) data.set(r.data.subarray((y0 + y) * r.width + x0, (y0 + y) * r.width + x0 + w), y * w);
  return { width: w, height: h, data };
}

/** Marker hits top-left, top-right, bottom-right, bottom-left (pixels of `r`), or null when a quarter has none. */
export function findQuadrantMarkers(r: Raster, size: number): AnchorHit[] | null {
  const hw = Math.floor(r.width / 2);
  const hh = Math.floor(r.height / 2);
  const quarters: [number, number][] = [[0, 0], [hw, 0], [hw, hh], [0, hh]];
  const hits: AnchorHit[] = [];
  for (const [qx, qy] of quarters) {
    const q = crop(r, qx, qy, hw, hh);
    // the page's own corner, in the quarter's pixels
    const cx = qx ? hw : 0;
    const cy = qy ? hh : 0;
    let best: AnchorHit | null = null;
    let bestD = Infinity;
    for (const m of [size, 1.6 * size]) {
      const hit = findRingAnchor(q, { cx, cy, w: m, h: m, radius: Math.max(hw, hh) });
      if (!hit) continue;
      const d = Math.hypot(hit.x - cx, hit.y - cy);
      if (d < bestD - 1) { best = hit; bestD = d; }
    }
    if (!best) return null;
    hits.push({ ...best, x: best.x + qx, y: best.y + qy });
  }
  return hits;
}

export const centres = (hits: AnchorHit[]): Point[] => hits.map((h) => [h.x, h.y]);
