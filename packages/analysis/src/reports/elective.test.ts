import { describe, expect, it } from 'vitest';
import type { StudentInput } from '../model.js';
import { buildPaper } from './paper.js';
import { prepareExam } from './prepare.js';

// 选做题 (docs/DOMAIN-RULES.md 选做题): question 22 and 23 (10 each) are answered one of; NaN = not chosen.
// Hand-worked expected values:
//   student  Q1  Q22  Q23  total
//   S1        8    6    –    14
//   S2        6    –    9    15
//   S3        4    2    –     6
//   S4       10    –    5    15          subject full = 10 + 1 × 10 = 20; mean total 50 / 4 = 12.5
// Q1: n 4, mean 7, SD √(((1)² + (−1)² + (−3)² + 3²) / 3) = √(20/3) = 2.581988897…, 得分率 0.7
// Q22: chosen by S1, S3: n 2, mean 4, SD √((2² + 2²) / 1) = √8, 得分率 0.4; Q23: S2, S4: n 2, mean 7, SD √8, 0.7
// 27 % groups: g = ⌈0.27 × 4⌉ = 2; upper S2, S4 (15, 15), lower S3, S1 (6, 14).
//   Q1 upper (6 + 10) / 2 / 10 = 0.8, lower (4 + 8) / 2 / 10 = 0.6, D 0.2.
//   Q22: nobody of the upper group chose it → upper null, lower (2 + 6) / 2 / 10 = 0.4, D null.
//   Q23: upper (9 + 5) / 2 / 10 = 0.7, lower null, D null.
// Corrected r of Q22 over S1, S3: item 6, 2 and rest 8, 4 rise together → r = 1 (two points).
// Paper difficulty = mean ÷ full = 12.5 / 20 = 0.625; α undefined with 选做 questions → null.
const students: StudentInput[] = ['S1', 'S2', 'S3', 'S4'].map((id, i) => ({ id, admissionNo: String(i + 1), name: id, classId: i < 2 ? 'c1' : 'c2', className: i < 2 ? '1班' : '2班' }));
const N = NaN;
const points = Float64Array.from([8, 6, N, 6, N, 9, 4, 2, N, 10, N, 5]);

describe('选做题 in the paper analysis', () => {
  const exam = prepareExam({
    students,
    subjects: [{ code: 'SX', name: '数学', fullScore: 20, questions: [
      { no: '1', type: 'subjective', fullScore: 10 }, { no: '22', type: 'subjective', fullScore: 10 }, { no: '23', type: 'subjective', fullScore: 10 },
    ] }],
    scores: { SX: { points } },
  });
  const [paper] = buildPaper(exam);
  const [q1, q22, q23] = paper!.questions;

  it('counts only the chosen question in the subject score', () => {
    expect(Array.from(exam.subjects[0]!.score)).toEqual([14, 15, 6, 15]);
    expect(paper!.mean).toBe(12.5);
  });
  it('counts only the students who chose a question in its figures', () => {
    expect(q1).toMatchObject({ n: 4, mean: 7, scoreRate: 0.7, upperRate: 0.8, lowerRate: 0.6 });
    expect(q1!.sd).toBeCloseTo(Math.sqrt(20 / 3), 12);
    expect(q1!.discrimination).toBeCloseTo(0.2, 12);
    expect(q22).toMatchObject({ n: 2, mean: 4, scoreRate: 0.4, upperRate: null, lowerRate: 0.4, discrimination: null, fullMarks: 0, zeros: 0 });
    expect(q22!.sd).toBeCloseTo(Math.sqrt(8), 12);
    expect(q22!.correlation).toBeCloseTo(1, 12);
    expect(q23).toMatchObject({ n: 2, mean: 7, scoreRate: 0.7, upperRate: 0.7, lowerRate: null });
    // class means of Q22: 1班 only S1 chose it (6); 2班 only S3 (2)
    expect(q22!.unitMeans).toEqual([6, 2]);
    expect(q23!.unitMeans).toEqual([9, 5]);
  });
  it('takes the paper difficulty as mean ÷ full and leaves α undefined', () => {
    expect(paper!.difficulty).toBe(0.625);
    expect(paper!.alpha).toBeNull();
    expect(paper!.kr20).toBeNull();
  });
});
