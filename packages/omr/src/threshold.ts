// The mark threshold is learnt from each sheet: the darkness values of all its bubbles form two clusters
// (empty bubbles with their printed letter, and marks). Otsu's split between them, kept within sane bounds,
// is the threshold; when the sheet has no second cluster (nothing marked, or everything the same) a batch
// hint or a default is used. Doubt rules turn every borderline value into a question for a person.
import type { BubbleGroup, DoubtReason, GroupReading } from './types.js';

export interface Threshold {
  t: number;
  /** Typical darkness of an empty bubble and of a mark on this sheet (cluster medians). */
  empty: number;
  mark: number;
  /** Robust spread (σ) of the empty bubbles' darkness. */
  emptySpread: number;
  /**
   * Spread of the empty bubbles measured without their upper tail (median deviation and lower tail): faint
   * marks hide in that tail and would widen the clear-empty band around themselves.
   */
  emptyNoise: number;
  /** Half-width of the near-threshold band. */
  margin: number;
  /** False when the sheet showed no separate cluster of marks (threshold from the hint/default). */
  learnt: boolean;
  /** The clear-empty band's least width above the empty cluster (EMPTY_BAND.min unless the card needs more). */
  emptyBand?: number;
}

export const THRESHOLD_BOUNDS = [0.2, 0.65] as const;
const DEFAULT_THRESHOLD = 0.42;
/** Clusters closer than this are not two kinds of bubble. */
const MIN_SEPARATION = 0.2;

const median = (v: number[]) => {
  if (!v.length) return NaN;
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Otsu's threshold over values in [0, 1] (100 bins). */
export function otsu(values: number[]): number {
  const bins = 100;
  const hist = new Float64Array(bins);
  for (const v of values) hist[Math.min(bins - 1, Math.max(0, Math.floor(v * bins)))]++;
  const total = values.length;
  let sumAll = 0;
  for (let i = 0; i < bins; i++) sumAll += i * hist[i];
  let wB = 0; let sumB = 0; let best = -1; let bestI = bins / 2;
  for (let i = 0; i < bins - 1; i++) {
    wB += hist[i];
    if (!wB) continue;
    const wF = total - wB;
    if (!wF) break;
    sumB += i * hist[i];
    const mB = sumB / wB;
    const mF = (sumAll - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) { best = between; bestI = i; }
  }
  return (bestI + 1) / bins;
}

/**
 * Robust spread (σ for a normal cluster): 1.4826 × median absolute deviation, or the upper tail's reach
 * ((95th percentile − median) / 1.645) when that is wider — empty bubbles can form two close groups (letters
 * caught differently by the pixel grid), which fools the median deviation.
 */
const spread = (v: number[], m: number) => {
  const s = [...v].sort((a, b) => a - b);
  const q95 = s[Math.min(s.length - 1, Math.floor(0.95 * s.length))];
  return Math.max(1.4826 * median(v.map((x) => Math.abs(x - m))), (q95 - m) / 1.645);
};

/** Spread from the median deviation and the lower tail ((median − 5th percentile) / 1.645), at least 0.015. */
const lowerSpread = (v: number[], m: number) => {
  const s = [...v].sort((a, b) => a - b);
  const q05 = s[Math.floor(0.05 * (s.length - 1))];
  return Math.max(0.015, 1.4826 * median(v.map((x) => Math.abs(x - m))), (m - q05) / 1.645);
};

/**
 * `emptyBand`: the clear-empty band's least width for this card (default EMPTY_BAND.min). Cards made elsewhere
 * print a letter inside each bubble whose empty level is only learnt per value from the sheet (printed-labels.ts),
 * not per letter as on our cards, so their empty bubbles spread more (THIRD_PARTY_EMPTY_BAND).
 */
export function learnThreshold(values: number[], hint?: number, emptyBand?: number): Threshold {
  const band = emptyBand === undefined ? {} : { emptyBand };
  const [lo, hi] = THRESHOLD_BOUNDS;
  const clamp = (v: number) => Math.min(hi, Math.max(lo, v));
  const fallback = clamp(hint ?? DEFAULT_THRESHOLD);
  if (values.length >= 2) {
    // Otsu finds the valley. The threshold then moves to the point as many spreads from the empty cluster as
    // from the marks (empty bubbles are printed and alike; marks vary with pencil and care, so the point
    // sits nearer the empty cluster), repeated a few rounds…
    let t = clamp(otsu(values));
    for (let round = 0; round < 5; round++) {
      const below = values.filter((v) => v < t);
      const above = values.filter((v) => v >= t);
      if (!below.length || !above.length) break;
      const empty = median(below);
      const mark = median(above);
      if (mark - empty < MIN_SEPARATION) break;
      const se = Math.max(0.015, spread(below, empty));
      const sm = Math.max(0.03, spread(above, mark));
      // …but never within 5 spreads of the empty bubbles, and never past the midpoint of the two clusters.
      const weighted = empty + ((mark - empty) * se) / (se + sm);
      const mid = (empty + mark) / 2;
      // The upper bound yields where the empty cluster itself reaches it (tiny bubbles whose bold printed letter
      // fills half the inner area read 0.45–0.6 empty against marks at 0.9+): a threshold pinned at the bound
      // would sit inside the empty bubbles' noise and ask about dozens of clear answers.
      const cap = Math.max(hi, Math.min(mid, empty + 5 * se));
      // A card whose clear-empty band is wider than the usual (emptyBand, cards made elsewhere) keeps the threshold
      // above that band by the near-threshold margin: a wide mark cluster otherwise pulls it down into the band,
      // where an empty bubble an underline touches is both clearly empty and near the threshold.
      const floor = emptyBand === undefined ? 0 : empty + Math.max(EMPTY_BAND.spreads * se, emptyBand) + marginOf(se);
      const next = Math.min(cap, Math.max(lo, Math.min(mid, Math.max(weighted, empty + 5 * se, floor))));
      if (Math.abs(next - t) < 1e-3 || round === 4) {
        // the near-threshold band is what paper noise could move across the threshold
        return { t: next, empty, mark, emptySpread: se, emptyNoise: lowerSpread(below, empty), margin: marginOf(se), learnt: true, ...band };
      }
      t = next;
    }
  }
  const empty = median(values.filter((v) => v < fallback));
  const e = Number.isFinite(empty) ? empty : 0.1;
  return { t: fallback, empty: e, mark: Math.max(fallback + 0.3, 0.8), emptySpread: 0.03, emptyNoise: 0.03, margin: 0.05, learnt: false, ...band };
}

/** The near-threshold band's half-width for a sheet whose empty bubbles spread `se`. */
const marginOf = (se: number) => Math.max(0.03, 1.5 * se);

/** EMPTY_BAND: how far above the sheet's empty cluster an unmarked bubble may lie and still be clearly empty. */
const EMPTY_BAND = { spreads: 3, min: 0.05 };
/**
 * The band's least width on cards made elsewhere (templates in pixels of a blank scan). On OpenMCR's 1-bit
 * dithered scans read through a template drawn in the editor, empty bubbles lay up to 0.06 above their sheet's
 * empty level: at 0.05, 28 clear answers of 416 (17 sheets) were asked about; at 0.08, 7, and no answer of any
 * real sample set was read wrong without a doubt (the light and partial marks stay near the threshold, where the
 * near-threshold band asks about them).
 */
export const THIRD_PARTY_EMPTY_BAND = 0.08;
/**
 * SIBLING_GAP: an unmarked bubble this much darker than its group's typical bubble is a trace to look at — 0.1,
 * or less on a quiet sheet: 3 noise spreads, never under 0.09 (on a clean drawn sheet decoded at 100 dpi an empty
 * letter stood 0.083 above its siblings; at 0.06 OpenMCR's real scans drew two false doubts more). Ticks at 0.096
 * above their siblings on sheets with noise 0.021–0.027 went unflagged with a fixed 0.1 (seeds 286, 356).
 */
const SIBLING_GAP = { max: 0.1, min: 0.09, spreads: 3 };
/** …and also this many empty spreads above the sheet's empty cluster (printed letters differ by less). */
const SIBLING_SPREADS = 2.5;
/**
 * A lone bubble (缺考) is clearly empty only within this many noise spreads of the empty cluster: faint 缺考 marks
 * 2.8 and 2.9 spreads above it went silent at 3 (seeds 6921, 7228); at 2.5 no clear sheet of 8,300 drew a doubt.
 */
const LONE_SPREADS = 2.5;

/** Above this an unmarked bubble is not clearly empty: a faint stroke, a tick, an erasure, a stray trace. */
export function clearEmptyCeiling(th: Threshold): number {
  return th.empty + Math.max(EMPTY_BAND.spreads * th.emptySpread, th.emptyBand ?? EMPTY_BAND.min);
}

/**
 * A bubble that stands alone (缺考): no siblings to show a light trace, and a silent miss marks a student
 * present, so its clear-empty band is measured with the empty bubbles' noise without their upper tail.
 */
export function judgeLone(d: number, th: Threshold): { marked: boolean; doubt?: DoubtReason } {
  const j = judge(d, th);
  if (!j.marked && !j.doubt && d > th.empty + Math.max(LONE_SPREADS * th.emptyNoise, EMPTY_BAND.min)) return { marked: false, doubt: 'faint' };
  return j;
}

/** One bubble: marked or not, and why a person should look at it. */
export function judge(d: number, th: Threshold): { marked: boolean; doubt?: DoubtReason } {
  const marked = d >= th.t;
  if (Math.abs(d - th.t) < th.margin) return { marked, doubt: 'near-threshold' };
  // A mark in the lowest quarter between the threshold and the sheet's typical mark, or an unmarked bubble
  // clearly above the empty ones (3.5 spreads, and half-way to the threshold): a faint stroke, an erasure,
  // a stray trace.
  if (marked && d < th.t + 0.25 * (th.mark - th.t)) return { marked, doubt: 'faint' };
  if (!marked && d > clearEmptyCeiling(th)) return { marked, doubt: 'faint' };
  return { marked };
}

/** A printed letter's own empty level on the sheet: the median of its unmarked bubbles and their noise. */
export interface LetterLevel {
  level: number; noise: number;
  /** The same for the bubbles' peak (their darkest half, bubbles.ts ink), when measured. */
  peak?: { level: number; noise: number };
}
/** A letter needs this many unmarked bubbles on the sheet to have a level of its own. */
const LETTER_MIN_SAMPLES = 4;
/**
 * LETTER_GAP: an unmarked bubble this far above its own letter's empty level is a trace to look at. The letters
 * printed inside the bubbles carry different ink ('B' reads 0.04–0.05 darker than 'C' when empty), so a light
 * partial fill of a 'C' hides among the sheet's 'B's while it stands clear of the other 'C's. At least 0.07:
 * at 100 dpi the pixel grid alone moved an empty 'C' of a clean drawn card 0.05 above the other 'C's.
 */
const LETTER_GAP = { spreads: 3.5, min: 0.07 };
/** PEAK_GAP: the same for the darkest half of the bubble, where a fill on one side shows twice as strongly. */
const PEAK_GAP = { spreads: 3.5, min: 0.08 };
/**
 * A letter too rare on the sheet for a level of its own (√ ×, F G): measured against the sheet's empty level,
 * this many noise spreads above it (a tick in √ 3.1 spreads above, seed 3022).
 */
const RARE_SPREADS = 3;

const levelOf = (list: number[]) => {
  const level = median(list);
  return { level, noise: lowerSpread(list, level) };
};

/** The sheet's letter levels: each value's own, and the peak level of all empty bubbles together (rare values). */
export interface LetterLevels { values: Map<string, LetterLevel>; sheetPeak?: { level: number; noise: number } }

/**
 * Each printed value's empty level over the sheet's question groups, from its bubbles below the threshold;
 * `peaks` (bubble by bubble as `dark`) adds the level of their darkest half.
 */
export function letterLevels(groups: BubbleGroup[], dark: number[][], th: Threshold, peaks?: number[][]): LetterLevels {
  const byValue = new Map<string, { dark: number[]; peak: number[] }>();
  const allPeaks: number[] = [];
  groups.forEach((g, i) => g.bubbles.forEach((b, k) => {
    if (dark[i][k] >= th.t) return;
    const v = byValue.get(b.value) ?? { dark: [], peak: [] };
    v.dark.push(dark[i][k]);
    if (peaks) { v.peak.push(peaks[i][k]); allPeaks.push(peaks[i][k]); }
    byValue.set(b.value, v);
  }));
  const values = new Map<string, LetterLevel>();
  for (const [value, v] of byValue) {
    if (v.dark.length < LETTER_MIN_SAMPLES) continue;
    values.set(value, { ...levelOf(v.dark), ...(peaks ? { peak: levelOf(v.peak) } : {}) });
  }
  return allPeaks.length >= LETTER_MIN_SAMPLES ? { values, sheetPeak: levelOf(allPeaks) } : { values };
}

const abovePeak = (peak: number | undefined, l: { level: number; noise: number } | undefined) =>
  peak !== undefined && l !== undefined && peak > l.level + Math.max(PEAK_GAP.spreads * l.noise, PEAK_GAP.min);

/**
 * An unmarked bubble not clearly empty for its letter. A rare value (no level of its own) is held against the
 * sheet: its mean against the sheet's empty level, its peak against the peaks of all the sheet's empty bubbles
 * (a partial fill of a √ whose four siblings on the sheet are all marked: seed 6212).
 */
function aboveLetter(d: number, peak: number | undefined, value: string, levels: LetterLevels, th: Threshold): boolean {
  const l = levels.values.get(value);
  if (!l) return d > th.empty + Math.max(RARE_SPREADS * th.emptyNoise, EMPTY_BAND.min) || abovePeak(peak, levels.sheetPeak);
  return d > l.level + Math.max(LETTER_GAP.spreads * l.noise, LETTER_GAP.min) || abovePeak(peak, l.peak);
}

/** What readGroup compares each bubble with: the letter levels of the sheet, and the group's peaks. */
export interface LetterCheck { levels: LetterLevels; peak?: number[] }

/**
 * A group's reading. `column`: a 考号 digit column, which must carry exactly one mark.
 * The first doubt found is reported: several marks on a single group, no mark in a column, then any
 * borderline bubble.
 */
export function readGroup(group: BubbleGroup, dark: number[], th: Threshold, column = false, letters?: LetterCheck): GroupReading {
  const judged = dark.map((d) => judge(d, th));
  const marked = group.bubbles.filter((_, i) => judged[i].marked).map((b) => b.value);
  let doubt: DoubtReason | undefined;
  if (group.kind === 'single' && marked.length > 1) doubt = 'multiple-in-single';
  else if (column && marked.length === 0) doubt = 'none-in-column';
  else doubt = judged.find((j) => j.doubt)?.doubt;
  // One unmarked bubble noticeably darker than the group's other unmarked ones: a light mark (a tick, a faint
  // stroke) that the sheet-wide levels hide on a noisy sheet.
  if (!doubt) {
    const rest = dark.filter((_, i) => !judged[i].marked).sort((a, b) => a - b);
    const top = rest[rest.length - 1];
    const gap = Math.min(SIBLING_GAP.max, Math.max(SIBLING_GAP.min, SIBLING_GAP.spreads * th.emptyNoise));
    if (rest.length > 1 && top - rest[(rest.length - 1) >> 1] > gap && top > th.empty + SIBLING_SPREADS * th.emptyNoise) doubt = 'faint';
  }
  if (!doubt && letters) {
    // an unmarked bubble clearly darker than the other empty bubbles of its own printed letter
    if (group.bubbles.some((b, i) => !judged[i].marked && aboveLetter(dark[i], letters.peak?.[i], b.value, letters.levels, th))) doubt = 'faint';
  }
  const reading: GroupReading = { id: group.id, marked, darkness: dark.map((d) => Math.round(d * 1000) / 1000) };
  if (letters?.peak) reading.peak = letters.peak.map((d) => Math.round(d * 1000) / 1000);
  if (doubt) reading.doubt = doubt;
  return reading;
}
