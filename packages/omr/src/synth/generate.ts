// One synthetic scanned sheet from a blank printed page, seeded: plan what the student did, draw it, then pass
// the page through a simulated scanner (skew, 180° turn, scale, shift, paper tone, blur, photocopy, noise).
// Three independent random streams (plan, ink, scanner) so that changing one part keeps the others.
import { mulberry32 } from '@jz/shared/random';
import type { SheetTemplate } from '../types.js';
import { drawHandwriting, drawMark } from './marks.js';
import { DEFAULT_RATES, planSheet, type PlanRates, type SheetPlan } from './plan.js';
import { binomialBlur, blurOrder, compose, darkenDisc, toneAndNoise, warpAffine, type Affine } from './raster-ops.js';
import type { BlankPage, Distortion, SyntheticSheet } from './types.js';

type Rnd = () => number;
const between = (rnd: Rnd, lo: number, hi: number) => lo + (hi - lo) * rnd();

/** Ranges of the scanner simulation; every sheet draws its values uniformly within them. */
export interface DistortionRanges {
  rotate180: number;
  skewDeg: number;
  /** Scale range; the resulting resolution is kept within [minDpi, maxDpi]. */
  scale: [number, number];
  minDpi: number;
  maxDpi: number;
  marginMm: [number, number];
  backing: [number, number];
  /** Chance of a grey scanner and its paper tone range; white paper otherwise scans at 238–255. */
  grey: number;
  greyPaper: [number, number];
  photocopy: number;
  gamma: [number, number];
  specks: [number, number];
  blur: number;
  blurPx: [number, number];
  noise: [number, number];
  jpegQuality: [number, number];
}

export const DEFAULT_DISTORTION: DistortionRanges = {
  rotate180: 0.25,
  skewDeg: 5,
  scale: [0.95, 1.05],
  minDpi: 150,
  maxDpi: 300,
  marginMm: [1, 8],
  backing: [200, 255],
  grey: 0.3,
  greyPaper: [205, 238],
  photocopy: 0.25,
  gamma: [1.2, 2.0],
  specks: [0.5, 4],
  blur: 0.5,
  blurPx: [0.5, 1.3],
  noise: [0, 9],
  jpegQuality: [45, 95],
};

/** No distortion at all: the printed page as it is (tests of the marks themselves). */
export const NO_DISTORTION: Distortion = {
  rotate180: false, skewDeg: 0, scale: 1, shiftMm: [0, 0], marginMm: 0, backing: 255, paper: 255, photocopy: null, blurPx: 0, noise: 0, jpegQuality: 95,
};

export function randomDistortion(rnd: Rnd, dpi: number, r: DistortionRanges = DEFAULT_DISTORTION): Distortion {
  const lo = Math.max(r.scale[0], r.minDpi / dpi);
  const hi = Math.min(r.scale[1], r.maxDpi / dpi);
  const margin = between(rnd, r.marginMm[0], r.marginMm[1]);
  return {
    rotate180: rnd() < r.rotate180,
    skewDeg: between(rnd, -r.skewDeg, r.skewDeg),
    scale: lo <= hi ? between(rnd, lo, hi) : 1,
    marginMm: margin,
    shiftMm: [between(rnd, -0.8, 0.8) * margin, between(rnd, -0.8, 0.8) * margin],
    backing: Math.round(between(rnd, r.backing[0], r.backing[1])),
    paper: Math.round(rnd() < r.grey ? between(rnd, r.greyPaper[0], r.greyPaper[1]) : between(rnd, 238, 255)),
    photocopy: rnd() < r.photocopy ? { gamma: between(rnd, r.gamma[0], r.gamma[1]), specks: between(rnd, r.specks[0], r.specks[1]) } : null,
    blurPx: rnd() < r.blur ? Math.sqrt(blurOrder(between(rnd, r.blurPx[0], r.blurPx[1]))) / 2 : 0,
    noise: between(rnd, r.noise[0], r.noise[1]),
    jpegQuality: Math.round(between(rnd, r.jpegQuality[0], r.jpegQuality[1])),
  };
}

/** Page pixels → scan pixels, and the scan's size: scale and turn about the page centre, placed in the margin. */
export function scanGeometry(pageW: number, pageH: number, pxPerMm: number, d: Distortion): { forward: Affine; width: number; height: number } {
  const theta = ((d.skewDeg + (d.rotate180 ? 180 : 0)) * Math.PI) / 180;
  const cos = Math.cos(theta) * d.scale;
  const sin = Math.sin(theta) * d.scale;
  const bw = Math.abs(cos) * pageW + Math.abs(sin) * pageH;
  const bh = Math.abs(sin) * pageW + Math.abs(cos) * pageH;
  const m = d.marginMm * pxPerMm;
  const width = Math.round(bw + 2 * m);
  const height = Math.round(bh + 2 * m);
  const cx = width / 2 + d.shiftMm[0] * pxPerMm;
  const cy = height / 2 + d.shiftMm[1] * pxPerMm;
  const toCentre: Affine = [1, 0, -pageW / 2, 0, 1, -pageH / 2];
  const turn: Affine = [cos, -sin, cx, sin, cos, cy];
  return { forward: compose(turn, toCentre), width, height };
}

export interface SynthOptions {
  rates?: PlanRates;
  /** A given filling (planFromFill) instead of one drawn from the seed at `rates`. */
  plan?: SheetPlan;
  /** Scanner ranges, or a fixed distortion for every sheet. */
  distortion?: DistortionRanges | Distortion;
  /** Written answers in the subjective blocks (default on). */
  handwriting?: boolean;
}

const isFixed = (d: DistortionRanges | Distortion): d is Distortion => typeof (d as Distortion).rotate180 === 'boolean';

/** Builds sheet `seed` from the blank page and its template (unit mm). Pure: same inputs, same pixels. */
export function synthesizeSheet(blank: BlankPage, template: SheetTemplate, seed: number, opts: SynthOptions = {}): SyntheticSheet {
  if (template.unit !== 'mm') throw new Error('synthetic sheets are drawn on mm templates (the product\'s own cards)');
  const planRnd = mulberry32(seed);
  const inkRnd = mulberry32(seed ^ 0x5bd1e995);
  const scanRnd = mulberry32((seed + 0x9e3779b9) >>> 0);
  const plan = opts.plan ?? planSheet(template, planRnd, opts.rates ?? DEFAULT_RATES);
  const d = isFixed(opts.distortion ?? DEFAULT_DISTORTION)
    ? (opts.distortion as Distortion)
    : randomDistortion(scanRnd, blank.dpi, (opts.distortion as DistortionRanges | undefined) ?? DEFAULT_DISTORTION);

  // ---- ink on the printed page -----------------------------------------------------------------------
  const k = blank.pxPerUnit;
  const page = { width: blank.raster.width, height: blank.raster.height, data: blank.raster.data.slice() };
  const groups = new Map([...(template.admission?.digits ?? []), ...template.questions].map((g) => [g.id, g]));
  for (const g of plan.groups) {
    const bubbles = groups.get(g.id)!.bubbles;
    for (const m of g.marks) drawMark(page, bubbles.find((b) => b.value === m.value)!, k, m.kind, inkRnd);
  }
  if (template.absent && plan.absent.kind) drawMark(page, template.absent, k, plan.absent.kind, inkRnd);
  if (opts.handwriting !== false) for (const b of template.blocks) drawHandwriting(page, b.rect, k, inkRnd);

  // ---- the scanner -------------------------------------------------------------------------------------
  const pxPerMm = blank.dpi / 25.4;
  const { forward, width, height } = scanGeometry(page.width, page.height, pxPerMm, d);
  let scan = warpAffine(page, forward, width, height, d.backing, d.paper / 255);
  scan = binomialBlur(scan, blurOrder(d.blurPx));
  if (d.photocopy) {
    const count = Math.round(d.photocopy.specks * (width / pxPerMm / 10) * (height / pxPerMm / 10));
    for (let i = 0; i < count; i++) {
      darkenDisc(scan, scanRnd() * width, scanRnd() * height, between(scanRnd, 0.5, 1.6), Math.round(between(scanRnd, 20, 150)));
    }
  }
  toneAndNoise(scan, d.photocopy?.gamma ?? 1, d.noise, scanRnd);

  return {
    raster: scan,
    truth: {
      seed,
      dpi: blank.dpi,
      admission: plan.admission,
      absent: plan.absent,
      groups: plan.groups,
      distortion: d,
      rotation: d.rotate180 ? 180 : 0,
      transform: compose(forward, [k, 0, 0, 0, k, 0]),
    },
  };
}
