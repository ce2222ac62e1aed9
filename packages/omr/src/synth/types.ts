// The synthetic-sheet generator's vocabulary: what a student (or proctor) did to each bubble group, what the
// engine must make of it, and the scanner's distortions. See docs/DECISIONS.md「合成答题卡」for the rules.
import type { Raster } from '../types.js';

/** How one bubble was marked. */
export type MarkKind =
  | 'pencil' // 2B pencil fill, textured, covers the bubble (clear)
  | 'pen' // black pen fill (clear)
  | 'partial' // pencil over part of the bubble (meant as a mark)
  | 'faint' // whole bubble, light pressure (meant as a mark)
  | 'tick' // a ✓ or a stroke instead of a fill (meant as a mark)
  | 'erasure' // filled, then rubbed out: grey residue (meant as no mark)
  | 'stray'; // a pencil line or dot crossing the bubble by accident (meant as no mark)

/** Kinds that mean "marked" (the student's intention). */
export const MEANT_MARKED: Record<MarkKind, boolean> = {
  pencil: true, pen: true, partial: true, faint: true, tick: true, erasure: false, stray: false,
};

/** The only kinds an engine must read exactly without help. */
export const CLEAR_KINDS: ReadonlySet<MarkKind> = new Set<MarkKind>(['pencil', 'pen']);

/**
 * What the engine must do with a group:
 * - 'clear': read exactly the intended values (a doubt on it is allowed but counted as a false alarm);
 * - 'ambiguous': read the intended values, or flag the group doubtful;
 * - 'flag': flag it doubtful whatever it reads (two clear marks in a single-choice question or a 考号 column).
 */
export type Expectation = 'clear' | 'ambiguous' | 'flag';

/** The scenario drawn for a group (one per group; 'double' = two clear marks where one is allowed). */
export type Scenario =
  | 'blank' | 'clear' | 'partial' | 'faint' | 'tick' | 'erasure' | 'erasure-then-clear' | 'stray' | 'double';

export interface GroupTruth {
  id: string;
  role: 'question' | 'admission';
  kind: 'single' | 'multiple';
  scenario: Scenario;
  /** Bubble values with what was done to each (template order). */
  marks: { value: string; kind: MarkKind }[];
  /** Values meant as marked, template order. */
  intended: string[];
  expect: Expectation;
}

export interface AbsentTruth {
  marked: boolean;
  kind?: MarkKind;
  expect: Expectation;
}

/** The scanner's treatment of the printed, filled page. */
export interface Distortion {
  /** Turned upside down in the feeder. */
  rotate180: boolean;
  /** Skew in degrees (positive = clockwise on the image). */
  skewDeg: number;
  /** Scale of printer and scanner together (1 = exact). */
  scale: number;
  /** Shift of the page on the scan in mm (paper position in the feeder). */
  shiftMm: [number, number];
  /** Extra margin of the scan around the paper in mm (the scanner's bed shows beyond the paper). */
  marginMm: number;
  /** Tone of the scanner backing beyond the paper (0–255). */
  backing: number;
  /** Paper tone after scanning (255 = white; a grey scanner gives 215–240). */
  paper: number;
  /** Photocopy: tone curve exponent (> 1 darkens the greys) and toner specks per square cm. */
  photocopy: { gamma: number; specks: number } | null;
  /** Blur sigma in output pixels: 0 (none), 0.71, 1 or 1.22 (binomial kernels of order 2, 4, 6). */
  blurPx: number;
  /** Gaussian noise sigma in grey levels. */
  noise: number;
  /** JPEG quality (the non-pure encoder applies it). */
  jpegQuality: number;
}

export interface SheetTruth {
  seed: number;
  /** Resolution of the printed blank the marks were drawn on. */
  dpi: number;
  /** 考号 as filled (the digits the student meant). */
  admission: string;
  absent: AbsentTruth;
  groups: GroupTruth[];
  distortion: Distortion;
  /** Expected SheetResult.rotation. */
  rotation: 0 | 180;
  /** Exact map template units → output raster pixels (same form as SheetResult.transform). */
  transform: number[];
}

export interface SyntheticSheet {
  raster: Raster;
  truth: SheetTruth;
}

/** A blank printed page and how its pixels relate to the template: pixel = unit × pxPerUnit. */
export interface BlankPage {
  raster: Raster;
  pxPerUnit: number;
  dpi: number;
}
