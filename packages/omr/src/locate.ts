// Locating the page: anchors found near where the template puts them (scaled from the page size, or mirrored
// for a sheet fed upside down), then the affine fit. A fourth anchor that disagrees with the other three
// (smudged, covered, a stray blot) is dropped and the fit kept from three, flagged 'anchor-missing'.
import { findAnchor, type AnchorHit } from './anchors.js';
import { describe, fitAffine, type Fit, type Point } from './transform.js';
import type { Raster, SheetTemplate } from './types.js';

export interface Location {
  fit: Fit;
  rotation: 0 | 180;
  /** Anchors used in the fit (template indices) and anchors found at all. */
  used: number[];
  found: number;
  hits: (AnchorHit | null)[];
}

export type LocateFailure = { failed: 'anchors'; found: number } | { failed: 'fit'; found: number };

export interface LocateOptions {
  /** Search radius around each expected anchor, as a fraction of the page's shorter side (default 0.12). */
  searchRadius?: number;
}

const MAX_ANGLE = (10 * Math.PI) / 180;

/** Finds the anchors of `template` on `r` for one orientation; `cache` shares searches between orientations. */
export function locate(r: Raster, template: SheetTemplate, rotation: 0 | 180, opts: LocateOptions, cache: Map<string, AnchorHit | null>): Location | LocateFailure {
  const { width: W, height: H } = r;
  const kx = W / template.width;
  const ky = H / template.height;
  const centres: Point[] = template.anchors.map((a) => [a.x + a.w / 2, a.y + a.h / 2]);
  const hits = template.anchors.map((a, i) => {
    let cx = centres[i][0] * kx;
    let cy = centres[i][1] * ky;
    if (rotation === 180) { cx = W - cx; cy = H - cy; }
    const w = a.w * kx;
    const h = a.h * ky;
    const key = `${Math.round(cx)},${Math.round(cy)},${Math.round(w)},${Math.round(h)}`;
    if (!cache.has(key)) {
      const radius = (opts.searchRadius ?? 0.12) * Math.min(W, H) + Math.max(w, h);
      cache.set(key, findAnchor(r, { cx, cy, w, h, radius }));
    }
    return cache.get(key) ?? null;
  });
  const foundIdx = hits.flatMap((h, i) => (h ? [i] : []));
  if (foundIdx.length < 3) return { failed: 'anchors', found: foundIdx.length };

  // A single displaced anchor shows as only a quarter of its displacement in a four-point affine fit, so the
  // tolerance is tight: ≈ 0.5 mm on A4 (a 2 mm displacement is caught).
  const tol = Math.max(2, 0.0025 * Math.min(W, H));
  const tryFit = (idx: number[]) => fitAffine(idx.map((i) => centres[i]), idx.map((i) => [hits[i]!.x, hits[i]!.y] as Point));
  let used = foundIdx;
  let fit = tryFit(used);
  if (fit && used.length >= 4 && fit.worst > tol) {
    // Three points always fit an affine exactly, so the subsets are compared by how far their map is from a
    // plain turn + scale (scanners do not shear): the triple without the bad anchor is the least distorted.
    let best: { fit: Fit; used: number[]; distortion: number } | null = null;
    for (const drop of used) {
      const sub = used.filter((i) => i !== drop);
      const f = tryFit(sub);
      if (!f || !plausible(f, kx, ky, rotation)) continue;
      const distortion = distortionOf(f);
      if (!best || distortion < best.distortion) best = { fit: f, used: sub, distortion };
    }
    if (best) { fit = best.fit; used = best.used; }
  }
  if (!fit || fit.worst > tol || !plausible(fit, kx, ky, rotation)) return { failed: 'fit', found: foundIdx.length };
  return { fit, rotation, used, found: foundIdx.length, hits };
}

function distortionOf(f: Fit): number {
  const d = describe(f.t);
  return Math.abs(d.shear) + Math.abs(d.sx / d.sy - 1);
}

/** A fit a scanned card can produce: scale near the page-size estimate, square pixels, little shear and turn. */
function plausible(f: Fit, kx: number, ky: number, rotation: 0 | 180): boolean {
  const d = describe(f.t);
  const rx = d.sx / kx;
  const ry = d.sy / ky;
  if (rx < 0.7 || rx > 1.3 || ry < 0.7 || ry > 1.3) return false;
  if (Math.abs(rx / ry - 1) > 0.08 || Math.abs(d.shear) > 0.05) return false;
  const turn = rotation === 180 ? Math.abs(Math.abs(d.angle) - Math.PI) : Math.abs(d.angle);
  return turn <= MAX_ANGLE;
}
