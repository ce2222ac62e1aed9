/**
 * Online marking rules (docs/DOMAIN-RULES.md §4.1): checking a marker's score against full score and step, and
 * deciding a paper's final score from its marks under rating modes 1–5. Pure: no I/O. All arithmetic runs in
 * hundredths (integers), so 0.5-steps and their means never pick up binary-fraction noise.
 */

/** One scored item of a block: a scoring point, or a question without points. */
export interface ItemRule { fullScore: number; step: number }
export type RatingModeValue = 1 | 2 | 3 | 4 | 5;
export interface BlockRule { mode: RatingModeValue; tolerance: number; items: ItemRule[] }

/** One submitted mark: round 1, 2 (double marking), 3 (third marker) or 4 (the 题组长's arbitration). */
export interface Mark { round: 1 | 2 | 3 | 4; scores: number[] }

export type Decision =
  | { state: 'final'; scores: number[]; total: number; via: 'single' | 'mean' | 'third' | 'arbitration' }
  | { state: 'waitingSecond' }
  | { state: 'third' }
  | { state: 'arbitration' };

const h = (v: number) => Math.round(v * 100);
const fromH = (v: number) => v / 100;

/**
 * How far a sent score may lie from its two-decimal value and still count as that value: the binary noise of
 * decimal arithmetic (0.1 + 0.2 = 0.30000000000000004, 16 orders below the value) and no more. 5.000000001 or
 * 1e-10 are other numbers than 5 and 0: refused, never kept as sent.
 */
const GRID_NOISE = 1e-12;

/** The value in hundredths when v is a two-decimal number up to binary noise, else null. */
function hundredthsOf(v: number): number | null {
  const k = Math.round(v * 100);
  return Math.abs(v - k / 100) <= GRID_NOISE * Math.max(1, Math.abs(v)) ? k : null;
}

/** Why a score of one item is not allowed, or null: a finite number in [0, full], a whole multiple of the step. */
export function scoreProblem(item: ItemRule, v: number): string | null {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '不是数字';
  const k = hundredthsOf(v);
  if (v < 0 && k !== 0) return '分数不能为负';
  if (k === null) return '最多两位小数';
  if (k > h(item.fullScore)) return `超过满分 ${item.fullScore}`;
  const s = h(item.step);
  if (s <= 0 || k % s !== 0) return `不是给分步长 ${item.step} 的整数倍`;
  return null;
}

/** The problems of a whole score vector (one per item, block order); empty when it is valid. */
export function scoresProblems(items: ItemRule[], scores: unknown): string[] {
  if (!Array.isArray(scores) || scores.length !== items.length) return [`需要 ${items.length} 个分数`];
  const out: string[] = [];
  scores.forEach((v, i) => { const p = scoreProblem(items[i]!, v as number); if (p) out.push(`第 ${i + 1} 个给分点：${p}`); });
  return out;
}

/**
 * Valid scores (scoresProblems empty) as the grid values they stand for: 0.30000000000000004 → 0.3, −0 → 0. What
 * is stored and shown is always this value, never the number as sent.
 */
export function onGrid(scores: number[]): number[] {
  return scores.map((v) => (hundredthsOf(v) ?? h(v)) / 100 || 0);
}

/** Sum of scores, exact to hundredths. */
export function totalOf(scores: number[]): number {
  return fromH(scores.reduce((s, v) => s + h(v), 0));
}

/**
 * v rounded to the step, half up (a mean exactly between two steps goes to the higher one: 7.5 with step 1 → 8,
 * 3.25 with step 0.5 → 3.5), never above the full score.
 */
export function roundToStep(v: number, item: ItemRule): number {
  const s = h(item.step);
  const k = Math.floor((2 * h(v) + s) / (2 * s));
  return fromH(Math.min(k * s, h(item.fullScore)));
}

/** Item by item mean of two marks, each rounded half up to its item's step; the total is their sum. */
export function meanScores(items: ItemRule[], a: number[], b: number[]): number[] {
  return items.map((it, i) => roundToStep(fromH((h(a[i]!) + h(b[i]!)) / 2), it));
}

const within = (rule: BlockRule, a: number[], b: number[]) => Math.abs(h(totalOf(a)) - h(totalOf(b))) <= h(rule.tolerance);

function final(scores: number[], via: 'single' | 'mean' | 'third' | 'arbitration'): Decision {
  return { state: 'final', scores, total: totalOf(scores), via };
}

/**
 * The score of round 3 is paired with the closer of rounds 1 and 2 (by totals); on a tie with round 1, the
 * first mark (the earlier marker).
 */
export function closerPair(a: number[], b: number[], c: number[]): [number[], number[]] {
  const da = Math.abs(h(totalOf(c)) - h(totalOf(a)));
  const db = Math.abs(h(totalOf(c)) - h(totalOf(b)));
  return db < da ? [b, c] : [a, c];
}

/**
 * What a paper needs next, or its final score, from the marks submitted so far (latest per round).
 * - mode 1: round 1 is final.
 * - modes 2–5: rounds 1 and 2 within tolerance (|A − B| ≤ tolerance on totals) → their mean (meanScores).
 *   Beyond tolerance: mode 2 the mean anyway; mode 4 arbitration; modes 3 and 5 a third mark c, paired with
 *   the closer of a and b (closerPair); within tolerance → that pair's mean; beyond it, mode 5 arbitration and
 *   mode 3 the pair's mean anyway.
 * - an arbitration mark (round 4) is final whatever else is there.
 */
export function decide(rule: BlockRule, marks: Mark[]): Decision {
  const of = (r: Mark['round']) => marks.filter((m) => m.round === r).at(-1)?.scores;
  const arb = of(4);
  if (arb) return final(arb, 'arbitration');
  const a = of(1);
  if (!a) return { state: 'waitingSecond' };
  if (rule.mode === 1) return final(a, 'single');
  const b = of(2);
  if (!b) return { state: 'waitingSecond' };
  if (within(rule, a, b) || rule.mode === 2) return final(meanScores(rule.items, a, b), 'mean');
  if (rule.mode === 4) return { state: 'arbitration' };
  const c = of(3);
  if (!c) return { state: 'third' };
  const [x, y] = closerPair(a, b, c);
  if (within(rule, x, y) || rule.mode === 3) return final(meanScores(rule.items, x, y), 'third');
  return { state: 'arbitration' };
}

/** How many first/second marks a paper takes before any third mark: 1 in mode 1, else 2. */
export function marksPerPaper(mode: RatingModeValue): 1 | 2 {
  return mode === 1 ? 1 : 2;
}

/** Default tolerance: 10 % of the block's full score, rounded half up to the step of its first item. */
export function defaultTolerance(items: ItemRule[]): number {
  const full = totalOf(items.map((i) => i.fullScore));
  return items.length ? roundToStep(full / 10, { fullScore: full, step: items[0]!.step }) : 0;
}
