import { describe, expect, it } from 'vitest';
import { buildAllReports, prepareExam, addDimension } from './index.js';
import { buildClassComparison } from './classComparison.js';
import { buildGGroups } from './gGroups.js';
import { buildOnline } from './online.js';
import { buildOverview } from './overview.js';
import { buildPaper } from './paper.js';
import { buildQuartiles } from './quartiles.js';
import { buildRankSegments } from './rankSegments.js';
import { buildRateCritical } from './rateCritical.js';
import { buildScoreSegments } from './scoreSegments.js';
import { buildStudentAnalysis } from './student.js';
import { buildSubjectComparison } from './subjectComparison.js';
import { buildTranscript } from './transcript.js';
import { assertNoNaN, newStudent, newWorkedExam, SX, YW } from './testFixture.js';
import { cronbachAlpha } from '../stats/cronbachAlpha.js';
import { discriminationIndex } from '../stats/discriminationIndex.js';
import { itemTotalCorrectedCorrelation } from '../stats/itemTotalCorrectedCorrelation.js';
import { kr20 } from '../stats/kr20.js';

// Expected values of the worked exam (testFixture.ts) computed by an independent Python 3.11 program
// (statistics module; competition rank = 1 + #{better}; quantile type 7 by its formula; D with
// g = ceil(0.27 n) on (−total, admission number) order; r = statistics.correlation(item, total − item)):
//   语文 (full 20) scores s1 19, s2 15, s3 13, s4 16, s5 5; ranks s1 1, s4 2, s2 3, s3 4, s5 5
//     mean 13.6, sd 5.272570530585627, median 15, q1 13, q3 16, max 19, min 5
//     rates 优秀 (≥16) 0.4, 良好 (≥14) 0.6, 及格 (≥12) 0.8, 低分 (<6) 0.2
//     c1 n 3 mean 15.666666666666666 超均率 0.15196078431372548 sd 3.0550504633038935
//     c2 n 2 mean 10.5 超均率 −0.2279411764705882 sd 7.7781745930520225
//     α 0.6151079136690649; paper difficulty 0.68; SEM = sd·√(1 − α) = 3.2710854467592245 (Python math.sqrt)
//     q1 mean 1.8 P 0.6 sd 1.6431676725154984 g 2 D 1.0 r 0.6254738722522785
//     q2 mean 2 P 0.5 sd 2.0 D 0.0 r 0.16444837862006798
//     q3 mean 9.8 P 0.7538461538461539 sd 3.1144823004794873 D 0.4230769230769231 r 0.7070523778949737
//   数学 (full 10) scores s1 10, s2 6, s3 7, s4 9, s5 3, s6 6; ranks s1 1, s4 2, s3 3, s2 4, s6 4, s5 6
//     mean 6.833333333333333 sd 2.48327740429189 median 6.5 q1 6.0 q3 8.5
//     rates 0.3333333333333333, 0.5, 0.8333333333333334, 0
//     c1 mean 7.666666666666667 超均率 0.12195121951219522; c2 mean 6 超均率 −0.12195121951219508
//     α 0.5189189189189192; paper difficulty 0.6833333333333333; SEM 1.7224014243685082
//     q1 r 0.4140393356054125; q2 r 0.4140393356054125
//     D by hand, g = ⌈0.27·6⌉ = 2: upper s1 (10), s4 (9); lower s5 (3), then s2 and s6 tied on 6 share the
//       remaining weight 1 → ½ each. q1 (full 2): upper (2 + 2)/2 = 2, lower (0 + ½·0 + ½·2)/2 = 0.5 → D 0.75;
//       q2 (full 8): upper (8 + 7)/2 = 7.5, lower (3 + ½·6 + ½·4)/2 = 4 → D 3.5/8 = 0.4375
//       (score rates: q1 upper 1, lower 0.25; q2 upper 0.9375, lower 0.5)
//   总分 (s1..s5 only: s6 missed 语文) s1 29, s4 25, s2 21, s3 20, s5 8; mean 20.6 sd 7.893034904268446
//     median 21 q1 20 q3 25
const exam = () => prepareExam(newWorkedExam());

describe('overview', () => {
  it('per subject and total, absent students excluded and listed apart', () => {
    const o = buildOverview(exam());
    const [yw, sx, total] = o.rows;
    expect([yw.code, sx.code, total.code]).toEqual(['YW', 'SX', 'total']);
    expect([yw.sat, yw.absent, sx.sat, sx.absent, total.sat, total.absent]).toEqual([5, 2, 6, 1, 5, 2]);
    expect(yw.fullScore).toBe(20);
    expect(yw.mean).toBeCloseTo(13.6, 12);
    expect(yw.sd).toBeCloseTo(5.272570530585627, 12);
    expect([yw.median, yw.q1, yw.q3, yw.max, yw.min]).toEqual([15, 13, 16, 19, 5]);
    expect(yw.scoreRate).toBeCloseTo(0.68, 12);
    expect(yw.rates.map((r) => r.share)).toEqual([0.4, 0.6, 0.8, 0.2]);
    expect(sx.mean).toBeCloseTo(6.833333333333333, 12);
    expect(sx.sd).toBeCloseTo(2.48327740429189, 12);
    expect([sx.median, sx.q1, sx.q3]).toEqual([6.5, 6, 8.5]);
    sx.rates.forEach((r, k) => expect(r.share).toBeCloseTo([0.3333333333333333, 0.5, 0.8333333333333334, 0][k], 12));
    expect(total.fullScore).toBe(30);
    expect(total.mean).toBeCloseTo(20.6, 12);
    expect(total.sd).toBeCloseTo(7.893034904268446, 12);
    expect([total.median, total.q1, total.q3]).toEqual([21, 20, 25]);
    expect(o.absentStudents).toEqual([
      { studentId: 's6', admissionNo: 'A006', name: '学生s6', className: '2班', subjects: ['YW'] },
      { studentId: 's7', admissionNo: 'A007', name: '学生s7', className: '3班', subjects: ['YW', 'SX'] },
    ]);
  });
});

describe('transcript', () => {
  it('rows by total rank, absent from the total after, competition ranks per class and grade', () => {
    const t = buildTranscript(exam());
    expect(t.columns.map((c) => c.code)).toEqual(['YW', 'SX', 'total']);
    expect(t.rows.map((r) => r.studentId)).toEqual(['s1', 's4', 's2', 's3', 's5', 's6', 's7']);
    const byId = Object.fromEntries(t.rows.map((r) => [r.studentId, r]));
    expect(byId.s1.scores).toEqual([19, 10, 29]);
    expect(byId.s2.gradeRanks).toEqual([3, 4, 3]);
    expect(byId.s6.scores).toEqual([null, 6, null]);
    expect(byId.s6.gradeRanks).toEqual([null, 4, null]); // ties with s2 on 6 → both 4 (RANK.EQ)
    expect(byId.s6.classRanks).toEqual([null, 2, null]); // c2 数学: s4 9, s6 6, s5 3
    expect(byId.s5.classRanks).toEqual([2, 3, 2]);
    expect(byId.s7.scores).toEqual([null, null, null]);
    expect(byId.s1.schoolRanks).toBeUndefined();
  });
});

describe('class comparison', () => {
  it('means, 超均率, mean ranks; the empty class gives nulls', () => {
    const [yw, sx, total] = buildClassComparison(exam());
    const [c1, c2, c3] = yw.rows;
    expect(c1.mean).toBeCloseTo(15.666666666666666, 12);
    expect(c1.overMeanRate).toBeCloseTo(0.15196078431372548, 12);
    expect(c1.sd).toBeCloseTo(3.0550504633038935, 12);
    expect(c2.mean).toBeCloseTo(10.5, 12);
    expect(c2.overMeanRate).toBeCloseTo(-0.2279411764705882, 12);
    expect(c2.sd).toBeCloseTo(7.7781745930520225, 12);
    expect([c1.meanRank, c2.meanRank, c3.meanRank]).toEqual([1, 2, null]);
    expect([c3.count, c3.absent, c3.mean, c3.sd, c3.max, c3.overMeanRate]).toEqual([0, 1, null, null, null, null]);
    expect(c3.rates.every((r) => r.share === null)).toBe(true);
    expect(c2.absent).toBe(1);
    expect(sx.rows[0].overMeanRate).toBeCloseTo(0.12195121951219522, 12);
    expect(sx.rows[1].overMeanRate).toBeCloseTo(-0.12195121951219508, 12);
    expect(total.reference.mean).toBeCloseTo(20.6, 12);
  });
  it('subject comparison: strongest / weakest subject by 超均率', () => {
    const s = buildSubjectComparison(exam());
    expect(s.rows[0].strongest).toBe('YW'); // c1: 0.152 vs 0.122
    expect(s.rows[0].weakest).toBe('SX');
    expect(s.rows[1].weakest).toBe('YW'); // c2: −0.228 vs −0.122
    expect(s.rows[2]).toMatchObject({ strongest: null, weakest: null });
  });
});

describe('paper analysis', () => {
  it('per question mean, 得分率, D, r, options; paper difficulty and α', () => {
    const [yw, sx] = buildPaper(exam());
    expect(yw.n).toBe(5);
    expect(yw.alpha).toBeCloseTo(0.6151079136690649, 12);
    expect(yw.difficulty).toBeCloseTo(0.68, 12);
    expect(yw.kr20).toBeNull();
    expect(yw.sem).toBeCloseTo(3.2710854467592245, 12);
    expect(sx.sem).toBeCloseTo(1.7224014243685082, 12);
    const [q1, q2, q3] = yw.questions;
    expect(q1.mean).toBeCloseTo(1.8, 12);
    expect(q1.scoreRate).toBeCloseTo(0.6, 12);
    expect(q1.sd).toBeCloseTo(1.6431676725154984, 12);
    expect(q1.discrimination).toBeCloseTo(1, 12);
    expect(q1.discriminationQuality).toBe('很好');
    expect(q1.correlation).toBeCloseTo(0.6254738722522785, 12);
    expect(q2.discrimination).toBeCloseTo(0, 12);
    expect(q2.correlation).toBeCloseTo(0.16444837862006798, 12);
    expect(q2.correlationQuality).toBe('差');
    expect(q3.scoreRate).toBeCloseTo(0.7538461538461539, 12);
    expect(q3.sd).toBeCloseTo(3.1144823004794873, 12);
    expect(q3.discrimination).toBeCloseTo(0.4230769230769231, 12);
    expect(q3.correlation).toBeCloseTo(0.7070523778949737, 12);
    expect(q3.options).toBeUndefined();
    // 单选 key A: A ×3 (s1, s2, s4), B ×1, C ×1
    expect(q1.options?.options.map((o) => o.count)).toEqual([3, 1, 1, 0]);
    expect(q1.options?.keyMarked.share).toBeCloseTo(0.6, 12);
    // 多选 key AC: AC ×2, A ×1, blank ×1 (s4), BD ×1
    expect(q2.options?.keyMarked.count).toBe(2);
    expect(q2.options?.blank.count).toBe(1);
    expect(q2.options?.multiple.count).toBe(3);
    expect(q2.options?.options.map((o) => o.marked)).toEqual([3, 1, 2, 1]);
    // class means of q3: c1 (12+10+9)/3 = 31/3, c2 (13+5)/2 = 9, c3 none
    expect(q3.unitMeans[0]).toBeCloseTo(31 / 3, 12);
    expect(q3.unitMeans.slice(1)).toEqual([9, null]);
    expect(sx.alpha).toBeCloseTo(0.5189189189189192, 12);
    expect(sx.difficulty).toBeCloseTo(0.6833333333333333, 12);
    expect(sx.questions[0]).toMatchObject({ upperRate: 1, lowerRate: 0.25, discrimination: 0.75 });
    expect(sx.questions[1]).toMatchObject({ upperRate: 0.9375, lowerRate: 0.5, discrimination: 0.4375 });
    expect(sx.questions[0].correlation).toBeCloseTo(0.4140393356054125, 12);
    // 判断 key A: A ×4 (s1, s3, s4, s6), B ×1, AB ×1 (multiple); two options shown
    expect(sx.questions[0].options?.options.map((o) => o.count)).toEqual([4, 1]);
    expect(sx.questions[0].options?.multiple.count).toBe(1);
  });
  it('the one-pass report values equal the plain stats functions', () => {
    const ex = exam();
    const [yw] = buildPaper(ex);
    const col = ex.subjects[0];
    const present = Array.from(col.order).sort((a, b) => a - b);
    const items = YW.questions.map((_, j) => present.map((i) => (col.scores?.points[i * 3 + j] as number) ?? 0));
    const totals = present.map((i) => col.score[i]);
    expect(yw.alpha).toBeCloseTo(cronbachAlpha(items) as number, 12);
    YW.questions.forEach((q, j) => {
      expect(yw.questions[j].discrimination).toBeCloseTo(discriminationIndex(items[j], totals, q.fullScore) as number, 12);
      expect(yw.questions[j].correlation).toBeCloseTo(itemTotalCorrectedCorrelation(items[j], totals) as number, 12);
    });
  });
  it('KR-20 reported for an all-0/1 paper and equal to kr20()', () => {
    // The 6 × 5 worked example of itemAnalysis.test.ts (Python: 0.7142857142857144).
    const K = [
      [1, 1, 1, 1, 0],
      [1, 1, 0, 1, 0],
      [1, 0, 0, 0, 0],
      [1, 1, 1, 1, 1],
      [0, 1, 0, 0, 0],
      [1, 1, 1, 0, 0],
    ];
    const students = K.map((_, i) => newStudent(`s${i + 1}`, 'c1'));
    const subject = { code: 'WL', name: '物理', questions: K[0].map((_, j) => ({ no: String(j + 1), type: 'fill' as const, fullScore: 1 })) };
    const ex = prepareExam({ students, subjects: [subject], scores: { WL: { points: K.flat() } } });
    const [p] = buildPaper(ex);
    expect(p.kr20).toBeCloseTo(0.7142857142857144, 12);
    expect(p.kr20).toBeCloseTo(kr20(K[0].map((_, j) => K.map((r) => r[j]))) as number, 12);
  });
});

describe('segments, G-groups, quartiles, rate critical', () => {
  it('score segments from full down, per class; total width 50 ≥ full → one segment', () => {
    const [yw, , total] = buildScoreSegments(exam());
    expect(yw.segments.map((s) => s.label)).toEqual(['10-20', '0-10']);
    expect(yw.grade).toEqual([
      { count: 4, cumulative: 4 },
      { count: 1, cumulative: 5 },
    ]);
    expect(yw.units[1].cells).toEqual([
      { count: 1, cumulative: 1 },
      { count: 1, cumulative: 2 },
    ]);
    expect(total.width).toBe(50);
    expect(total.segments.map((s) => s.label)).toEqual(['0-30']);
  });
  it('rank segments by grade rank', () => {
    const [, sx] = buildRankSegments(exam());
    expect(sx.grade[0]).toMatchObject({ label: '前10名', count: 6, cumulative: 6 });
    expect(sx.units.map((u) => u.segments[0].count)).toEqual([3, 3, 0]);
  });
  it('G-groups: N = 5 → groups of 1; per class counts; subject means of each group', () => {
    const g = buildGGroups(exam());
    expect(g.groups.map((x) => x.size)).toEqual([1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
    expect(g.groups[0]).toMatchObject({ name: 'G1', maxTotal: 29, minTotal: 29, means: [19, 10, 29] });
    expect(g.groups[9]).toMatchObject({ name: 'G10', maxTotal: null, means: [null, null, null] });
    expect(g.units.map((u) => u.counts.slice(0, 5))).toEqual([
      [1, 0, 1, 1, 0],
      [0, 1, 0, 0, 1],
      [0, 0, 0, 0, 0],
    ]);
  });
  it('quartile bands against the grade quartiles (total: q1 20, median 21, q3 25)', () => {
    const [, , total] = buildQuartiles(exam());
    expect(total.grade).toMatchObject({ q1: 20, median: 21, q3: 25, iqr: 5, bands: [2, 1, 1, 1] });
    expect(total.units[0].bands).toEqual([1, 1, 1, 0]); // c1: 29, 21, 20
    expect(total.units[1].bands).toEqual([1, 0, 0, 1]); // c2: 25, 8
    expect(total.units[2]).toMatchObject({ count: 0, q1: null, iqr: null, bands: [0, 0, 0, 0] });
  });
  it('five-rate critical students within the buffer of each threshold', () => {
    // 语文 优秀 threshold 16, buffer 2: below [14, 16): 15 (s2); above [16, 18]: 16 (s4)
    const [yw] = buildRateCritical(exam(), { buffer: 2 });
    const exc = yw.levels[0];
    expect(exc.thresholdScore).toBe(16);
    expect(exc.grade).toEqual({ reached: 2, below: 1, above: 1 });
    expect(exc.students.map((s) => [s.studentId, s.gap])).toEqual([
      ['s4', 0],
      ['s2', -1],
    ]);
    expect(exc.units.map((u) => [u.below, u.above])).toEqual([
      [1, 0],
      [0, 1],
      [0, 0],
    ]);
  });
});

describe('online lines', () => {
  // line from share 0.4: N = 5, place ceil(2) = 2 → 25 (s4); on line s1, s4
  //   语文 有效分 round(mean(19, 16) × 25 / mean(29, 25)) = round(17.5 × 25 / 27 = 16.2037) = 16
  //   数学 有效分 round(9.5 × 25 / 27 = 8.7963) = 9
  //   单上线 语文 (≥16): s1, s4 → 2, 双上线 2; 数学 (≥9): s1 (10), s4 (9) → 2
  it('line, 有效分, 单/双上线, per class', () => {
    const ex = prepareExam(newWorkedExam({ lines: [{ name: '一线', share: 0.4 }, { name: '20分线', score: 20 }] }));
    const [line, fixed] = buildOnline(ex, { buffer: 4 });
    expect(line).toMatchObject({ name: '一线', score: 25, source: 'share', share: 0.4, online: 2 });
    expect(line.subjects.map((s) => s.effectiveScore)).toEqual([16, 9]);
    expect(line.subjects[0].grade).toEqual({ online: 2, single: 2, double: 2, hitRate: 1, contributionRate: 1 });
    expect(line.units.map((u) => [u.sat, u.online])).toEqual([
      [3, 1],
      [2, 1],
      [0, 0],
    ]);
    expect(line.units[2].share).toBeNull();
    // critical: |total − 25| ≤ 4 → 29 (s1), 25 (s4), 21 (s2)
    expect(line.critical.map((c) => c.studentId)).toEqual(['s1', 's4', 's2']);
    expect(fixed).toMatchObject({ name: '20分线', score: 20, source: 'score', online: 4 });
  });
});

describe('student analysis', () => {
  // Reference ranks s1 2, s4 1, s2 5, s3 3, s5 4 → change = last − this: s1 +1, s4 −1, s2 +2, s3 −1, s5 −1
  it('progress, top/bottom, up/low per class, weak subjects', () => {
    const ref = { name: '上次月考', ranks: new Map(Object.entries({ s1: { total: 2 }, s4: { total: 1 }, s2: { total: 5 }, s3: { total: 3 }, s5: { total: 4 } })) };
    const r = buildStudentAnalysis(exam(), { reference: ref, rules: { topNumber: 2, bottomNumber: 1 } });
    expect(r.students.map((s) => [s.studentId, s.change])).toEqual([
      ['s1', 1],
      ['s4', -1],
      ['s2', 2],
      ['s3', -1],
      ['s5', -1],
    ]);
    const [c1, c2, c3] = r.units;
    expect(c1.top.map((s) => s.studentId)).toEqual(['s1', 's2']);
    expect(c1.bottom.map((s) => s.studentId)).toEqual(['s3']);
    expect(c1.up.map((s) => s.studentId)).toEqual(['s2', 's1']);
    expect(c1.low.map((s) => s.studentId)).toEqual(['s3']);
    expect(c2.up).toEqual([]);
    expect(c2.low.map((s) => s.studentId)).toEqual(['s4', 's5']);
    expect(c3).toMatchObject({ top: [], bottom: [], up: [], low: [] });
    // s2: 语文 rank 3, 数学 4, total 3 → gaps [0, 1], weak 数学; s3: [0, −1] → strong 数学
    const s2 = r.students.find((s) => s.studentId === 's2');
    expect(s2).toMatchObject({ gaps: [0, 1], weakSubject: 'SX', strongSubject: null });
    expect(r.students.find((s) => s.studentId === 's3')).toMatchObject({ gaps: [0, -1], weakSubject: null, strongSubject: 'SX' });
  });
  it('without a reference exam: no change, no risers', () => {
    const r = buildStudentAnalysis(exam());
    expect(r.students.every((s) => s.change === null && s.lastRank === null)).toBe(true);
    expect(r.units[0].up).toEqual([]);
    expect(r.units[0].top).toHaveLength(3);
  });
});

describe('joint exams: the school is one more grouping', () => {
  it('by school: comparison and school ranks in the transcript', () => {
    const input = newWorkedExam({}, { s1: { schoolId: 'X', schoolName: '一中' }, s2: { schoolId: 'X', schoolName: '一中' }, s3: { schoolId: 'X', schoolName: '一中' }, s4: { schoolId: 'Y', schoolName: '二中' }, s5: { schoolId: 'Y', schoolName: '二中' }, s6: { schoolId: 'Y', schoolName: '二中' }, s7: { schoolId: 'Y', schoolName: '二中' } });
    const ex = prepareExam(input);
    const [yw] = buildClassComparison(ex, { by: 'school' });
    expect(yw.rows.map((r) => r.unitName)).toEqual(['一中', '二中']);
    expect(yw.rows[0].mean).toBeCloseTo(15.666666666666666, 12);
    expect(yw.rows[1].overMeanRate).toBeCloseTo(-0.2279411764705882, 12);
    const t = buildTranscript(ex);
    expect(t.rows.find((r) => r.studentId === 's5')?.schoolRanks).toEqual([2, 3, 2]);
  });
  it('any key can be a dimension (addDimension)', () => {
    const ex = exam();
    addDimension(ex, 'parity', (s) => ({ id: String(Number(s.id.slice(1)) % 2), name: Number(s.id.slice(1)) % 2 ? '单号' : '双号' }));
    const [yw] = buildClassComparison(ex, { by: 'parity' });
    // 单号 s1 19, s3 13, s5 5 → mean 37/3; 双号 s2 15, s4 16 → 15.5
    expect(yw.rows.map((r) => r.unitName)).toEqual(['单号', '双号']);
    expect(yw.rows[0].mean).toBeCloseTo(37 / 3, 12);
    expect(yw.rows[1].mean).toBeCloseTo(15.5, 12);
    expect(() => buildClassComparison(ex, { by: 'nothing' })).toThrow(/unknown dimension/);
  });
});

describe('edge cases: never NaN / Infinity', () => {
  const lines = { lines: [{ name: '线', share: 0.5 }, { name: '固定', score: 10 }] };
  it('the worked exam, all reports', () => {
    assertNoNaN(buildAllReports(newWorkedExam(lines), { by: 'class' }));
  });
  it('one student: SD, α, D, r are null', () => {
    const students = [newStudent('s1', 'c1')];
    const ex = prepareExam({ students, subjects: [YW, SX], scores: { YW: { points: [3, 4, 12] }, SX: { points: [2, 8] } }, settings: lines });
    const all = buildAllReports(ex);
    assertNoNaN(all);
    expect(all.overview.rows[2]).toMatchObject({ sat: 1, mean: 29, sd: null, median: 29, q1: 29, q3: 29 });
    expect(all.paper[0]).toMatchObject({ alpha: null, n: 1 });
    expect(all.paper[0].questions[0]).toMatchObject({ discrimination: null, correlation: null, sd: null, mean: 3 });
    expect(all.online[0].score).toBe(29);
    expect(all.transcript.rows[0].gradeRanks).toEqual([1, 1, 1]);
  });
  it('all equal: SD 0, r and α null (no variance), everyone rank 1', () => {
    const students = [1, 2, 3].map((k) => newStudent(`s${k}`, 'c1'));
    const pts = [3, 4, 10, 3, 4, 10, 3, 4, 10];
    const ex = prepareExam({ students, subjects: [YW], scores: { YW: { points: pts } }, settings: lines });
    const all = buildAllReports(ex);
    assertNoNaN(all);
    expect(all.overview.rows[0]).toMatchObject({ mean: 17, sd: 0 });
    expect(all.paper[0].alpha).toBeNull();
    expect(all.paper[0].questions[2]).toMatchObject({ correlation: null, discrimination: 0 });
    expect(all.transcript.rows.map((r) => r.gradeRanks[0])).toEqual([1, 1, 1]);
    expect(all.classComparison[0].rows[0].overMeanRate).toBe(0);
  });
  it('all absent: counts 0, everything else null', () => {
    const students = [1, 2].map((k) => newStudent(`s${k}`, 'c1', { absent: ['YW', 'SX'] }));
    const ex = prepareExam({ students, subjects: [YW, SX], scores: {}, settings: lines });
    const all = buildAllReports(ex);
    assertNoNaN(all);
    expect(all.overview.rows[0]).toMatchObject({ sat: 0, absent: 2, mean: null, sd: null, max: null, median: null, scoreRate: null });
    expect(all.overview.absentStudents).toHaveLength(2);
    expect(all.paper[0]).toMatchObject({ n: 0, alpha: null, mean: null, difficulty: null });
    expect(all.paper[0].questions[0].options?.n).toBe(0);
    expect(all.online[0]).toMatchObject({ score: null, online: 0 });
    expect(all.transcript.rows.map((r) => r.scores)).toEqual([
      [null, null, null],
      [null, null, null],
    ]);
    expect(all.gGroups.groups.every((g) => g.size === 0)).toBe(true);
  });
  it('no students at all', () => {
    const all = buildAllReports({ students: [], subjects: [YW, SX], scores: {}, settings: lines });
    assertNoNaN(all);
    expect(all.transcript.rows).toEqual([]);
  });
  it('bad points (NaN, Infinity) count 0 for a present student', () => {
    const students = [newStudent('s1', 'c1'), newStudent('s2', 'c1')];
    const ex = prepareExam({ students, subjects: [SX], scores: { SX: { points: [NaN, 5, 2, Infinity] } } });
    expect(Array.from(ex.subjects[0].score)).toEqual([5, 2]);
    assertNoNaN(buildAllReports(ex));
  });
  it('a subject without questions takes subjectTotals', () => {
    const students = [newStudent('s1', 'c1'), newStudent('s2', 'c1')];
    const ex = prepareExam({ students, subjects: [{ code: 'TY', name: '体育', fullScore: 50, questions: [] }], scores: { TY: { points: [], subjectTotals: [45, 38] } } });
    expect(Array.from(ex.total.score)).toEqual([45, 38]);
    assertNoNaN(buildAllReports(ex));
  });
});

