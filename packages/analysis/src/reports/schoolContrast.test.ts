import { describe, expect, it } from 'vitest';
import { buildSchoolContrast, schoolRanks } from './schoolContrast.js';

/*
 * Expected values computed outside the project with python3 (statistics.stdev is the sample SD):
 *
 * import statistics as st, math
 * data = [('A',95,180),('A',82,150),('A',60,130),('A',None,None),('B',88,170),('B',55,100),('B',25,50),('C',70,140),('C',70,125),('C',95,185)]
 * def rank(vals): return [None if v is None else 1+sum(1 for w in vals if w is not None and w>v) for v in vals]
 * for col,(full,rates) in enumerate([(100,[('优秀',80,False),('及格',60,False),('低分',30,True)]),(200,[('优秀',160,False),('及格',120,False),('低分',60,True)])]):
 *     vals=[d[1+col] for d in data]; rk=rank(vals)
 *     sit=[v for v in vals if v is not None]; jm=sum(sit)/len(sit)
 *     print('col',col,'ranks',rk,'joint n',len(sit),'mean',jm,'sd',st.stdev(sit))
 *     cuts=[math.ceil(p*len(sit)) for p in (0.1,0.2,0.3,0.5)]
 *     print(' cuts',cuts,'joint bands',[sum(1 for r in rk if r is not None and r<=c) for c in cuts])
 *     for s in 'ABC':
 *         xs=[v for d,v in zip(data,vals) if d[0]==s and v is not None]
 *         rs=[r for d,r in zip(data,rk) if d[0]==s and r is not None]
 *         m=sum(xs)/len(xs)
 *         print(' ',s,len(xs),m,st.stdev(xs),(m-jm)/jm,[sum(1 for x in xs if (x<t if b else x>=t)) for _,t,b in rates],[sum(1 for r in rs if r<=c) for c in cuts])
 *     for s in 'ABC':
 *         idx=[i for i,d in enumerate(data) if d[0]==s]
 *         print('  school ranks',s,rank([vals[i] for i in idx]))
 *
 * Output (数学, then 总分):
 * col 0 ranks [1, 4, 7, None, 3, 8, 9, 5, 5, 1] joint n 9 mean 71.11111111111111 sd 22.519127672072717
 *  cuts [1, 2, 3, 5] joint bands [2, 2, 3, 6]
 *   A 3 79.0 17.69180601295413 0.11093749999999995 [2, 3, 0] [1, 1, 1, 2]
 *   B 3 56.0 31.51190251317746 -0.21250000000000002 [1, 1, 1] [0, 0, 1, 1]
 *   C 3 78.33333333333333 14.433756729740644 0.10156249999999989 [1, 3, 0] [1, 1, 1, 3]
 *   school ranks A [1, 2, 3, None] / B [1, 2, 3] / C [2, 2, 1]
 * col 1 ranks [2, 4, 6, None, 3, 8, 9, 5, 7, 1] joint n 9 mean 136.66666666666666 sd 42.64680527307995
 *  cuts [1, 2, 3, 5] joint bands [1, 2, 3, 5]
 *   A 3 153.33333333333334 25.166114784235834 0.12195121951219527 [1, 3, 0] [0, 1, 1, 2]
 *   B 3 106.66666666666667 60.27713773341708 -0.21951219512195114 [1, 1, 1] [0, 0, 1, 1]
 *   C 3 150.0 31.22498999199199 0.09756097560975617 [1, 3, 0] [1, 1, 1, 2]
 *   school ranks A [1, 2, 3, None] / B [1, 2, 3] / C [2, 3, 1]
 */
const data: [string, number | null, number | null][] = [
  ['A', 95, 180], ['A', 82, 150], ['A', 60, 130], ['A', null, null], ['B', 88, 170], ['B', 55, 100], ['B', 25, 50], ['C', 70, 140], ['C', 70, 125], ['C', 95, 185],
];
const mathRanks = [1, 4, 7, null, 3, 8, 9, 5, 5, 1];
const totalRanks = [2, 4, 6, null, 3, 8, 9, 5, 7, 1];
const levels = (full: number) => [
  { key: 'excellent', name: '优秀', thresholdScore: 0.8 * full, below: false },
  { key: 'pass', name: '及格', thresholdScore: 0.6 * full, below: false },
  { key: 'low', name: '低分', thresholdScore: 0.3 * full, below: true },
];
const input = {
  schools: [{ id: 'A', name: '甲校' }, { id: 'B', name: '乙校' }, { id: 'C', name: '丙校' }],
  columns: [
    { code: 'SX', name: '数学', fullScore: 100, isTotal: false, rates: levels(100) },
    { code: 'TOTAL', name: '总分', fullScore: 200, isTotal: true, rates: levels(200) },
  ],
  students: data.map(([s, m, t], i) => ({ schoolId: s, scores: [m, t], ranks: [mathRanks[i]!, totalRanks[i]!] })),
};

describe('buildSchoolContrast (校际对比)', () => {
  const [math, total] = buildSchoolContrast(input);
  it('joint figures: sitting count, mean, SD, bands with ties at the cut', () => {
    expect(math!.joint.count).toBe(9);
    expect(math!.joint.mean).toBeCloseTo(71.11111111111111, 10);
    expect(math!.joint.sd).toBeCloseTo(22.519127672072717, 10);
    expect(math!.joint.bands.map((b) => [b.label, b.maxRank, b.count])).toEqual([['前10%', 1, 2], ['前20%', 2, 2], ['前30%', 3, 3], ['前50%', 5, 6]]);
    expect(total!.joint.bands.map((b) => b.count)).toEqual([1, 2, 3, 5]);
  });
  it('per school: count, mean, SD, 超均率, mean rank, rates and joint rank bands', () => {
    const row = (t: typeof math, id: string) => t!.rows.find((r) => r.schoolId === id)!;
    const expected: [typeof math, string, number, number, number, number, number, number[], number[]][] = [
      [math, 'A', 3, 79, 17.69180601295413, 0.11093749999999995, 1, [2, 3, 0], [1, 1, 1, 2]],
      [math, 'B', 3, 56, 31.51190251317746, -0.21250000000000002, 3, [1, 1, 1], [0, 0, 1, 1]],
      [math, 'C', 3, 78.33333333333333, 14.433756729740644, 0.10156249999999989, 2, [1, 3, 0], [1, 1, 1, 3]],
      [total, 'A', 3, 153.33333333333334, 25.166114784235834, 0.12195121951219527, 1, [1, 3, 0], [0, 1, 1, 2]],
      [total, 'B', 3, 106.66666666666667, 60.27713773341708, -0.21951219512195114, 3, [1, 1, 1], [0, 0, 1, 1]],
      [total, 'C', 3, 150, 31.22498999199199, 0.09756097560975617, 2, [1, 3, 0], [1, 1, 1, 2]],
    ];
    for (const [t, id, n, m, sd, omr, rank, rates, bands] of expected) {
      const r = row(t, id);
      expect(r.count).toBe(n);
      expect(r.mean).toBeCloseTo(m, 10);
      expect(r.sd).toBeCloseTo(sd, 10);
      expect(r.overMeanRate).toBeCloseTo(omr, 10);
      expect(r.meanRank).toBe(rank);
      expect(r.rates.map((x) => x.count)).toEqual(rates);
      expect(r.rates[0]!.share).toBeCloseTo(rates[0]! / n, 12);
      expect(r.bands.map((x) => x.count)).toEqual(bands);
    }
  });
  it('a school with nobody sitting has no mean, no rank and null shares', () => {
    const [t] = buildSchoolContrast({ ...input, schools: [...input.schools, { id: 'D', name: '丁校' }] });
    const d = t!.rows.find((r) => r.schoolId === 'D')!;
    expect([d.count, d.mean, d.sd, d.overMeanRate, d.meanRank, d.rates[0]!.share, d.bands[0]!.share]).toEqual([0, null, null, null, null, null, null]);
  });
});

describe('schoolRanks (校内排名)', () => {
  it('ranks each student inside its school, absent → null', () => {
    const r = schoolRanks(input.students, 2);
    expect(r.map((x) => x[0])).toEqual([1, 2, 3, null, 1, 2, 3, 2, 2, 1]);
    expect(r.map((x) => x[1])).toEqual([1, 2, 3, null, 1, 2, 3, 2, 3, 1]);
  });
});
