import { describe, expect, it } from 'vitest';
import { prepareExam } from './index.js';
import { buildPaper, knowledgePointSummary } from './paper.js';
import { newWorkedExam } from './testFixture.js';

// The worked exam of testFixture.ts with knowledge points; expected values worked out by hand:
//   语文 (s6, s7 absent → 5 sitting): q1 [基础] points 3,3,0,3,0 → mean 9/5 = 1.8 (full 3)
//     q2 [基础, 阅读] points 4,2,4,0,0 → mean 10/5 = 2 (full 4); q3 [阅读] 12,10,9,13,5 → 49/5 = 9.8 (full 13)
//     基础: q1 q2, full 3+4 = 7, mean 1.8+2 = 3.8, 得分率 3.8/7 = 0.542857142857142857…
//     阅读: q2 q3, full 4+13 = 17, mean 2+9.8 = 11.8, 得分率 11.8/17 = 0.694117647058823529…
//   数学 (s7 absent → 6 sitting): q1 [判断, 判断 repeated] points 2,0,2,2,0,2 → 8/6; q2 no knowledge point
//     判断: q1 only, full 2, mean 8/6 = 1.333…, 得分率 (8/6)/2 = 0.666… (counting s7 would give 8/7 ÷ 2)
function examWithKnowledge() {
  const input = newWorkedExam();
  const kp: Record<string, string[][]> = { YW: [['基础'], ['基础', '阅读'], ['阅读']], SX: [['判断', ' 判断 '], []] };
  return prepareExam({
    ...input,
    subjects: input.subjects.map((s) => ({ ...s, questions: s.questions.map((q, j) => ({ ...q, knowledgePoints: kp[s.code]![j]! })) })),
  });
}

describe('paper analysis knowledge points', () => {
  it('passes knowledge points to question rows and sums Σ mean ÷ Σ full per point', () => {
    const [yw, sx] = buildPaper(examWithKnowledge());
    expect(yw.questions.map((q) => q.knowledgePoints)).toEqual([['基础'], ['基础', '阅读'], ['阅读']]);
    expect(yw.knowledgePointSummary.map((k) => [k.knowledgePoint, k.questions, k.fullScore])).toEqual([['基础', ['1', '2'], 7], ['阅读', ['2', '3'], 17]]);
    expect(yw.knowledgePointSummary[0].mean).toBeCloseTo(3.8, 12);
    expect(yw.knowledgePointSummary[0].scoreRate).toBeCloseTo(0.5428571428571428, 12);
    expect(yw.knowledgePointSummary[1].mean).toBeCloseTo(11.8, 12);
    expect(yw.knowledgePointSummary[1].scoreRate).toBeCloseTo(0.6941176470588235, 12);
    expect(sx.knowledgePointSummary).toHaveLength(1);
    expect(sx.knowledgePointSummary[0]).toMatchObject({ knowledgePoint: '判断', questions: ['1'], fullScore: 2 });
    expect(sx.knowledgePointSummary[0].mean).toBeCloseTo(4 / 3, 12);
    expect(sx.knowledgePointSummary[0].scoreRate).toBeCloseTo(2 / 3, 12);
    expect(sx.questions[1].knowledgePoints).toEqual([]);
  });
  it('no knowledge points → empty summary; nobody sitting → null mean and rate', () => {
    const [yw] = buildPaper(prepareExam(newWorkedExam()));
    expect(yw.questions[0].knowledgePoints).toEqual([]);
    expect(yw.knowledgePointSummary).toEqual([]);
    expect(knowledgePointSummary([{ no: '1', fullScore: 5, mean: null, knowledgePoints: ['A'] }]))
      .toEqual([{ knowledgePoint: 'A', questions: ['1'], fullScore: 5, mean: null, scoreRate: null }]);
  });
});
