import { OBJECTIVE_TYPES, type QuestionType } from '../model.js';
import { cronbachAlphaFromVariances } from '../stats/cronbachAlpha.js';
import { difficulty } from '../stats/difficulty.js';
import { extremeGroups } from '../stats/discriminationIndex.js';
import { discriminationQuality, type DiscriminationQuality } from '../stats/discriminationQuality.js';
import { correctedCorrelationFromMoments } from '../stats/itemTotalCorrectedCorrelation.js';
import { encodeChoice, OptionTally, type OptionDistribution } from '../stats/optionDistribution.js';
import { paperDifficulty } from '../stats/paperDifficulty.js';
import { standardErrorOfMeasurement } from '../stats/standardErrorOfMeasurement.js';
import { dimensionOf, type DimensionKey, type PreparedExam } from './prepare.js';

export interface QuestionAnalysis {
  no: string;
  type: QuestionType;
  fullScore: number;
  answer?: string;
  /** Knowledge points of the question (empty when none were set). */
  knowledgePoints: string[];
  /** Students who sat the subject. */
  n: number;
  mean: number | null;
  sd: number | null;
  /** 得分率 = difficulty P = mean ÷ full (objective: share fully correct when scored 0/full). */
  scoreRate: number | null;
  /** 高分组得分率 / 低分组得分率: weighted mean ÷ full of the upper / lower 27 % by subject score (ties at a cut share weight). */
  upperRate: number | null;
  lowerRate: number | null;
  /** D = upperRate − lowerRate (order-free: never depends on admission numbers). */
  discrimination: number | null;
  discriminationQuality: DiscriminationQuality | null;
  /** Corrected item–total correlation r(item, subject − item). */
  correlation: number | null;
  correlationQuality: DiscriminationQuality | null;
  fullMarks: number;
  zeros: number;
  /** Objective questions only. */
  options?: OptionDistribution;
  /** Mean per unit (same order as PaperTable.units). */
  unitMeans: (number | null)[];
}

export interface PaperTable {
  code: string;
  name: string;
  fullScore: number;
  n: number;
  mean: number | null;
  sd: number | null;
  /** Σ(Pᵢ × fullᵢ) ÷ paper full. */
  difficulty: number | null;
  /** Cronbach's α; null below 2 questions / 2 students or with zero variance. */
  alpha: number | null;
  /** KR-20 when every question is scored 0/1, else null. */
  kr20: number | null;
  /** Standard error of measurement SEM = SD·√(1 − α); null without α or SD. */
  sem: number | null;
  units: { unitId: string; unitName: string; n: number }[];
  questions: QuestionAnalysis[];
  /** Per knowledge point, in order of first appearance in the paper. */
  knowledgePointSummary: KnowledgePointSummary[];
}

/** 知识点得分率: the questions testing a knowledge point taken together. */
export interface KnowledgePointSummary {
  knowledgePoint: string;
  /** Numbers of the questions that test it, in paper order. */
  questions: string[];
  /** Σ full score of those questions. */
  fullScore: number;
  /** Σ question means (students who sat the subject); null when nobody sat it. */
  mean: number | null;
  /** Σ mean ÷ Σ full; null when nobody sat or the full score is 0. */
  scoreRate: number | null;
}

/**
 * Groups question rows by knowledge point (blank names skipped, a point repeated on one question counted once).
 * Pure; O(Σ knowledge points).
 */
export function knowledgePointSummary(questions: readonly Pick<QuestionAnalysis, 'no' | 'fullScore' | 'mean' | 'knowledgePoints'>[]): KnowledgePointSummary[] {
  const acc = new Map<string, { questions: string[]; full: number; mean: number; hasMean: boolean }>();
  for (const q of questions) {
    for (const raw of new Set(q.knowledgePoints.map((k) => k.trim()))) {
      if (!raw) continue;
      let a = acc.get(raw);
      if (!a) acc.set(raw, (a = { questions: [], full: 0, mean: 0, hasMean: true }));
      a.questions.push(q.no);
      a.full += Number.isFinite(q.fullScore) ? q.fullScore : 0;
      if (q.mean === null) a.hasMean = false;
      else a.mean += q.mean;
    }
  }
  return [...acc].map(([knowledgePoint, a]) => ({
    knowledgePoint,
    questions: a.questions,
    fullScore: a.full,
    mean: a.hasMean ? a.mean : null,
    scoreRate: a.hasMean && a.full > 0 ? a.mean / a.full : null,
  }));
}

/**
 * 试卷分析: per subject, each question's mean, SD, 得分率, 高分组 / 低分组得分率, D, corrected r and their quality bands, full-mark
 * and zero counts, option distribution (objective questions) and unit means; the paper's difficulty,
 * Cronbach's α, SEM and (all questions 0/1) KR-20; the 知识点 summary (knowledgePointSummary).
 * Two sequential sweeps over the score matrix per subject (sums, then centred moments); D reads only the
 * extreme 27 % groups of the subject's order (weighted at the cuts, see extremeGroups). The one-pass formulas
 * are tested against the plain stats functions (cronbachAlpha, itemTotalCorrectedCorrelation, discriminationIndex, kr20).
 */
export function buildPaper(exam: PreparedExam, options: { by?: DimensionKey } = {}): PaperTable[] {
  const dim = dimensionOf(exam, options.by ?? 'class');
  const U = dim.units.length;
  const unitOf = dim.unitOf;
  const N = exam.students.length;
  return exam.subjects.map((col) => {
    const Q = col.questions.length;
    const n = col.order.length;
    const score = col.score;
    const points = col.scores?.points ?? [];
    const choices = col.scores?.choices;
    const rows = col.scores?.rows;
    const full = Float64Array.from(col.questions, (q) => q.fullScore);
    const objective = col.questions.map((q) => OBJECTIVE_TYPES.includes(q.type));
    const tallies = col.questions.map((q, j) => (objective[j] ? new OptionTally(encodeChoice(q.answer)) : null));
    const sum = new Float64Array(Q);
    const fullMarks = new Int32Array(Q);
    const zeros = new Int32Array(Q);
    const dichotomous = new Uint8Array(Q).fill(1);
    const unitN = new Int32Array(U);
    const unitSums = new Float64Array(U * Q);
    const hist = new Int32Array(Q * 256);
    // per question: students with a score (NaN = an unchosen 选做 question: no score), their subject-score sum
    const nq = new Int32Array(Q);
    const tq = new Float64Array(Q);
    const unitNq = new Int32Array(U * Q);
    let totalSum = 0;
    // Sweep 1: sums, counts, unit sums, option tallies.
    for (let i = 0; i < N; i++) {
      const t = score[i];
      if (t !== t) continue;
      totalSum += t;
      const g = unitOf[i];
      if (g >= 0) unitN[g]++;
      const base = (rows ? rows[i] : i) * Q;
      const ub = g * Q;
      for (let j = 0; j < Q; j++) {
        const p = points[base + j];
        if (p !== p) continue;
        const v = p !== Infinity && p !== -Infinity && p !== undefined ? p : 0;
        nq[j]++;
        tq[j] += t;
        sum[j] += v;
        if (v >= full[j]) fullMarks[j]++;
        if (v === 0) zeros[j]++;
        else if (v !== 1) dichotomous[j] = 0;
        if (g >= 0) {
          unitSums[ub + j] += v;
          unitNq[ub + j]++;
        }
      }
      if (choices) {
        for (let j = 0; j < Q; j++) {
          if (!objective[j]) continue;
          const c = choices[base + j];
          // Masks of the first 8 options go to a histogram; rarer wide masks straight to the tally.
          if (c >= 0 && c < 256 && (c | 0) === c) hist[j * 256 + c]++;
          else (tallies[j] as OptionTally).add(c);
        }
      }
    }
    const m = Float64Array.from(sum, (x, j) => (nq[j] > 0 ? x / nq[j] : NaN));
    const mt = n > 0 ? totalSum / n : NaN;
    const mtq = Float64Array.from(tq, (x, j) => (nq[j] > 0 ? x / nq[j] : NaN));
    /** Some student has no score on a question (a 选做 question): per-question figures count only those who have one. */
    let partial = false;
    for (let j = 0; j < Q; j++) if (nq[j] !== n) partial = true;
    // Sweep 2: centred sums of squares and cross-products with the subject score (over the question's students).
    const ss = new Float64Array(Q);
    const sp = new Float64Array(Q);
    const sstq = new Float64Array(Q);
    let sst = 0;
    for (let i = 0; i < N; i++) {
      const t = score[i];
      if (t !== t) continue;
      const dt = t - mt;
      sst += dt * dt;
      const base = (rows ? rows[i] : i) * Q;
      for (let j = 0; j < Q; j++) {
        const p = points[base + j];
        if (p !== p) continue;
        const d = (p !== Infinity && p !== -Infinity && p !== undefined ? p : 0) - m[j];
        const dq = t - mtq[j];
        ss[j] += d * d;
        sp[j] += d * dq;
        sstq[j] += dq * dq;
      }
    }
    // D: weighted item sums over the upper and lower 27 % (whole rows, so each student's row is read once).
    const groups = extremeGroups(col.order, score);
    const g27 = groups.g;
    const hiSum = new Float64Array(Q);
    const loSum = new Float64Array(Q);
    // weights of the members who have a score on the question (= g27 when everyone has one)
    const hiW = new Float64Array(Q);
    const loW = new Float64Array(Q);
    if (n >= 2) {
      for (const [group, acc, wsum] of [[groups.upper, hiSum, hiW], [groups.lower, loSum, loW]] as const) {
        for (let k = 0; k < group.members.length; k++) {
          const i = group.members[k];
          const base = (rows ? rows[i] : i) * Q;
          const w = group.weights[k];
          for (let j = 0; j < Q; j++) {
            const p = points[base + j];
            if (p !== p) continue;
            acc[j] += w * cleanPoint(p);
            wsum[j] += w;
          }
        }
      }
    }
    const questions: QuestionAnalysis[] = col.questions.map((q, j) => {
      const nj = nq[j];
      const whole = nj === n;
      const hw = whole ? g27 : hiW[j];
      const lw = whole ? g27 : loW[j];
      const ok = nj >= 2 && q.fullScore > 0;
      const upperRate = ok && hw > 0 ? hiSum[j] / hw / q.fullScore : null;
      const lowerRate = ok && lw > 0 ? loSum[j] / lw / q.fullScore : null;
      const d = upperRate !== null && lowerRate !== null ? upperRate - lowerRate : null;
      const r = nj >= 2 ? correctedCorrelationFromMoments(ss[j], whole ? sst : sstq[j], sp[j]) : null;
      const mean = nj > 0 ? m[j] : null;
      const row: QuestionAnalysis = {
        no: q.no,
        type: q.type,
        fullScore: q.fullScore,
        knowledgePoints: q.knowledgePoints ? [...q.knowledgePoints] : [],
        n: nj,
        mean,
        sd: nj >= 2 ? Math.sqrt(ss[j] / (nj - 1)) : null,
        scoreRate: difficulty(mean, q.fullScore),
        upperRate,
        lowerRate,
        discrimination: d,
        discriminationQuality: discriminationQuality(d),
        correlation: r,
        correlationQuality: discriminationQuality(r),
        fullMarks: fullMarks[j],
        zeros: zeros[j],
        unitMeans: dim.units.map((_, g) => (unitNq[g * Q + j] > 0 ? unitSums[g * Q + j] / unitNq[g * Q + j] : null)),
      };
      if (q.answer !== undefined) row.answer = q.answer;
      const tally = tallies[j];
      if (tally) {
        if (!choices) tally.addMany(0, n);
        for (let c = 0; c < 256; c++) tally.addMany(c, hist[j * 256 + c]);
        row.options = tally.result(q.type === 'judge' ? 2 : 4);
      }
      return row;
    });
    let sumSs = 0;
    for (let j = 0; j < Q; j++) sumSs += ss[j];
    // α (and KR-20, SEM) need every student scored on every question: not defined with 选做 questions
    const alpha = n >= 2 && !partial ? cronbachAlphaFromVariances(Q, sumSs, sst) : null;
    return {
      code: col.code,
      name: col.name,
      fullScore: col.fullScore,
      n,
      mean: col.summary.mean,
      sd: col.summary.sd,
      // with 选做 questions Σ Pᵢ·fullᵢ counts a group twice: the paper mean ÷ the paper full score (the same figure otherwise)
      difficulty: partial ? difficulty(col.summary.mean, col.fullScore)
        : paperDifficulty(questions.map((q) => ({ difficulty: q.scoreRate, fullScore: q.fullScore })), col.fullScore),
      alpha,
      // On 0/1 items KR-20 equals α (Σpq = Σ population variances); kr20() is the tested reference.
      kr20: Q >= 2 && dichotomous.every((x) => x === 1) ? alpha : null,
      sem: standardErrorOfMeasurement(col.summary.sd, alpha),
      units: dim.units.map((u, g) => ({ unitId: u.id, unitName: u.name, n: unitN[g] })),
      questions,
      knowledgePointSummary: knowledgePointSummary(questions),
    };
  });
}

function cleanPoint(p: number): number {
  return p === p && p !== Infinity && p !== -Infinity && p !== undefined ? p : 0;
}
