import { OBJECTIVE_TYPES, type QuestionType } from '../model.js';
import { cronbachAlpha } from '../stats/cronbachAlpha.js';
import { difficulty } from '../stats/difficulty.js';
import { discriminationIndexFromOrder } from '../stats/discriminationIndex.js';
import { discriminationQuality, type DiscriminationQuality } from '../stats/discriminationQuality.js';
import { itemTotalCorrectedCorrelation } from '../stats/itemTotalCorrectedCorrelation.js';
import { kr20 } from '../stats/kr20.js';
import { mean } from '../stats/mean.js';
import { encodeChoice, optionDistribution, type OptionDistribution } from '../stats/optionDistribution.js';
import { paperDifficulty } from '../stats/paperDifficulty.js';
import { sampleStandardDeviation } from '../stats/sampleStandardDeviation.js';
import { dimensionOf, type DimensionKey, type PreparedExam } from './prepare.js';

export interface QuestionAnalysis {
  no: string;
  type: QuestionType;
  fullScore: number;
  answer?: string;
  /** Students who sat the subject. */
  n: number;
  mean: number | null;
  sd: number | null;
  /** 得分率 = difficulty P = mean ÷ full (objective: share fully correct when scored 0/full). */
  scoreRate: number | null;
  /** D of the 27 % extreme groups (by subject score, ties by admission number). */
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
  units: { unitId: string; unitName: string; n: number }[];
  questions: QuestionAnalysis[];
}

/** 试卷分析: per subject, each question's mean, 得分率, D, r, bands, option distribution; paper difficulty and α. */
export function buildPaper(exam: PreparedExam, options: { by?: DimensionKey } = {}): PaperTable[] {
  const dim = dimensionOf(exam, options.by ?? 'class');
  const U = dim.units.length;
  return exam.subjects.map((col) => {
    const Q = col.questions.length;
    const n = col.order.length;
    const order = col.order;
    const points = col.scores?.points ?? [];
    const choices = col.scores?.choices;
    const items: Float64Array[] = col.questions.map(() => new Float64Array(n));
    const totals = new Float64Array(n);
    const unitN = new Int32Array(U);
    const unitSums = new Float64Array(U * Q);
    for (let k = 0; k < n; k++) {
      const i = order[k];
      totals[k] = col.score[i];
      const g = dim.unitOf[i];
      if (g >= 0) unitN[g]++;
      const base = i * Q;
      for (let j = 0; j < Q; j++) {
        const p = points[base + j];
        const v = p === p && p !== Infinity && p !== -Infinity && p !== undefined ? p : 0;
        items[j][k] = v;
        if (g >= 0) unitSums[g * Q + j] += v;
      }
    }
    const identity = Int32Array.from({ length: n }, (_, k) => k);
    const questions: QuestionAnalysis[] = col.questions.map((q, j) => {
      const item = items[j];
      let fullMarks = 0;
      let zeros = 0;
      for (let k = 0; k < n; k++) {
        if (item[k] >= q.fullScore) fullMarks++;
        if (item[k] === 0) zeros++;
      }
      const m = mean(item);
      const d = discriminationIndexFromOrder(item, identity, q.fullScore);
      const r = itemTotalCorrectedCorrelation(item, totals);
      const row: QuestionAnalysis = {
        no: q.no,
        type: q.type,
        fullScore: q.fullScore,
        n,
        mean: m,
        sd: sampleStandardDeviation(item),
        scoreRate: difficulty(m, q.fullScore),
        discrimination: d,
        discriminationQuality: discriminationQuality(d),
        correlation: r,
        correlationQuality: discriminationQuality(r),
        fullMarks,
        zeros,
        unitMeans: dim.units.map((_, g) => (unitN[g] > 0 ? unitSums[g * Q + j] / unitN[g] : null)),
      };
      if (q.answer !== undefined) row.answer = q.answer;
      if (OBJECTIVE_TYPES.includes(q.type)) {
        const marks = new Uint32Array(n);
        if (choices) for (let k = 0; k < n; k++) marks[k] = choices[order[k] * Q + j] || 0;
        row.options = optionDistribution(marks, encodeChoice(q.answer), q.type === 'judge' ? 2 : 4);
      }
      return row;
    });
    return {
      code: col.code,
      name: col.name,
      fullScore: col.fullScore,
      n,
      mean: col.summary.mean,
      sd: col.summary.sd,
      difficulty: paperDifficulty(questions.map((q) => ({ difficulty: q.scoreRate, fullScore: q.fullScore })), col.fullScore),
      alpha: cronbachAlpha(items),
      kr20: kr20(items),
      units: dim.units.map((u, g) => ({ unitId: u.id, unitName: u.name, n: unitN[g] })),
      questions,
    };
  });
}
