/** Pure check of 设置给分点 (tested in pointSum.test.ts). */

/** Points of a question that do not add up to its full score: the warning shown beside it, else null. */
export function pointSumProblem(q: { fullScore: number; points: { fullScore: number }[] }): string | null {
  if (!q.points.length) return null;
  const sum = q.points.reduce((a, p) => a + Math.round(p.fullScore * 100), 0) / 100;
  return sum === q.fullScore ? null : `给分点分值之和（${sum}分）须等于本题满分（${q.fullScore}分）`;
}
