/**
 * Generated Chinese comments (评语分析) from a report's numbers. Pure functions: numbers in, text out; null
 * numbers ("—") are left out of the sentence rather than printed.
 */

import { formatNumber, formatRate } from '@jz/shared';

/** 85.333 → '85.33', 85.10 → '85.1', 85 → '85' (the shared rule, packages/shared format.ts). */
export function fmt(v: number, digits = 2): string {
  return formatNumber(v, digits);
}
/** A share as the shared rate rule prints it: 0.0301 → '3.01%'. */
const pct = (v: number) => formatRate(v);

export interface ClassCommentInput {
  className: string;
  /** '总分' or a subject name. */
  courseName: string;
  mean: number | null;
  gradeMean: number | null;
  /** 超均率 (class mean − grade mean) ÷ grade mean. */
  overMeanRate: number | null;
  meanRank: number | null;
  classCount: number;
  /** Rate levels (优秀, 良好, 及格, 低分…) with their share; null shares are skipped. */
  rates: { name: string; share: number | null; below?: boolean }[];
  strongest?: string | null;
  weakest?: string | null;
}

export function classComment(c: ClassCommentInput): string {
  if (c.mean === null) return `${c.className}${c.courseName}暂无成绩数据。`;
  const parts: string[] = [];
  let first = `${c.className}${c.courseName}平均分 ${fmt(c.mean)} 分`;
  if (c.gradeMean !== null) {
    const diff = c.mean - c.gradeMean;
    const rel = Math.abs(diff) < 0.005 ? '与年级平均分持平' : `${diff > 0 ? '高于' : '低于'}年级平均分 ${fmt(Math.abs(diff))} 分`;
    first += `，${rel}`;
    if (c.overMeanRate !== null && Math.abs(diff) >= 0.005) first += `（超均率 ${pct(c.overMeanRate)}）`;
  }
  if (c.meanRank !== null && c.classCount > 1) first += `，在 ${c.classCount} 个班级中排第 ${c.meanRank} 名`;
  parts.push(`${first}。`);
  const rates = c.rates.filter((r) => r.share !== null).map((r) => `${r.name}${r.below ? '' : '率'} ${pct(r.share as number)}`);
  if (rates.length) parts.push(`${rates.join('，')}。`);
  if (c.meanRank !== null && c.classCount > 1) {
    if (c.meanRank === 1) parts.push('整体表现优秀，请继续保持。');
    else if (c.meanRank > Math.ceil(c.classCount * 0.75)) parts.push('整体排名靠后，建议分析失分原因，加强基础训练。');
  }
  const sw: string[] = [];
  if (c.strongest) sw.push(`优势学科为${c.strongest}`);
  if (c.weakest && c.weakest !== c.strongest) sw.push(`相对薄弱学科为${c.weakest}`);
  if (sw.length) parts.push(`${sw.join('，')}。`);
  return parts.join('');
}

export interface StudentCommentInput {
  name: string;
  /** Total; null = absent from the total. */
  total: number | null;
  gradeRank: number | null;
  gradeCount: number;
  classRank: number | null;
  classCount: number;
  /** Rank change vs the reference exam (positive = up); null without a reference. */
  change: number | null;
  strongSubject?: string | null;
  weakSubject?: string | null;
}

export function studentComment(s: StudentCommentInput): string {
  if (s.total === null) return `${s.name}本次考试有科目缺考，未参与总分排名。`;
  const parts: string[] = [];
  let first = `${s.name}本次考试总分 ${fmt(s.total)} 分`;
  if (s.gradeRank !== null) first += `，年级第 ${s.gradeRank} 名（共 ${s.gradeCount} 人）`;
  if (s.classRank !== null) first += `，班级第 ${s.classRank} 名（共 ${s.classCount} 人）`;
  parts.push(`${first}。`);
  if (s.change !== null) {
    if (s.change > 0) parts.push(`较参照考试进步 ${s.change} 名，值得表扬。`);
    else if (s.change < 0) parts.push(`较参照考试退步 ${-s.change} 名，需要查找原因。`);
    else parts.push('与参照考试名次持平。');
  }
  if (s.strongSubject) parts.push(`优势学科为${s.strongSubject}。`);
  if (s.weakSubject && s.weakSubject !== s.strongSubject) parts.push(`${s.weakSubject}相对薄弱，建议重点加强。`);
  return parts.join('');
}
