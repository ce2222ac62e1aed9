/**
 * Score generator of the demo exams: pure and deterministic (mulberry32 seeded from DEMO_EXAM_SEED, never
 * Math.random), so the demo reports are the same on every first start.
 *
 * Model (per student, per exam e = 0 月考, 1 期中, 2 期末, per course s):
 *   θ(e, s) = general + class effect + tilt·w(s) + strength(s) + trend·e + form(e, s)
 * - general ~ N(0, 1): one latent ability shared by every course, so courses correlate positively;
 * - class effect: classes 1–2 stronger, 7–8 weaker (CLASS_EFFECT);
 * - tilt: 文/理 leaning, sizeable for about 45 % of the students (w > 0 for 数学/物理/化学/生物, < 0 for 语文/政治/历史);
 * - strength(s) ~ N(0, 0.35): a lasting personal strength or weakness in one course;
 * - trend ~ N(0, 0.2) per exam: students improve or decline a little from exam to exam (progress reports);
 * - form ~ N(0, 0.25): the day's form in one exam subject.
 * Items (per exam and course): difficulty b rising through the paper, discrimination a ∈ [0.6, 1.4].
 * - single/multiple choice: P(correct) = 1 / (1 + exp(−a(θ − b))); a wrong answer picks a plausible distractor
 *   (one favourite per item), now and then blank or two marks; multiple choice also partial selections (partial credit);
 * - fill-in: each of the item's blanks right with that probability (plus a per-answer wobble);
 * - subjective: binomial number of score steps with p = lo + (hi − lo)·logistic(a(θ − b) + wobble); essays
 *   (作文, 读后续写) crowd in the 50–90 % band.
 * Absences: one or two students miss a whole exam, and 0–3 more miss each exam subject (缺考).
 */
import type { QuestionInput } from '@jz/shared/api/exam';
import { round2, scoreChoice } from '../modules/score/scoring.js';
import { mulberry32 } from '@jz/shared/random';
import { DEMO_PAPERS, type PaperItem, type PaperLayout } from './demo-exam-papers.js';

export const DEMO_EXAM_SEED = 20261010;

type Rand = () => number;

/** Class 1..8 → shift of the latent ability (classes beyond 8: 0). */
export const CLASS_EFFECT: readonly number[] = [0.45, 0.3, 0.1, 0.05, 0, -0.1, -0.3, -0.45];
/** 文/理 weight of the tilt per course. */
const TILT_WEIGHT: Readonly<Record<string, number>> = { YW: -0.35, SX: 0.6, YY: 0, WL: 0.7, HX: 0.5, SW: 0.3, ZZ: -0.5, LS: -0.6, DL: -0.15 };
/** Course-level difficulty shift (数学/物理 are the hard papers) and exam-level shift (期中 a little harder). */
const COURSE_SHIFT: Readonly<Record<string, number>> = { SX: 0.25, WL: 0.3, HX: 0.15, SW: 0.05 };
const EXAM_SHIFT = [-0.1, 0.1, 0.05];

/** 32-bit FNV-1a of the parts, mixed with the seed: independent streams per exam, course and purpose. */
export function seedOf(seed: number, ...parts: (string | number)[]): number {
  let h = 0x811c9dc5 ^ (seed >>> 0);
  for (const ch of parts.join('|')) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Standard normal (Box–Muller). */
function normal(rand: Rand): number {
  const u = Math.max(rand(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

const logistic = (x: number) => 1 / (1 + Math.exp(-x));

function binomial(rand: Rand, n: number, p: number): number {
  let k = 0;
  for (let i = 0; i < n; i++) if (rand() < p) k++;
  return k;
}

// ---------------------------------------------------------------- students

export interface PlanStudent { studentId: number; classNo: number }

export interface StudentTraits {
  general: number;
  tilt: number;
  trend: number;
  strength: Record<string, number>;
}

/** Lasting traits of every student (same in all three exams), drawn in student-id order. */
export function studentTraits(students: readonly PlanStudent[], seed = DEMO_EXAM_SEED): Map<number, StudentTraits> {
  const rand = mulberry32(seedOf(seed, 'students'));
  const out = new Map<number, StudentTraits>();
  for (const s of [...students].sort((a, b) => a.studentId - b.studentId)) {
    const general = normal(rand);
    const tilt = normal(rand) * (rand() < 0.45 ? 0.9 : 0.2);
    const trend = normal(rand) * 0.2;
    const strength: Record<string, number> = {};
    for (const p of DEMO_PAPERS) strength[p.code] = normal(rand) * 0.35;
    out.set(s.studentId, { general, tilt, trend, strength });
  }
  return out;
}

/** θ of a student in one exam and course, before the day's form. */
export function abilityOf(t: StudentTraits, classNo: number, examIndex: number, courseCode: string): number {
  return t.general + (CLASS_EFFECT[classNo - 1] ?? 0) + t.tilt * (TILT_WEIGHT[courseCode] ?? 0)
    + (t.strength[courseCode] ?? 0) + t.trend * examIndex;
}

// ---------------------------------------------------------------- questions

interface ItemParams { course: string; item: PaperItem; a: number; b: number; key: string | null; distractor: string | null }

/** Courses whose subjective answers are written text: almost everyone earns some points. */
const WRITTEN = new Set(['YW', 'YY', 'ZZ', 'LS', 'DL']);

const LETTERS = ['A', 'B', 'C', 'D'];

function parentOf(no: string): string | null {
  return /^(\d+)\(/.exec(no)?.[1] ?? null;
}

/** Item parameters, keys and knowledge points of one course's paper in one exam. */
function itemParams(paper: PaperLayout, examIndex: number, seed: number): { params: ItemParams[]; questions: QuestionInput[] } {
  const rand = mulberry32(seedOf(seed, 'paper', examIndex, paper.code));
  const n = paper.items.length;
  const shift = (COURSE_SHIFT[paper.code] ?? 0) + (EXAM_SHIFT[examIndex] ?? 0);
  const topics = paper.topics[examIndex] ?? [];
  const params: ItemParams[] = [];
  const questions: QuestionInput[] = [];
  paper.items.forEach((item, i) => {
    const x = n > 1 ? i / (n - 1) : 0;
    const objective = item.type === 'single' || item.type === 'multiple';
    let b = -1.9 + 2.3 * x + normal(rand) * 0.4 + shift - (objective ? 0.2 : 0);
    if (item.essay) b = -0.3 + normal(rand) * 0.2;
    const a = item.essay ? 0.8 : 0.6 + rand() * 0.8;
    let key: string | null = null;
    let distractor: string | null = null;
    if (item.type === 'single') {
      key = LETTERS[Math.floor(rand() * 4)]!;
      const others = LETTERS.filter((l) => l !== key);
      distractor = others[Math.floor(rand() * others.length)]!;
    } else if (item.type === 'multiple') {
      const size = rand() < 0.5 ? 2 : 3;
      const pool = [...LETTERS];
      const chosen: string[] = [];
      while (chosen.length < size) chosen.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]!);
      key = chosen.sort().join('');
    }
    let kp = item.kp ?? [];
    if (!item.kp && topics.length) {
      const first = topics[Math.floor(rand() * topics.length)]!;
      kp = [first];
      if (item.type === 'subjective' && item.full >= 8 && rand() < 0.5) {
        const second = topics[Math.floor(rand() * topics.length)]!;
        if (second !== first) kp.push(second);
      }
    }
    params.push({ course: paper.code, item, a, b, key, distractor });
    questions.push({
      no: item.no,
      parentNo: parentOf(item.no),
      type: item.type,
      fullScore: item.full,
      step: item.step ?? 1,
      answer: key,
      partialScore: item.partial ?? null,
      groupName: item.group,
      knowledgePoints: kp,
    });
  });
  return { params, questions };
}

/** One answer: points and the option letters (objective items; null = blank or not an option question). */
function answer(rand: Rand, p: ItemParams, theta: number): { score: number; choice: string | null } {
  const { item, a, b, key } = p;
  const step = item.step ?? 1;
  if (item.type === 'single') {
    if (rand() < logistic(a * (theta - b))) return { score: item.full, choice: key };
    const r = rand();
    if (r < 0.012) return { score: 0, choice: null };
    if (r < 0.02) return { score: 0, choice: [key!, p.distractor!].sort().join('') };
    const others = LETTERS.filter((l) => l !== key && l !== p.distractor);
    const wrong = r < 0.6 ? p.distractor! : others[Math.floor(rand() * others.length)]!;
    return { score: 0, choice: wrong };
  }
  if (item.type === 'multiple') {
    const k = key!.split('');
    let choice: string | null;
    if (rand() < logistic(a * (theta - b))) choice = key;
    else {
      const r = rand();
      const kept = k.filter(() => rand() < 0.6);
      if (kept.length === k.length) kept.pop();
      if (r < 0.5) choice = (kept.length ? kept : [k[Math.floor(rand() * k.length)]!]).sort().join('');
      else if (r < 0.985) {
        const wrongs = LETTERS.filter((l) => !k.includes(l));
        choice = [...kept, wrongs[Math.floor(rand() * wrongs.length)]!].sort().join('');
      } else choice = null;
    }
    if (choice === null) return { score: 0, choice: null };
    const q = { type: item.type, fullScore: item.full, step, answer: key, partialScore: item.partial ?? null };
    return { score: scoreChoice(q, choice), choice };
  }
  const wobble = normal(rand) * (item.type === 'fill' ? 0.5 : 0.6);
  if (item.type === 'fill' || item.type === 'judge') {
    const blanks = item.blanks ?? 1;
    const right = binomial(rand, blanks, logistic(a * (theta - b) + wobble));
    return { score: round2((right * item.full) / blanks), choice: null };
  }
  const [lo, hi] = item.essay ? [0.5, 0.9] : WRITTEN.has(p.course) ? [0.2, 0.95] : [0, 1];
  const prob = lo + (hi - lo) * logistic(a * (theta - b) + wobble);
  const steps = Math.round(item.full / step);
  return { score: round2(binomial(rand, steps, prob) * step), choice: null };
}

// ---------------------------------------------------------------- exams

export interface PlannedSubject {
  courseCode: string;
  courseName: string;
  fullScore: number;
  questions: QuestionInput[];
  /** Students absent in this subject (including the whole-exam absentees). */
  absent: number[];
  /** Score rows as parallel arrays: student, question index (into questions), points, option letters. */
  studentIds: number[];
  questionIndex: number[];
  scores: number[];
  choices: (string | null)[];
}

export interface PlannedExam {
  examIndex: number;
  /** Students absent in every subject of the exam. */
  wholeAbsent: number[];
  subjects: PlannedSubject[];
}

export interface PlanOptions {
  seed?: number;
  /** Students never made absent (the demo student account should have scores to show). */
  neverAbsent?: ReadonlySet<number>;
  /** Traits to reuse across exams (computed from the students otherwise). */
  traits?: Map<number, StudentTraits>;
}

/** Picks count distinct elements of list (deterministic for the same rand state). */
function pickDistinct<T>(rand: Rand, list: readonly T[], count: number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < count && pool.length) out.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]!);
  return out;
}

/** Questions, absences and every score of one demo exam (examIndex 0 月考, 1 期中, 2 期末) for the given students. */
export function planDemoExam(examIndex: number, students: readonly PlanStudent[], options: PlanOptions = {}): PlannedExam {
  const seed = options.seed ?? DEMO_EXAM_SEED;
  const traits = options.traits ?? studentTraits(students, seed);
  const ordered = [...students].sort((a, b) => a.studentId - b.studentId);
  const candidates = ordered.filter((s) => !options.neverAbsent?.has(s.studentId)).map((s) => s.studentId);

  const absentRand = mulberry32(seedOf(seed, 'absent', examIndex));
  const wholeAbsent = pickDistinct(absentRand, candidates, absentRand() < 0.5 ? 1 : 2).sort((a, b) => a - b);
  const present = candidates.filter((id) => !wholeAbsent.includes(id));

  const subjects = DEMO_PAPERS.map((paper): PlannedSubject => {
    const { params, questions } = itemParams(paper, examIndex, seed);
    const absent = [...wholeAbsent, ...pickDistinct(absentRand, present, Math.floor(absentRand() * 4))].sort((a, b) => a - b);
    const absentSet = new Set(absent);
    const rand = mulberry32(seedOf(seed, 'scores', examIndex, paper.code));
    const out: PlannedSubject = {
      courseCode: paper.code, courseName: paper.name, fullScore: paper.full, questions, absent,
      studentIds: [], questionIndex: [], scores: [], choices: [],
    };
    for (const s of ordered) {
      if (absentSet.has(s.studentId)) continue;
      const t = traits.get(s.studentId);
      if (!t) throw new Error(`no traits for student ${s.studentId}`);
      const theta = abilityOf(t, s.classNo, examIndex, paper.code) + normal(rand) * 0.25;
      params.forEach((p, qi) => {
        const { score, choice } = answer(rand, p, theta);
        out.studentIds.push(s.studentId);
        out.questionIndex.push(qi);
        out.scores.push(score);
        out.choices.push(choice);
      });
    }
    return out;
  });
  return { examIndex, wholeAbsent, subjects };
}
