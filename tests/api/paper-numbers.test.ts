import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { firstDemoExam } from '../fixtures/demo-exam.js';
import { buildSmallExam, type SmallExam } from '../fixtures/small-exam.js';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';

/**
 * 试卷分析 beside D: 高分组 / 低分组得分率 and the paper's SEM, through the api, the Excel export and the printed
 * report, and the printed numbers' formatting.
 *
 * Small exam (tests/fixtures/small-exam.ts), 语文 worked by hand: B1 20 (5 + 15), A1 17 (5 + 12), A2 14 (0 + 14),
 * A3 14 (5 + 9), B2 10 (0 + 10); n 5, g = ⌈0.27·5⌉ = 2.
 *   Upper group: B1, A1 (weight 1 each). Lower group: B2 (1), then A2 and A3 tied on 14 share the remaining
 *   weight 1 → ½ each (whatever their 考号: the former tie-break put only the larger 考号 in).
 *   q1 (full 5):  upper (5 + 5)/2 = 5 → 1;      lower (0 + ½·0 + ½·5)/2 = 1.25 → 0.25;   D 0.75
 *   q2 (full 15): upper (15 + 12)/2 = 13.5 → 0.9; lower (10 + ½·14 + ½·9)/2 = 10.75 → 43/60 = 0.71666…; D 0.9 − 43/60 = 11/60
 *   SD: mean 15, squared deviations 4 + 1 + 1 + 25 + 25 = 56 → s² 56/4 = 14 → SD √14.
 *   α: item variances q1 (5,0,5,5,0) 30/4 = 7.5, q2 (12,14,9,15,10) 26/4 = 6.5, Σ 14 = s²(total) → α = 2·(1 − 14/14) = 0
 *   → SEM = √14 · √(1 − 0) = √14 = 3.7416573867739413.
 */
async function readXlsx(buffer: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as never);
  return Object.fromEntries(wb.worksheets.map((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow({ includeEmpty: true }, (row) => { rows.push((row.values as unknown[]).slice(1)); });
    return [ws.name, rows];
  }));
}

/** The visible text of a printed report: without styles and chart SVG (whose path coordinates carry decimals). */
const visibleText = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/g, '').replace(/<svg[\s\S]*?<\/svg>/g, '').replace(/<[^>]+>/g, ' ');

describe.each(dbKinds)('paper analysis numbers on %s', (kind) => {
  const t = useTestApp(kind);
  let exam: SmallExam;

  beforeAll(async () => {
    exam = await buildSmallExam(t, t.admin, '试卷分析数字');
    await releaseExam(t.database.db, exam.examId);
  });

  it('高分组 / 低分组得分率, D and SEM of the hand-worked small exam', async () => {
    const res = await t.call({ url: `/api/v1/paperAnalysis/paper?examId=${exam.examId}&courseCode=YW`, token: t.admin });
    expect(res.body.code, res.body.msg).toBe(200);
    const p = res.body.data;
    const [q1, q2] = p.questions;
    expect(q1.upperRate).toBeCloseTo(1, 12);
    expect(q1.lowerRate).toBeCloseTo(0.25, 12);
    expect(q1.discrimination).toBeCloseTo(0.75, 12);
    expect(q2.upperRate).toBeCloseTo(0.9, 12);
    expect(q2.lowerRate).toBeCloseTo(43 / 60, 12);
    expect(q2.discrimination).toBeCloseTo(11 / 60, 12);
    expect(p.alpha).toBeCloseTo(0, 12);
    expect(p.sem).toBeCloseTo(3.7416573867739413, 12);

    // The export: the same columns, numbers rounded as on the page (rates 4 decimals as shares, SEM 2 decimals).
    const file = await t.app.inject({ url: `/api/v1/paperAnalysis/paper_export?examId=${exam.examId}&courseCode=YW`, headers: { authorization: t.admin } });
    const sheets = await readXlsx(file.rawPayload);
    const [head, summary] = sheets['试卷概况']!;
    expect(summary![head!.indexOf('测量标准误SEM')]).toBe(3.74);
    const items = sheets['小题分析']!;
    const col = (name: string) => items[0]!.indexOf(name);
    expect([items[1]![col('高分组得分率')], items[1]![col('低分组得分率')], items[1]![col('区分度D')]]).toEqual([1, 0.25, 0.75]);
    expect([items[2]![col('高分组得分率')], items[2]![col('低分组得分率')], items[2]![col('区分度D')]]).toEqual([0.9, 0.7167, 0.183]);
  });

  it('the printed 试卷分析 shows the group rates and SEM with the shared rounding', async () => {
    const preview = await t.app.inject({ method: 'POST', url: '/api/v1/render/report_preview', headers: { authorization: t.admin },
      payload: { type: 'report', examId: exam.examId, reports: ['paper'], courseCode: 'YW' } });
    expect(preview.headers['content-type']).toMatch(/text\/html/);
    const text = visibleText(preview.body);
    expect(text).toContain('高分组得分率');
    expect(text).toContain('低分组得分率');
    // 平均分 15, 难度 0.75 (15/20), α 0, SEM √14 → 3.74; q2's 低分组得分率 43/60 → 71.67%
    expect(text).toContain('平均分 15，难度 0.75，信度α 0，测量标准误 SEM 3.74');
    expect(text).toContain('71.67%');
  });

  it('the printed paper analysis of the demo exam has no long decimals (平均分 and SEM checked by SQL)', async () => {
    const demo = await firstDemoExam(t.database.db);
    const preview = await t.app.inject({ method: 'POST', url: '/api/v1/render/report_preview', headers: { authorization: t.admin },
      payload: { type: 'report', examId: demo.exam.id, reports: ['paper'], courseCode: 'SX' } });
    expect(preview.headers['content-type']).toMatch(/text\/html/);
    const text = visibleText(preview.body);
    // The old print: "平均分 74.81147540983606，难度 0.4987431693989071".
    expect(text.match(/\d+\.\d{4,}/g)).toBeNull();
    // Independent figures from SQL: the mean of the sitting students' 数学 scores, and SEM = SD·√(1 − α) with
    // α = k/(k−1)·(1 − Σ var_samp(item) / var_samp(total)) over the question scores (a missing row counts 0).
    const { rows } = await sql<{ mean: string; sem: string }>`
      with present as (
        select exam_student_id as esid, score::float8 as total from student_score
        where exam_id = ${demo.exam.id} and course_code = 'SX' and score is not null
      ), qs as (
        select q.id from question q join exam_subject s on s.id = q.exam_subject_id
        where s.exam_id = ${demo.exam.id} and s.course_code = 'SX' and not q.is_total
      ), cells as (
        select p.esid, qs.id as qid, coalesce(x.score::float8, 0) as v
        from present p cross join qs left join question_score x on x.exam_student_id = p.esid and x.question_id = qs.id
      ), items as (select qid, var_samp(v) as var from cells group by qid),
      totals as (select avg(total) as mean, var_samp(total) as var, stddev_samp(total) as sd from present),
      k as (select count(*)::float8 as k from qs)
      select round(totals.mean::numeric, 2)::text as mean,
        round((totals.sd * sqrt(1 - (k.k / (k.k - 1)) * (1 - (select sum(var) from items) / totals.var)))::numeric, 2)::text as sem
      from totals, k`.execute(t.database.db);
    const trim = (s: string) => s.replace(/\.?0+$/, '');
    expect(text).toContain(`平均分 ${trim(rows[0]!.mean)}，`);
    expect(text).toContain(`测量标准误 SEM ${trim(rows[0]!.sem)}。`);
  });
});
