import { describe, expect, it } from 'vitest';
import { scoresFromRows, type ScoreRow, type StudentInput, type SubjectInput } from '../model.js';
import { extremeGroupRates } from '../stats/discriminationIndex.js';
import { buildPaper } from './paper.js';
import { prepareExam } from './prepare.js';

// LSAT-6 (Bock & Lieberman 1970, Psychometrika 35: "Fitting a response model for n dichotomously scored
// items"; R package ltm, data set `LSAT`): 1,000 examinees, 5 items scored 0/1, as 32 response patterns with
// their frequencies. Item marginals 924, 709, 553, 763, 870 (Bock & Lieberman, Table 1) — checked below.
const LSAT6: [string, number][] = [
  ['00000', 3], ['00001', 6], ['00010', 2], ['00011', 11], ['00100', 1], ['00101', 1], ['00110', 3], ['00111', 4],
  ['01000', 1], ['01001', 8], ['01010', 0], ['01011', 16], ['01100', 0], ['01101', 3], ['01110', 2], ['01111', 15],
  ['10000', 10], ['10001', 29], ['10010', 14], ['10011', 81], ['10100', 3], ['10101', 28], ['10110', 15], ['10111', 80],
  ['11000', 16], ['11001', 56], ['11010', 21], ['11011', 173], ['11100', 11], ['11101', 61], ['11110', 28], ['11111', 298],
];

// Expected D per item, worked by hand from the table by total score (not by this code's sorting):
//   total score:   0    1    2    3    4    5
//   students:      3   20   85  237  357  298     (n = 1,000; g = ⌈0.27 · 1000⌉ = 270)
//   item correct among the students of each total (items 1–5):
//     total 1: 10, 1, 1, 2, 6        total 2: 62, 24, 7, 28, 49      total 3: 212, 109, 63, 139, 188
//   Upper group: the 298 students on 5 are all tied at the cut (none strictly above), each of weight 270/298;
//     they answered every item correctly → 高分组得分率 = 1 for every item.
//   Lower group: totals 0–2 (3 + 20 + 85 = 108 students) fully; the 237 tied on 3 share the remaining
//     270 − 108 = 162, i.e. 162/237 each. Lower score rate of item j = (c₀₋₂ + 162/237 · c₃) / 270:
//     item 1: (72 + 162·212/237) / 270 = 952/1185   = 0.80337552742616…  → D = 233/1185   = 0.19662447257384
//     item 2: (25 + 162·109/237) / 270 = 7861/21330 = 0.36854195968120…  → D = 13469/21330 = 0.63145804031880
//     item 3: ( 8 + 162· 63/237) / 270 = 2017/10665 = 0.18912330051571…  → D = 8648/10665  = 0.81087669948428
//     item 4: (30 + 162·139/237) / 270 = 1646/3555  = 0.46300984528833…  → D = 1909/3555   = 0.53699015471167
//     item 5: (55 + 162·188/237) / 270 = 14497/21330 = 0.67965307079231… → D = 6833/21330  = 0.32034692920769
//   (fractions reduced by hand and checked with Python's fractions.Fraction from the same per-total table).
// Under the former tie-break by admission number, which 162 of the 237 entered the lower group decided D:
// item 2 could move by up to (109 − 34)/270 = 0.28.
const EXPECTED = [
  { lower: 952 / 1185, d: 233 / 1185 },
  { lower: 7861 / 21330, d: 13469 / 21330 },
  { lower: 2017 / 10665, d: 8648 / 10665 },
  { lower: 1646 / 3555, d: 1909 / 3555 },
  { lower: 14497 / 21330, d: 6833 / 21330 },
];

const subject: SubjectInput = { code: 'LS', name: 'LSAT-6', questions: [1, 2, 3, 4, 5].map((k) => ({ no: String(k), type: 'fill' as const, fullScore: 1 })) };

/** Deterministic shuffle (mulberry32) so a failure can be replayed. */
function shuffled<T>(list: T[], seed: number): T[] {
  let a = seed >>> 0;
  const rnd = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const patterns = LSAT6.flatMap(([p, f]) => Array.from({ length: f }, () => [...p].map(Number)));

/** The 1,000 students with admission numbers `admission[i]` (pattern order otherwise fixed). */
function lsatExam(admission: string[]) {
  const students: StudentInput[] = patterns.map((_, i) => ({ id: `s${i}`, admissionNo: admission[i]!, name: `考生${i}`, classId: 'c1', className: '1班' }));
  const rows: ScoreRow[] = patterns.map((points, i) => ({ studentId: `s${i}`, subjectCode: 'LS', points }));
  return prepareExam({ students, subjects: [subject], scores: scoresFromRows(students, [subject], rows) });
}

const numbering = (seed: number) => shuffled(patterns.map((_, i) => String(20260001 + i)), seed);

describe('LSAT-6: order-free discrimination D (27 % groups, ties at the cut share weight)', () => {
  it('the fixture is the published table (1,000 examinees, item marginals 924, 709, 553, 763, 870)', () => {
    expect(patterns.length).toBe(1000);
    expect([0, 1, 2, 3, 4].map((j) => patterns.reduce((a, p) => a + p[j]!, 0))).toEqual([924, 709, 553, 763, 870]);
    const byTotal = [0, 0, 0, 0, 0, 0];
    patterns.forEach((p) => byTotal[p.reduce((a, b) => a + b, 0)]!++);
    expect(byTotal).toEqual([3, 20, 85, 237, 357, 298]);
  });

  it('engine D, 高分组 and 低分组得分率 equal the hand-worked values', () => {
    const [paper] = buildPaper(lsatExam(numbering(1)));
    paper!.questions.forEach((q, j) => {
      expect(q.upperRate).toBeCloseTo(1, 12);
      expect(q.lowerRate).toBeCloseTo(EXPECTED[j]!.lower, 12);
      expect(q.discrimination).toBeCloseTo(EXPECTED[j]!.d, 12);
    });
    const totals = patterns.map((p) => p.reduce((a, b) => a + b, 0));
    EXPECTED.forEach((e, j) => expect(extremeGroupRates(patterns.map((p) => p[j]!), totals, 1)!.d).toBeCloseTo(e.d, 12));
  });

  it('permutation: shuffling the admission numbers leaves every D unchanged', () => {
    const base = buildPaper(lsatExam(numbering(1)))[0]!.questions.map((q) => [q.upperRate, q.lowerRate, q.discrimination]);
    for (const seed of [2, 3, 4, 5, 6]) {
      const other = buildPaper(lsatExam(numbering(seed)))[0]!.questions.map((q) => [q.upperRate, q.lowerRate, q.discrimination]);
      other.forEach((row, j) => row.forEach((v, k) => expect(v).toBeCloseTo(base[j]![k]!, 12)));
    }
    // Reversed numbering (the extreme case of the former tie-break) too.
    const rev = buildPaper(lsatExam(patterns.map((_, i) => String(20261000 - i))))[0]!.questions;
    rev.forEach((q, j) => expect(q.discrimination).toBeCloseTo(EXPECTED[j]!.d, 12));
  });
});
