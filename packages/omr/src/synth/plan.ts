// What a student does on one sheet, drawn from a seeded random source: the 考号, the 缺考 mark and, per bubble
// group, a scenario (clear fill, faint, partial, tick, erasure, stray mark, two marks …) turned into one mark
// kind per bubble, the values meant as marked and what the engine must make of the group.
import type { BubbleGroup, SheetTemplate } from '../types.js';
import { CLEAR_KINDS, MEANT_MARKED, type AbsentTruth, type Expectation, type GroupTruth, type MarkKind, type Scenario } from './types.js';

type Rnd = () => number;

/** Chances of each scenario (they need not sum to 1; they are normalised). */
export type ScenarioRates = Partial<Record<Scenario, number>>;

export interface PlanRates {
  questions: ScenarioRates;
  admission: ScenarioRates;
  /** Chance the proctor filled 缺考; of those, chance the mark is faint; chance of an erased 缺考 mark. */
  absent: { marked: number; faint: number; erased: number };
  /** Chance the whole sheet is filled in black pen rather than 2B pencil. */
  pen: number;
}

/** Default mix: mostly clear sheets with the hard cases students produce, a few per sheet. */
export const DEFAULT_RATES: PlanRates = {
  questions: { blank: 0.05, clear: 0.68, partial: 0.04, faint: 0.04, tick: 0.03, erasure: 0.02, 'erasure-then-clear': 0.06, stray: 0.04, double: 0.04 },
  admission: { clear: 0.93, partial: 0.01, faint: 0.01, 'erasure-then-clear': 0.02, stray: 0.01, double: 0.01, blank: 0.01 },
  absent: { marked: 0.05, faint: 0.2, erased: 0.01 },
  pen: 0.12,
};

function pick<T extends string>(rnd: Rnd, rates: Partial<Record<T, number>>): T {
  const entries = Object.entries(rates) as [T, number][];
  const total = entries.reduce((a, [, p]) => a + p, 0);
  let x = rnd() * total;
  for (const [k, p] of entries) if ((x -= p) < 0) return k;
  return entries[entries.length - 1][0];
}

const choose = <T>(rnd: Rnd, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];

/** Indices 0..n−1 shuffled (Fisher–Yates). */
function shuffled(rnd: Rnd, n: number): number[] {
  const xs = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

/** The engine's duty for a group given its marks: exact for clear marks only, a flag for two marks where one is allowed. */
export function expectationOf(kind: 'single' | 'multiple', marks: { kind: MarkKind }[], role: 'question' | 'admission'): Expectation {
  const meant = marks.filter((m) => MEANT_MARKED[m.kind]).length;
  if (kind === 'single' && meant > 1) return 'flag';
  if (role === 'admission' && meant === 0) return 'flag'; // a 考号 column without a digit
  return marks.every((m) => CLEAR_KINDS.has(m.kind)) ? 'clear' : 'ambiguous';
}

/**
 * One group's scenario → marks. `clearKind` is the sheet's instrument (pencil or pen). The chosen values come from
 * `answer` (indices into the group's bubbles) so a 考号 column marks its digit.
 */
function planGroup(rnd: Rnd, group: BubbleGroup, role: 'question' | 'admission', scenario: Scenario, clearKind: MarkKind, answer?: number): GroupTruth {
  const n = group.bubbles.length;
  const order = shuffled(rnd, n);
  if (answer !== undefined) {
    order.splice(order.indexOf(answer), 1);
    order.unshift(answer);
  }
  // how many values the student means: one on a single-choice group, 1–4 on a multiple-choice one
  const count = group.kind === 'multiple' ? 1 + Math.floor(rnd() * Math.min(4, n - 1)) : 1;
  const kinds = new Map<number, MarkKind>();
  const chosen = order.slice(0, count);
  const others = order.slice(count);
  const fillChosen = () => chosen.forEach((i) => kinds.set(i, clearKind));
  switch (scenario) {
    case 'blank': break;
    case 'clear': fillChosen(); break;
    case 'partial': case 'faint': case 'tick':
      fillChosen(); kinds.set(choose(rnd, chosen), scenario); break;
    case 'erasure':
      // changed the mind: the erased bubble is not meant; on a multiple-choice group the rest stays
      if (group.kind === 'multiple' && chosen.length > 1) { fillChosen(); kinds.set(chosen[0], 'erasure'); } else kinds.set(chosen[0], 'erasure');
      break;
    case 'erasure-then-clear':
      fillChosen(); if (others.length) kinds.set(others[0], 'erasure'); break;
    case 'stray':
      fillChosen(); if (others.length) kinds.set(others[0], 'stray'); break;
    case 'double':
      fillChosen(); if (others.length) kinds.set(others[0], clearKind); break;
  }
  const marks = group.bubbles.flatMap((b, i) => (kinds.has(i) ? [{ value: b.value, kind: kinds.get(i)! }] : []));
  const intended = group.bubbles.filter((_, i) => kinds.has(i) && MEANT_MARKED[kinds.get(i)!]).map((b) => b.value);
  return { id: group.id, role, kind: group.kind, scenario, marks, intended, expect: expectationOf(group.kind, marks, role) };
}

export interface SheetPlan {
  admission: string;
  absent: AbsentTruth;
  groups: GroupTruth[];
}

/** Plans every group of the template. Multiple-choice scenarios 'double' are drawn as 'clear' (two marks are allowed there). */
export function planSheet(template: SheetTemplate, rnd: Rnd, rates: PlanRates = DEFAULT_RATES): SheetPlan {
  const clearKind: MarkKind = rnd() < rates.pen ? 'pen' : 'pencil';
  const digits = template.admission?.digits ?? [];
  const picks = digits.map((g) => Math.floor(rnd() * g.bubbles.length));
  const admission = digits.map((g, i) => g.bubbles[picks[i]].value).join('');
  const groups: GroupTruth[] = digits.map((g, i) =>
    planGroup(rnd, { ...g, kind: 'single' }, 'admission', pick(rnd, rates.admission), clearKind, picks[i]));
  for (const q of template.questions) {
    let scenario = pick(rnd, rates.questions);
    if (scenario === 'double' && q.kind === 'multiple') scenario = 'clear';
    groups.push(planGroup(rnd, q, 'question', scenario, clearKind));
  }
  let absent: AbsentTruth = { marked: false, expect: 'clear' };
  if (template.absent) {
    const x = rnd();
    if (x < rates.absent.marked) {
      const faint = rnd() < rates.absent.faint;
      absent = { marked: true, kind: faint ? 'faint' : 'pencil', expect: faint ? 'ambiguous' : 'clear' };
    } else if (x < rates.absent.marked + rates.absent.erased) {
      absent = { marked: false, kind: 'erasure', expect: 'ambiguous' };
    }
  }
  return { admission, absent, groups };
}

/** A given filling (demo data, a chosen case): answers per group id, each value with its mark kind (default `kind`). */
export interface FillInput {
  /** 考号 digits, one per column; missing columns stay blank. */
  admission?: string;
  /** 缺考: true (a pencil fill) or the kind of mark. */
  absent?: boolean | MarkKind;
  answers: Record<string, (string | { value: string; kind: MarkKind })[]>;
  /** Kind of every value given as a plain string (default 'pencil'). */
  kind?: MarkKind;
}

/** The plan for a given filling, with each group's expectation; scenarios are named by what was drawn. */
export function planFromFill(template: SheetTemplate, fill: FillInput): SheetPlan {
  const kindOf = (x: string | { value: string; kind: MarkKind }) => (typeof x === 'string' ? { value: x, kind: fill.kind ?? 'pencil' } : x);
  const groupTruth = (g: BubbleGroup, role: 'question' | 'admission', given: { value: string; kind: MarkKind }[]): GroupTruth => {
    const byValue = new Map(given.map((m) => [m.value, m.kind]));
    for (const v of byValue.keys()) if (!g.bubbles.some((b) => b.value === v)) throw new Error(`group ${g.id} has no bubble ${v}`);
    const marks = g.bubbles.flatMap((b) => (byValue.has(b.value) ? [{ value: b.value, kind: byValue.get(b.value)! }] : []));
    const intended = marks.filter((m) => MEANT_MARKED[m.kind]).map((m) => m.value);
    const kind = role === 'admission' ? 'single' : g.kind;
    const odd = marks.find((m) => !CLEAR_KINDS.has(m.kind))?.kind;
    const scenario: Scenario = !marks.length ? 'blank' : kind === 'single' && intended.length > 1 ? 'double' : odd === 'erasure' ? (intended.length ? 'erasure-then-clear' : 'erasure') : ((odd as Scenario | undefined) ?? 'clear');
    return { id: g.id, role, kind, scenario, marks, intended, expect: expectationOf(kind, marks, role) };
  };
  const digits = template.admission?.digits ?? [];
  const admission = fill.admission ?? '';
  const groups = digits.map((g, i) => groupTruth(g, 'admission', admission[i] ? [{ value: admission[i], kind: fill.kind ?? 'pencil' }] : []));
  for (const q of template.questions) groups.push(groupTruth(q, 'question', (fill.answers[q.id] ?? []).map(kindOf)));
  const a = fill.absent;
  const absentKind: MarkKind | undefined = a === true ? 'pencil' : a || undefined;
  const absent: AbsentTruth = absentKind
    ? { marked: MEANT_MARKED[absentKind], kind: absentKind, expect: CLEAR_KINDS.has(absentKind) ? 'clear' : 'ambiguous' }
    : { marked: false, expect: 'clear' };
  return { admission, absent, groups };
}
