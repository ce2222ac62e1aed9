import { describe, expect, it } from 'vitest';
import type { AnalysisInput, SubjectScores } from '../model.js';
import { buildAllReports, prepareExam, reportBuilders } from './index.js';
import { newWorkedExam } from './testFixture.js';

/** The input restricted to some students by copying their rows of every matrix (what `rows` saves). */
function copySubset(base: AnalysisInput, keep: number[]): AnalysisInput {
  const scores: Record<string, SubjectScores> = {};
  for (const sub of base.subjects) {
    const sc = base.scores[sub.code]!;
    const Q = sub.questions.length;
    const points = new Float64Array(keep.length * Q);
    const choices = new Uint32Array(keep.length * Q);
    keep.forEach((i, k) => {
      for (let j = 0; j < Q; j++) {
        points[k * Q + j] = sc.points[i * Q + j]!;
        choices[k * Q + j] = sc.choices?.[i * Q + j] ?? 0;
      }
    });
    scores[sub.code] = { points, choices, ...(sc.subjectTotals ? { subjectTotals: Float64Array.from(keep, (i) => sc.subjectTotals![i]!) } : {}) };
  }
  return { ...base, students: keep.map((i) => base.students[i]!), scores };
}

/** The same subset read in place through `rows`. */
function viewSubset(base: AnalysisInput, keep: number[]): AnalysisInput {
  const scores: Record<string, SubjectScores> = {};
  for (const [code, sc] of Object.entries(base.scores)) scores[code] = { ...sc, rows: Int32Array.from(keep) };
  return { ...base, students: keep.map((i) => base.students[i]!), scores };
}

/** The worked exam with a 选做 question left unanswered (NaN) and one subject of imported totals only. */
function exam(): AnalysisInput {
  const base = newWorkedExam({ lines: [{ name: '一本', share: 0.5 }] });
  const points = Float64Array.from(base.scores['YW']!.points);
  points[1 * 3 + 2] = NaN;
  const totals = Float64Array.of(80, 75, 91, 60, 88, 70, 0);
  return {
    ...base,
    subjects: [...base.subjects, { code: 'YY', name: '英语', fullScore: 100, questions: [] }],
    scores: { ...base.scores, YW: { ...base.scores['YW']!, points }, YY: { points: new Float64Array(0), subjectTotals: totals } },
  };
}

describe('SubjectScores.rows (a subset of students read in place)', () => {
  it.each([[[1, 2, 4, 5, 6]], [[0, 3, 4]], [[5, 0, 2, 1]]])('gives every report of the subset %j exactly as a copy of its rows', (keep) => {
    const base = exam();
    const copied = JSON.stringify(buildAllReports(copySubset(base, keep)));
    expect(JSON.stringify(buildAllReports(viewSubset(base, keep)))).toBe(copied);
    // a view differs from the whole exam's reports (the test can fail)
    expect(JSON.stringify(buildAllReports(base))).not.toBe(copied);
  });

  it('reportBuilders builds, one report at a time, what buildAllReports builds at once', () => {
    const prepared = prepareExam(exam());
    const builders = reportBuilders(prepared);
    const one = Object.fromEntries(Object.entries(builders).reverse().map(([k, build]) => [k, build()]));
    const all = buildAllReports(prepareExam(exam()));
    expect(Object.keys(builders)).toEqual(Object.keys(all));
    for (const k of Object.keys(all)) expect(JSON.stringify(one[k])).toBe(JSON.stringify(all[k as keyof typeof all]));
  });
});
